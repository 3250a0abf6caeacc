import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import './harness/test-env.ts';

/**
 * `npm test`, the fast tier: every test beside the code it tests (data/, pipeline/ logic,
 * publish/ logic, bench/ and harness/ logic, components in jsdom). None starts a browser, builds
 * the site or runs a child process; those live under tests/ and run with `npm run test:e2e`
 * (vitest.e2e.config.ts). docs/testing.md says which tier a new test belongs in.
 */
export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, runs a single file at a time on 2 cores and
    // leaves a third of the machine idle. One more than the cores keeps both busy while a file loads.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{bench,data,harness,node-lib,pipeline,publish,scripts}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/**'],
          setupFiles: ['harness/no-child-processes.ts'],
          // A sharp rendition or an in-process loopback server can wait for a core on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['harness/no-child-processes.ts', 'web/test/setup.ts'],
          // Each test file has its own modules and jsdom document; within a file, every test gets
          // back the spied-on functions and the globals it replaced.
          restoreMocks: true,
          unstubGlobals: true,
          // Component tests wait for states, never for time; a file's first test imports its
          // page's modules afresh, which on a busy 2-core machine can outlast vitest's 5 s default.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
