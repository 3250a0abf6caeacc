import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { writeEbirdExport } from '../lib/ebird-export.ts';
import { cleanup, REPO, scratchDir } from '../lib/ingest.ts';
import { runMeasured } from '../lib/measure.ts';
import { MB, type Row } from '../lib/report.ts';
import { listsPoint, listsRows, type ListsMeasured } from './ebird-lists.ts';
import { outingsPoint, outingsRows, type OutingsMeasured } from './ebird-outings.ts';

/** Peak RSS may grow this much from the small to the large export and still count as flat. */
const FLAT = 1.15;

interface Point {
  rows: number;
  bytes: number;
  /** The reader's own time (find, open, parse, fold), without process start-up. */
  readMs: number;
  wallMs: number;
  peakRssBytes: number;
  species: number;
}

/**
 * The eBird export reader (issue 10): a synthetic `MyEBirdData.csv` of 200,000 rows
 * (~60 MB, eBird's columns, quoted multi-line comments) streamed through
 * `readLifeRecords` in a child process: its time and peak RSS, and the peak RSS of a
 * five times larger export against it (flat memory: the rows are not kept).
 */
export async function ebird(options: BenchOptions, log: Log): Promise<PartResult> {
  // The large point is five times the 200,000-row target: flat memory means the same peak RSS.
  // (Below ~100,000 rows the run ends before V8's heap settles, so a small point would understate.)
  const counts = options.smoke ? [500, 2_000] : options.quick ? [2_000, 20_000] : [200_000, 1_000_000];
  const points: Point[] = [];
  for (const rows of counts) {
    const dir = await scratchDir(`ebird-${rows}`);
    try {
      await fs.mkdir(path.join(dir, 'ebird'));
      const bytes = await writeEbirdExport(path.join(dir, 'ebird', 'MyEBirdData.csv'), rows);
      log(`ebird: reading a ${(bytes / MB).toFixed(0)} MB export of ${rows.toLocaleString('en')} rows`);
      const run = await runMeasured(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'ebird-read.ts'), dir], { cwd: REPO });
      if (run.exitCode !== 0) throw new Error(`bench/ebird-read.ts exited with ${run.exitCode}: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
      const report = JSON.parse(run.stdout.trim().split('\n').pop()!) as { ms: number; species: number };
      points.push({ rows, bytes, readMs: report.ms, wallMs: run.wallMs, peakRssBytes: run.peakRssBytes, species: report.species });
    } finally {
      await cleanup(dir);
    }
  }
  const lists = await listsPoint(options, log);
  // The outings need a site of their own, built three times: left out of the smoke run.
  const outings = options.smoke ? undefined : await outingsPoint(log);
  const measured: EbirdMeasured = { targeted: !options.quick, points, lists, ...(outings && { outings }) };
  return { rows: ebirdRows(measured), details: measured };
}

/** What the eBird part measured: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface EbirdMeasured {
  /** The targets hold for full-size exports only. */
  targeted: boolean;
  points: Point[];
  lists: ListsMeasured;
  /** Recorded runs before the outings have none. */
  outings?: OutingsMeasured;
}

export function ebirdRows(m: EbirdMeasured): Row[] {
  const [target, large] = [m.points[0]!, m.points[m.points.length - 1]!];
  const label = (p: Point) => `${p.rows.toLocaleString('en')} rows (${(p.bytes / MB).toFixed(0)} MB)`;
  return [
    {
      part: 'eBird export',
      metric: `read ${label(target)}`,
      value: target.readMs / 1000,
      unit: 's',
      target: m.targeted ? { op: '<=', value: 5 } : undefined,
      note: `${target.species} species; whole process ${(target.wallMs / 1000).toFixed(1)} s with start-up; ${label(large)} in ${(large.readMs / 1000).toFixed(1)} s`,
    },
    { part: 'eBird export', metric: `peak RSS, ${label(target)}`, value: target.peakRssBytes / MB, unit: 'MB' },
    {
      part: 'eBird export',
      metric: `RSS growth ${target.rows.toLocaleString('en')}→${large.rows.toLocaleString('en')} rows`,
      value: large.peakRssBytes / target.peakRssBytes,
      unit: 'x',
      target: m.targeted ? { op: '<=', value: FLAT } : undefined,
      note: `${(target.peakRssBytes / MB).toFixed(0)} MB → ${(large.peakRssBytes / MB).toFixed(0)} MB`,
    },
    ...listsRows(m.lists, m.targeted),
    ...(m.outings ? outingsRows(m.outings) : []),
  ];
}
