import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, runPipeline, scratchDir } from '../lib/ingest.ts';
import { largeSet, linkedSet, type PhotoSet } from '../lib/photo-set.ts';
import { MB, median, type Row } from '../lib/report.ts';
import { coldIngestSet } from './cold-ingest.ts';

/** Small camera-like files: the cache and the memory bound are what is measured, not the decode. */
const SMALL = { kind: 'large', count: 12, width: 960, height: 640, quality: 90, grain: 20 } as const;
/** RSS may vary this much between two counts and still count as not growing. */
const FLAT = 1.15;

interface ScalePoint {
  set: PhotoSet;
  coldWallMs: number;
  coldPeakRssBytes: number;
  noopWallMs: number[];
  noopCpuMs: number[];
  noopReports: unknown[];
}

/** A cold ingest (peak RSS) followed by no-op re-ingests (time) of the same set into the same output. */
async function measurePoint(set: PhotoSet, options: BenchOptions, noopRuns: number, log: Log): Promise<ScalePoint> {
  const out = await scratchDir(`scale-${set.count}`);
  try {
    log(`scale: cold ingest of ${set.description}`);
    const cold = await runPipeline(set.dir, out, options.concurrency);
    if (cold.indexed + (cold.failed ?? 0) !== set.count) throw new Error(`the pipeline indexed ${cold.indexed} of ${set.count} photos (${cold.failed ?? 0} failed)`);
    const noopWallMs: number[] = [];
    const noopCpuMs: number[] = [];
    const noopReports: unknown[] = [];
    for (let i = 0; i < noopRuns; i++) {
      log(`scale: no-op re-ingest ${i + 1}/${noopRuns} of ${set.count} photos`);
      const again = await runPipeline(set.dir, out, options.concurrency);
      noopWallMs.push(again.wallMs);
      noopCpuMs.push(again.cpuMs);
      noopReports.push(again.report);
    }
    return { set, coldWallMs: cold.wallMs, coldPeakRssBytes: cold.peakRssBytes, noopWallMs, noopCpuMs, noopReports };
  } finally {
    await cleanup(out);
  }
}

export async function scale(options: BenchOptions, log: Log, want: { noop: boolean; memory: boolean }): Promise<PartResult> {
  const counts = options.smoke ? [4, 8] : options.quick ? [20, 100] : [100, 1000];
  const noopRuns = options.quick ? 1 : 3;
  const base = await largeSet(SMALL, log);
  const points: ScalePoint[] = [];
  for (const count of counts) points.push(await measurePoint(await linkedSet(base, count, 'small', log), options, noopRuns, log));
  let large: ScalePoint | undefined;
  if (want.memory && !options.quick && !options.photos) {
    // The same bound on camera-size files, at four times the cold-ingest set.
    const source = await coldIngestSet(options, log);
    large = await measurePoint(await linkedSet(source, 100, 'large-linked', log), options, 1, log);
  }
  const detail = (p: ScalePoint) => ({ set: p.set.description, count: p.set.count, coldWallMs: p.coldWallMs, coldPeakRssBytes: p.coldPeakRssBytes, noopWallMs: p.noopWallMs, noopCpuMs: p.noopCpuMs, noopReport: p.noopReports.at(-1) });
  const measured: ScaleMeasured = {
    want,
    smallPhoto: { width: SMALL.width, height: SMALL.height, bytes: base.bytes / base.count },
    points: points.map(detail),
    large: large && detail(large),
  };
  return { rows: scaleRows(measured), details: measured };
}

type PointSummary = { set: string; count: number; coldWallMs: number; coldPeakRssBytes: number; noopWallMs: number[]; noopCpuMs: number[]; noopReport: unknown };

/** What the no-op and memory parts measured: the bench's JSON results keep it, and their rows are derived from it alone. */
export interface ScaleMeasured {
  want: { noop: boolean; memory: boolean };
  smallPhoto: { width: number; height: number; bytes: number };
  points: PointSummary[];
  /** 100 camera-size photos: full runs only. */
  large?: PointSummary | undefined;
}

export function scaleRows(m: ScaleMeasured): Row[] {
  const { points } = m;
  const rows: Row[] = [];
  const sizeNote = `${((m.smallPhoto.width * m.smallPhoto.height) / 1e6).toFixed(1)} MP JPEGs (${m.smallPhoto.width}×${m.smallPhoto.height}, ~${(m.smallPhoto.bytes / 1e3).toFixed(0)} KB)`;
  if (m.want.noop) {
    for (const p of points) {
      rows.push({
        part: 'No-op re-ingest',
        metric: `${p.count.toLocaleString('en')} photos`,
        value: median(p.noopWallMs) / 1000,
        unit: 's',
        target: p.count === 1000 ? { op: '<=', value: 1 } : undefined,
        note: `second run, nothing changed; median of ${p.noopWallMs.length}; whole process, start-up included`,
      });
    }
    const last = points[points.length - 1]!;
    const inside = reportedSeconds(last.noopReport);
    rows.push({
      part: 'No-op re-ingest',
      metric: `CPU, ${last.count.toLocaleString('en')} photos`,
      value: median(last.noopCpuMs) / 1000,
      unit: 's',
      note: inside === undefined ? undefined : `the ingest itself (the pipeline's own timer) took ${inside.toFixed(2)} s; the rest is process start-up`,
    });
  }
  if (m.want.memory) {
    for (const p of points) {
      rows.push({ part: 'Memory', metric: `peak RSS, cold ${p.count.toLocaleString('en')} small`, value: p.coldPeakRssBytes / MB, unit: 'MB', note: sizeNote });
    }
    const [first, last] = [points[0]!, points[points.length - 1]!];
    rows.push({ part: 'Memory', metric: `RSS growth ${first.count}→${last.count.toLocaleString('en')}`, value: last.coldPeakRssBytes / first.coldPeakRssBytes, unit: 'x', target: { op: '<=', value: FLAT } });
    if (m.large) {
      rows.push({ part: 'Memory', metric: 'peak RSS, cold 100 × 24 MP', value: m.large.coldPeakRssBytes / MB, unit: 'MB', target: { op: '<=', value: 400 }, note: `${(m.large.coldWallMs / 1000).toFixed(1)} s for 100 photos` });
    }
  }
  return rows;
}

/** The `seconds` of the pipeline's --json report: time inside the ingest, without process start-up. */
function reportedSeconds(report: unknown): number | undefined {
  if (typeof report !== 'object' || report === null || !('seconds' in report)) return undefined;
  return typeof report.seconds === 'number' ? report.seconds : undefined;
}
