import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

/**
 * The fast tier's guard (vitest.config.ts's setup file): a test there that starts a child process
 * fails at once, naming the tier it belongs in, instead of quietly slowing every run of `npm test`.
 */
const refuse = (name: string) => () => {
  throw new Error(`${name}: npm test runs no child process; a test that needs one belongs under tests/ (npm run test:e2e, docs/testing.md)`);
};
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(name);
}
syncBuiltinESMExports();
