import path from 'node:path';
import { REPO } from './ingest.ts';
import { runMeasured, type Measured } from './measure.ts';

/** An asset origin for a split build: only its presence matters to the build. */
const BENCH_ASSET_ORIGIN = 'https://photos.example.org/birds/';

/**
 * `npm run build` (node web/prerender/launch.mjs, production) of a photos folder into these
 * folders; with `photosOut`, an asset origin is set and the photos go there.
 */
export async function runBuild(photos: string, generated: string, dist: string, split?: { photosOut: string }): Promise<Measured> {
  const args = ['--photos', photos, '--generated', generated, '--out', dist, '--quiet', ...(split ? ['--photos-out', split.photosOut] : [])];
  const run = await runMeasured(process.execPath, [path.join(REPO, 'web/prerender/launch.mjs'), ...args], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production', ...(split ? { VITE_ASSET_ORIGIN: BENCH_ASSET_ORIGIN } : {}) },
  });
  if (run.exitCode !== 0) throw new Error(`the build exited with ${run.exitCode}: ${run.stderr.slice(-1000)}`);
  return run;
}
