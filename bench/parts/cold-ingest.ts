import fg from 'fast-glob';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, runBare, runPipeline, scratchDir, type IngestRun } from '../lib/ingest.ts';
import { largeSet, type PhotoSet } from '../lib/photo-set.ts';
import { MB, median, type Row } from '../lib/report.ts';

/** thumbsup, the popular Node gallery generator, end to end on the same kind of photos (the anchor). */
const THUMBSUP_PHOTOS_PER_SECOND = 1;

export async function coldIngestSet(options: BenchOptions, log: Log): Promise<PhotoSet> {
  if (options.photos) {
    const dir = path.resolve(options.photos);
    const photos = await fg('**/*.{jpg,jpeg,png,tif,tiff,webp,avif}', { cwd: path.join(dir, 'life_list'), caseSensitiveMatch: false });
    if (!existsSync(path.join(dir, 'site.json')) || photos.length === 0) throw new Error(`${dir} has no site.json or no photos under life_list/`);
    return { dir, count: photos.length, photos, bytes: 0, description: `${photos.length} photos from ${dir}` };
  }
  if (options.smoke) return largeSet({ kind: 'large', count: 2, width: 1200, height: 800, quality: 92, grain: 28 }, log);
  return options.quick
    ? largeSet({ kind: 'large', count: 4, width: 3000, height: 2000, quality: 92, grain: 28 }, log)
    : largeSet({ kind: 'large', count: 24, width: 6000, height: 4000, quality: 92, grain: 28 }, log);
}

export async function coldIngest(options: BenchOptions, log: Log): Promise<PartResult> {
  const set = await coldIngestSet(options, log);
  const strategies = options.quick ? (['decode-once', 'jpeg-shrink'] as const) : (['decode-once', 'jpeg-shrink', 'per-rendition'] as const);
  const runs: Array<{ pipeline: IngestRun; bare: Record<string, IngestRun>; sameFiles: boolean }> = [];
  for (let i = 0; i < options.ingestRuns; i++) {
    // Interleaved, so a burst of load from elsewhere on the machine hits both sides alike.
    log(`cold ingest run ${i + 1}/${options.ingestRuns}: pipeline on ${set.description}`);
    const pipelineOut = await scratchDir('pipeline');
    const pipeline = await runPipeline(set.dir, pipelineOut, options.concurrency);
    if (pipeline.indexed + (pipeline.failed ?? 0) !== set.count) throw new Error(`the pipeline indexed ${pipeline.indexed} of ${set.count} photos (${pipeline.failed ?? 0} failed)`);
    const bare: Record<string, IngestRun> = {};
    let sameFiles = true;
    for (const strategy of strategies) {
      log(`cold ingest run ${i + 1}/${options.ingestRuns}: bare sharp (${strategy})`);
      const bareOut = await scratchDir('bare');
      bare[strategy] = await runBare(set.dir, bareOut, options.concurrency, strategy);
      sameFiles &&= await sameRenditions(pipelineOut, bareOut);
      await cleanup(bareOut);
    }
    await cleanup(pipelineOut);
    runs.push({ pipeline, bare, sameFiles });
  }

  const measured: ColdMeasured = {
    set: { dir: set.dir, count: set.count, bytes: set.bytes, description: set.description },
    concurrency: options.concurrency,
    // The targets are for the generated 24 MP set, not a smaller one or the owner's photos.
    targeted: !options.photos && !options.quick,
    runs: runs.map((r) => ({
      sameFiles: r.sameFiles,
      pipeline: summary(r.pipeline),
      bare: Object.fromEntries(Object.entries(r.bare).map(([s, run]) => [s, summary(run)])),
    })),
  };
  return { rows: coldRows(measured), details: measured };
}

type RunSummary = ReturnType<typeof summary>;

/** What the cold part measured: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface ColdMeasured {
  set: { dir: string; count: number; bytes: number; description: string };
  concurrency: number;
  targeted: boolean;
  runs: Array<{ sameFiles: boolean; pipeline: RunSummary; bare: Record<string, RunSummary> }>;
}

export function coldRows(m: ColdMeasured): Row[] {
  const { runs, set } = m;
  const pipelineWall = median(runs.map((r) => r.pipeline.wallMs));
  // The limit is the best way the bare script knows: the fastest strategy, run by run.
  const bareBest = runs.map((r) => Object.entries(r.bare).reduce((a, b) => (b[1].wallMs < a[1].wallMs ? b : a)));
  const bareWall = median(bareBest.map(([, run]) => run.wallMs));
  const pipelineRate = (set.count * 1000) / pipelineWall;
  const bareRate = (set.count * 1000) / bareWall;
  const part = 'Cold ingest';
  return [
    { part, metric: 'pipeline', value: pipelineRate, unit: 'photos/s', note: `${set.description}, ${m.concurrency} in flight, median of ${runs.length} run(s)` },
    { part, metric: `bare sharp (${mostCommon(bareBest.map(([s]) => s))})`, value: bareRate, unit: 'photos/s', note: sameRenditionsNote(runs.every((r) => r.sameFiles)) },
    { part, metric: 'pipeline / bare', value: pipelineRate / bareRate, unit: 'x', target: { op: '>=', value: 0.9 } },
    {
      part,
      metric: 'bare / pipeline CPU',
      value: median(bareBest.map(([, run]) => run.cpuMs)) / median(runs.map((r) => r.pipeline.cpuMs)),
      unit: 'x',
      note: "the pipeline's overhead in CPU time, which other processes on the machine disturb less than wall time",
    },
    { part, metric: 'pipeline vs thumbsup (1 photo/s)', value: pipelineRate / THUMBSUP_PHOTOS_PER_SECOND, unit: 'x', target: m.targeted ? { op: '>=', value: 5 } : undefined },
    { part, metric: 'pipeline CPU per photo', value: median(runs.map((r) => r.pipeline.cpuMs)) / set.count, unit: 'ms' },
    { part, metric: 'bare CPU per photo', value: median(bareBest.map(([, run]) => run.cpuMs)) / set.count, unit: 'ms' },
    { part, metric: 'pipeline peak RSS', value: median(runs.map((r) => r.pipeline.peakRssBytes)) / MB, unit: 'MB', target: m.targeted ? { op: '<=', value: 400 } : undefined },
    { part, metric: 'bare peak RSS', value: median(bareBest.map(([, run]) => run.peakRssBytes)) / MB, unit: 'MB' },
  ];
}

function summary(run: IngestRun) {
  return { wallMs: run.wallMs, cpuMs: run.cpuMs, peakRssBytes: run.peakRssBytes, method: run.method, photos: run.indexed, report: run.report };
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

function sameRenditionsNote(same: boolean): string {
  return same
    ? 'same rendition files as the pipeline, same photos in flight, sharp.cache(false)'
    : 'WARNING: the bare script wrote a different set of rendition files than the pipeline; the ratio compares different work';
}

/** Both runs wrote the same rendition file names (manifests and pipeline state aside). */
async function sameRenditions(pipelineOut: string, bareOut: string): Promise<boolean> {
  const list = async (out: string) =>
    (await fg('life_list/**/*', { cwd: path.join(out, 'public'), ignore: ['**/*.json'] })).sort().join('\n');
  return (await list(pipelineOut)) === (await list(bareOut));
}
