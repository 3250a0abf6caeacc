import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startStaticServer } from './static-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the built sample site served by a plain static server, ending in '/'. */
    siteUrl: string;
    /** Absolute path of the built site (dist/). */
    distDir: string;
  }
}

const repo = fileURLToPath(new URL('../..', import.meta.url));
const distDir = `${repo}dist`;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, BASE_PATH: '' } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Builds the sample site once (as `npm run build` does) and serves dist/ for every
 * E2E test. E2E_REUSE_BUILD=1 skips the build when dist/ exists (local iteration only).
 */
export default async function setup(project: TestProject) {
  if (!(process.env.E2E_REUSE_BUILD === '1' && existsSync(`${distDir}/index.html`))) {
    // `npm run build`: ingest, client and server builds, pre-render of every page.
    run('npx', ['tsx', 'web/prerender/build.ts', '--quiet']);
  }
  const server = await startStaticServer({ root: distDir });
  project.provide('siteUrl', server.url);
  project.provide('distDir', distDir);
  return async () => {
    await server.close();
  };
}
