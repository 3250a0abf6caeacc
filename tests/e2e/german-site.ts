import { spawnSync } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../harness/ingest-tree.ts';
import { copySampleBuild, type SampleBuild } from '../../harness/sample-build-copy.ts';
import { SAMPLE_SPANISH, sharedTaxonomyAbsent, startTaxonomyServer } from '../../harness/taxonomy-server.ts';

/**
 * The sample site built in German, once for every test file that reads it (language.test.ts,
 * local-names.test.ts): `"language": "de"` in site.json, the owner's own words in German, and
 * the birds named in Spanish (`"names": { "language": "es" }`, the taxonomy fetched with
 * `npm run taxonomy -- --locale es` from a loopback stand-in for eBird's API), then
 * `npm run build`. Without the real taxonomy (harness/taxonomy-server.ts) the birds keep their
 * English names and local-names.test.ts is skipped.
 *
 * Built in the E2E work folder beside the sample's build: the first file to ask takes the lock
 * (a folder made atomically) and builds; the others wait for its result file. The global setup
 * removes the folder with the rest (or, with E2E_REUSE_BUILD, keeps a finished one).
 */
export interface GermanSite {
  photos: string;
  generated: string;
  dist: string;
  /** What the ingest reported (its problems' reasons). */
  ingestProblems: string[];
  /** Whether the birds are named in Spanish (the real taxonomy was there to serve). */
  spanishNames: boolean;
}

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The folder of the German build, beside the sample's (the global setup's work folder). */
export const germanSiteFolder = (sampleDist: string) => join(dirname(sampleDist), 'site-de');
const resultFile = (folder: string) => `${folder}.json`;
const failedFile = (folder: string) => `${folder}.failed`;
const lockFolder = (folder: string) => `${folder}.lock`;

/** Removes a German build that never finished (a run stopped while it was built): the global setup calls it. */
export async function removeUnfinishedGermanSite(sampleDist: string): Promise<void> {
  const folder = germanSiteFolder(sampleDist);
  if (existsSync(resultFile(folder))) return;
  await Promise.all([folder, failedFile(folder), lockFolder(folder)].map((path) => rm(path, { recursive: true, force: true })));
}

async function build(sample: SampleBuild, folder: string): Promise<GermanSite> {
  const { photos, generated } = await copySampleBuild(sample, folder);
  const site = JSON.parse(await readFile(join(photos, 'site.json'), 'utf8')) as Record<string, unknown>;
  const spanishNames = !sharedTaxonomyAbsent;
  await writeFile(
    join(photos, 'site.json'),
    JSON.stringify({
      ...site,
      language: 'de',
      ...(spanishNames ? { names: { language: 'es' } } : {}),
      title: 'Alex Rivers · Vogelfotografie',
      description: 'Vogelfotos aus einer persönlichen Artenliste, mit den Kameradaten jeder Aufnahme.',
      gear: ['Nikon Z8 mit NIKKOR Z 180-600mm f/5.6-6.3 VR'],
      trips: [{ name: 'Winterreise, Februar 2014', from: '2014-02-05', to: '2014-02-11' }],
    }),
  );
  if (spanishNames) {
    const taxonomy = await startTaxonomyServer({ es: SAMPLE_SPANISH });
    try {
      const fetched = await runCli(['taxonomy', '--photos', photos, '--out', generated, '--url', taxonomy.url, '--locale', 'es']);
      if (fetched.code !== 0) throw new Error(`npm run taxonomy failed: ${fetched.stderr}`);
    } finally {
      await taxonomy.close();
    }
  }
  // `npm run ingest`, whose report the tests read, then `npm run build`, which finds nothing left to ingest.
  const ingest = await runCli(['ingest', '--photos', photos, '--out', generated, '--concurrency', '2']);
  const ingestProblems = ingest.state.ingest?.problems.all.map((p) => p.reason) ?? [];
  const dist = join(folder, 'dist');
  // As an owner's shell runs `npm run build`: no NODE_ENV, so the production build.
  const env: NodeJS.ProcessEnv = { ...process.env, BASE_PATH: '' };
  delete env.NODE_ENV;
  const built = spawnSync(process.execPath, ['web/prerender/launch.mjs', '--quiet', '--skip-ingest', '--photos', photos, '--generated', generated, '--out', dist], { cwd: repo, encoding: 'utf8', env });
  if (built.status !== 0) throw new Error(`the build failed (${built.status}):\n${built.stdout}\n${built.stderr}`);
  return { photos, generated, dist, ingestProblems, spanishNames };
}

/** Resolves once `file` exists (or `failed` does: then rejects with what it holds). */
async function waitForFile(file: string, failed: string): Promise<void> {
  const watcher = watch(dirname(file));
  try {
    for (;;) {
      // Listened for before the check, so a file written in between is not missed.
      const changed = new Promise<void>((resolve) => watcher.once('change', () => resolve()));
      if (existsSync(failed)) throw new Error(`the German build failed in another test file:\n${await readFile(failed, 'utf8')}`);
      if (existsSync(file)) return;
      await changed;
    }
  } finally {
    watcher.close();
  }
}

/** The German build of the sample: built by the first file to ask, waited for by the others. */
export async function germanSite(sample: SampleBuild & { distDir: string }): Promise<GermanSite> {
  const folder = germanSiteFolder(sample.distDir);
  let owner = true;
  try {
    await mkdir(lockFolder(folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    owner = false;
  }
  if (owner) {
    try {
      const site = await build(sample, folder);
      await writeFile(`${resultFile(folder)}.tmp`, JSON.stringify(site));
      await rename(`${resultFile(folder)}.tmp`, resultFile(folder));
    } catch (error) {
      await writeFile(failedFile(folder), error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
  } else {
    await waitForFile(resultFile(folder), failedFile(folder));
  }
  return JSON.parse(await readFile(resultFile(folder), 'utf8')) as GermanSite;
}
