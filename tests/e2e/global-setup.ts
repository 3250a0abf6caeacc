import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { copySampleLibrary } from '../../harness/sample-library.ts';
import { startStaticServer } from '../../harness/static-server.ts';
import { germanSiteFolder, removeUnfinishedGermanSite } from './german-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the built sample site served by a plain static server, ending in '/'. */
    siteUrl: string;
    /** Absolute path of the built site (the test library's dist/). */
    distDir: string;
    /** Absolute path of the test library's published data (its data/generated/public). */
    publicDir: string;
    /** Absolute path of the build's ingest output (public/ and cache/): copied by tests that build the sample again (harness/sample-build-copy.ts). */
    generatedDir: string;
    /** Absolute path of the photo library the site was built from (the tests' copy of the sample, harness/sample-library.ts). */
    photosDir: string;
  }
}

const repo = fileURLToPath(new URL('../..', import.meta.url));
// One folder per checkout, outside it: the owner's dist/ and data/generated/ are never touched,
// and a run with E2E_REUSE_BUILD finds the build the last such run kept.
const work = join(tmpdir(), `bird-portfolio-e2e-${createHash('sha1').update(repo).digest('hex').slice(0, 12)}`);
const distDir = join(work, 'dist');
const generatedDir = join(work, 'generated');
/** The tests' copy of the sample (harness/sample-library.ts): the tests never write to photos/. */
const photosDir = join(work, 'photos');

function run(command: string, args: string[]) {
  // As an owner's shell runs it: no NODE_ENV (vitest's 'test' would make a development build),
  // so the browser tests read the site visitors get, React's production flavour included.
  const env: NodeJS.ProcessEnv = { ...process.env, BASE_PATH: '' };
  delete env.NODE_ENV;
  const result = spawnSync(command, args, { cwd: repo, encoding: 'utf8', env });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Builds the test library once (as `npm run build` does, into a temporary folder: a production
 * build; React's development checks of the hydration are run by tests/e2e/prerender.test.ts) and serves its
 * dist/ for every E2E test, then removes it. E2E_REUSE_BUILD=1 (local iteration only) skips the
 * build when that dist/ exists, and keeps it for the next run.
 */
export default async function setup(project: TestProject) {
  const reuse = process.env.E2E_REUSE_BUILD === '1';
  if (!(reuse && existsSync(join(distDir, 'index.html')))) {
    await rm(photosDir, { recursive: true, force: true });
    // The German build (./german-site.ts) is made from this one: made again after it.
    await Promise.all(['', '.json', '.failed', '.lock'].map((end) => rm(germanSiteFolder(distDir) + end, { recursive: true, force: true })));
    await copySampleLibrary(photosDir);
    // `npm run build`: ingest, client and server builds, pre-render of every page.
    run(process.execPath, ['web/prerender/launch.mjs', '--quiet', '--photos', photosDir, '--generated', generatedDir, '--out', distDir]);
  }
  await removeUnfinishedGermanSite(distDir);
  const server = await startStaticServer({ root: distDir });
  project.provide('siteUrl', server.url);
  project.provide('distDir', distDir);
  project.provide('publicDir', join(generatedDir, 'public'));
  project.provide('generatedDir', generatedDir);
  project.provide('photosDir', photosDir);
  return async () => {
    await server.close();
    if (!reuse) await rm(work, { recursive: true, force: true });
  };
}
