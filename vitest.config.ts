import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * No test fetches the real taxonomy: an ingest of a library without one tries loopback port 9
 * instead of eBird's API, and fails at once (tests that fetch serve it from a loopback server of
 * their own). Port 9 (discard) is privileged, so no test's server can take it, and it is on
 * fetch's list of blocked ports, so fetch refuses it before connecting: the ingest reports "bad
 * port" where an owner offline would read ECONNREFUSED (harness/taxonomy-server.ts's closedPortUrl
 * gives the tests of that message a port that refuses). Set in this process, so the E2E global
 * setup's build and every worker and child inherit it.
 */
process.env.PORTFOLIO_TAXONOMY_URL = 'http://127.0.0.1:9/v2/ref/taxonomy/ebird?fmt=csv';


/**
 * One file more than there are cores: most end-to-end files spend part of their time waiting on
 * a browser, a server or a child process (a page's network going quiet, a server starting), which
 * another file's work fills. Every project has this same limit, so vitest runs them all in one
 * group (unit and component files beside the end-to-end ones) instead of one project after another.
 */
const WORKERS = availableParallelism() + 1;

/** The one real run of the benchmark: the longest file by far (a dozen processes, a browser). */
const LONGEST = 'tests/bench/bench-smoke.test.ts';

/**
 * Vitest's order (end-to-end files first, then unit, then component; the longest first when the
 * last run's times are known, the largest otherwise), with the benchmark run started first:
 * the other files run beside it, and the short ones fill every worker at the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.moduleId.endsWith(LONGEST)), ...sorted.filter((f) => !f.moduleId.endsWith(LONGEST))];
  }
}

// Three projects: fast unit tests (data/, pipeline/, the benchmark's own logic), component tests
// in jsdom (web/), and end-to-end tests that build the sample site and drive Debian's Chromium.
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['data/**/*.test.ts', 'harness/**/*.test.ts', 'node-lib/**/*.test.ts', 'pipeline/**/*.test.ts', 'publish/**/*.test.ts', 'tests/pipeline/**/*.test.ts', 'tests/media/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/ci/**/*.test.ts'],
          // The one real run of the benchmark measures the sample site the E2E setup builds.
          exclude: [...configDefaults.exclude, LONGEST],
          maxWorkers: WORKERS,
          // Generous: on a busy 2-core machine a real ingest can wait a long time for a core.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          maxWorkers: WORKERS,
          // Each test file has its own modules and jsdom document; within a file, every test gets
          // back the spied-on functions and the globals it replaced.
          restoreMocks: true,
          unstubGlobals: true,
          // Component tests wait for states, never for time; on a busy 2-core CI machine running the
          // browser tests beside them, a file's first test (its page's modules imported afresh) can
          // take longer than vitest's 5 s default, and much longer on a machine doing other work.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'tests/publish/**/*.test.ts', LONGEST],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Every file works on the one built sample site read-only, or in a temporary folder of its
          // own, so files may run side by side.
          maxWorkers: WORKERS,
          // Tests a file marks concurrent (each with a browser context of its own): a few at a time.
          maxConcurrency: 3,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
