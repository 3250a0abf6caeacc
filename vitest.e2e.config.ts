import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import './harness/test-env.ts';

/**
 * `npm run test:e2e`, the slow tier: what needs a child process, a real ingest, a site build or a
 * browser: the pipeline on real camera files and media (tests/pipeline, tests/media), the
 * harness's servers and browser waits (tests/harness), the built site in Chromium and the hosts'
 * servers (tests/e2e), publishing to a loopback bucket (tests/publish), the benchmark's smoke run.
 */

/**
 * One file more than there are cores: most of these files spend part of their time waiting on
 * a browser, a server or a child process, which another file's work fills.
 */
const WORKERS = availableParallelism() + 1;

/** The one real run of the benchmark: the longest file by far (a dozen processes, a browser). */
const LONGEST = 'tests/bench/bench-smoke.test.ts';

/** Vitest's order (the longest first when the last run's times are known), the benchmark run first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.moduleId.endsWith(LONGEST)), ...sorted.filter((f) => !f.moduleId.endsWith(LONGEST))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'pipeline',
          environment: 'node',
          include: ['tests/{pipeline,media,harness,build,ci,bench}/**/*.test.ts'],
          // The one real run of the benchmark measures the sample site the E2E setup builds.
          exclude: [...configDefaults.exclude, LONGEST],
          maxWorkers: WORKERS,
          // Generous: on a busy 2-core machine a real ingest can wait a long time for a core.
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
