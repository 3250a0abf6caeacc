import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The bird taxonomy the tests place photos by: a small checklist of the sample's species in the
 * vendored layout, so the tests hold whichever edition is vendored (or none). Set in this process,
 * so the E2E global setup's build and every test worker and child process inherit it.
 */
process.env.PORTFOLIO_TAXONOMY = fileURLToPath(new URL('./tests/fixtures/taxonomy/sample-checklist.tsv', import.meta.url));

// Three projects: fast unit tests (data/, node-lib/, pipeline/), component tests in jsdom (web/),
// and end-to-end tests that build the sample site and drive Debian's Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['data/**/*.test.ts', 'node-lib/**/*.test.ts', 'pipeline/**/*.test.ts', 'tests/pipeline/**/*.test.ts'],
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
          // Component tests wait for states, never for time; on a busy 2-core CI machine running the
          // browser tests beside them, a whole lightbox test can take longer than vitest's 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
