import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, REPO, runPipeline, scratchDir } from '../lib/ingest.ts';
import { runMeasured } from '../lib/measure.ts';
import { PHOTO_ROOT } from '../lib/photo-set.ts';
import { MB, median, type Row } from '../lib/report.ts';

/** A 12 MP iPhone HEIC (4032 × 3024, HEVC), CC0, committed as a test fixture. */
const HEIC_12MP = path.join(REPO, 'tests', 'fixtures', 'exif', 'dc_apple-iphone13pro.heic');
/** Real camera files (maker notes up to 55 KB), committed as test fixtures. */
const CAMERA_FILES = [path.join(REPO, 'tests', 'fixtures', 'exif'), path.join(REPO, 'tests', 'fixtures', 'photos')];

/**
 * HEIC decoding and metadata reading, which the cold ingest of generated JPEGs does not show:
 * - a cold ingest of N copies of a 12 MP HEIC: CPU per photo;
 * - ExifTool (the pipeline's reader) on every real camera file of the fixtures: CPU per photo
 *   above its start-up, and that start-up once per ingest. With the cold part's CPU per photo,
 *   metadata's share of a cold ingest.
 */
export async function formats(options: BenchOptions, log: Log, earlier: readonly Row[]): Promise<PartResult> {
  const count = options.smoke ? 1 : options.quick ? 2 : 8;
  const dir = path.join(PHOTO_ROOT, `heic-${count}`);
  const leaf = path.join(dir, 'life_list', 'Pelecaniformes', 'Ibises and Spoonbills', 'Roseate Spoonbill');
  await fs.mkdir(leaf, { recursive: true });
  for (let i = 0; i < count; i++) {
    const target = path.join(leaf, `IMG_${1000 + i}.HEIC`);
    if (!existsSync(target)) await fs.copyFile(HEIC_12MP, target);
  }
  await fs.writeFile(path.join(dir, 'site.json'), JSON.stringify({ owner: 'Bench' }));

  const heicRuns = [];
  for (let i = 0; i < options.ingestRuns; i++) {
    log(`formats run ${i + 1}/${options.ingestRuns}: cold ingest of ${count} × 12 MP HEIC`);
    const out = await scratchDir('heic');
    const run = await runPipeline(dir, out, options.concurrency);
    await cleanup(out);
    if (run.indexed !== count) throw new Error(`the pipeline published ${run.indexed} of ${count} HEIC photos`);
    heicRuns.push(run);
  }

  log('formats: ExifTool on the real camera files of the test fixtures');
  const script = path.join(REPO, 'bench', 'metadata-read.ts');
  const tsx = path.join(REPO, 'node_modules', '.bin', 'tsx');
  const start: number[] = [];
  const perPhoto: number[] = [];
  const passes = options.quick ? 1 : 5;
  let reads = 0;
  for (let i = 0; i < options.ingestRuns; i++) {
    const base = await runMeasured(tsx, [script, ...CAMERA_FILES, '--passes', '0'], { cwd: REPO });
    const run = await runMeasured(tsx, [script, ...CAMERA_FILES, '--passes', String(passes)], { cwd: REPO });
    if (base.exitCode !== 0 || run.exitCode !== 0) throw new Error(`metadata-read exited with ${base.exitCode}/${run.exitCode}: ${(base.stderr + run.stderr).slice(-500)}`);
    reads = (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { read: number }).read;
    start.push(base.cpuMs);
    perPhoto.push((run.cpuMs - base.cpuMs) / reads);
  }
  const measured: FormatsMeasured = {
    heic: { count, concurrency: options.concurrency, runs: heicRuns.map((r) => ({ wallMs: r.wallMs, cpuMs: r.cpuMs, peakRssBytes: r.peakRssBytes })) },
    metadata: { files: reads / passes, passes, perPhoto, start },
  };
  return { rows: formatsRows(measured, earlier), details: measured };
}

/** What the formats part measured: the bench's JSON results keep it, and its rows are derived from it. */
export interface FormatsMeasured {
  heic: { count: number; concurrency: number; runs: Array<{ wallMs: number; cpuMs: number; peakRssBytes: number }> };
  /** ExifTool's CPU: its start-up, and per photo above it, run by run. */
  metadata: { files: number; passes: number; perPhoto: number[]; start: number[] };
}

/** The rows; `earlier` holds the cold part's rows when it ran, for metadata's share of a cold ingest. */
export function formatsRows(m: FormatsMeasured, earlier: readonly Row[]): Row[] {
  const part = 'Formats';
  const { count, concurrency, runs: heicRuns } = m.heic;
  const { files, passes } = m.metadata;
  const metadataPerPhoto = median(m.metadata.perPhoto);
  const coldCpu = earlier.find((r) => r.part === 'Cold ingest' && r.metric === 'pipeline CPU per photo')?.value ?? null;
  return [
    { part, metric: 'HEIC 12 MP: CPU per photo', value: median(heicRuns.map((r) => r.cpuMs)) / count, unit: 'ms', note: `cold ingest of ${count} copies of a 4032×3024 iPhone HEIC, decoded by heic-decode (WebAssembly)` },
    { part, metric: 'HEIC 12 MP: photos/s', value: (count * 1000) / median(heicRuns.map((r) => r.wallMs)), unit: 'photos/s', note: `${concurrency} in flight` },
    { part, metric: 'HEIC 12 MP: peak RSS', value: median(heicRuns.map((r) => r.peakRssBytes)) / MB, unit: 'MB' },
    { part, metric: 'metadata CPU per photo', value: metadataPerPhoto, unit: 'ms', note: `ExifTool in batch mode, ${passes} pass(es) over ${files} real camera files, above its start-up` },
    { part, metric: 'metadata start-up CPU', value: median(m.metadata.start), unit: 'ms', note: 'node + tsx + one ExifTool (Perl) start, once per cold ingest' },
    {
      part,
      metric: 'metadata / cold-ingest CPU',
      value: coldCpu ? metadataPerPhoto / coldCpu : null,
      unit: 'x',
      target: coldCpu ? { op: '<=', value: 0.05 } : undefined,
      note: coldCpu ? "per photo, against the cold part's 'pipeline CPU per photo'" : 'run with the cold part to get this ratio',
    },
  ];
}
