import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_FILES, photoIndexSchema } from '../../data/manifests.ts';
import { runMeasured, type Measured } from './measure.ts';

export type BareStrategy = 'decode-once' | 'per-rendition' | 'jpeg-shrink';

export const REPO = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');

export interface IngestRun extends Measured {
  /** Photos in the written photo index (0 when the run wrote none). */
  indexed: number;
  /** The pipeline's --json report, when it printed one. */
  report: unknown;
}

/** A fresh, empty output folder for one run; removed by `cleanup`. */
export async function scratchDir(label: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
}

export async function cleanup(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}

/** `npm run ingest` as the owner runs it (tsx pipeline/cli.ts), measured as a whole process tree. */
export async function runPipeline(photos: string, out: string, concurrency: number | undefined): Promise<IngestRun> {
  const cli = path.join(REPO, 'pipeline', 'cli.ts');
  if (!existsSync(cli)) throw new Error('pipeline/cli.ts does not exist yet');
  const args = [cli, 'ingest', '--photos', photos, '--out', out, '--quiet', '--json', ...(concurrency ? ['--concurrency', String(concurrency)] : [])];
  const run = await runMeasured(TSX, args, { cwd: REPO });
  if (run.exitCode !== 0) {
    throw new Error(`pipeline ingest exited with ${run.exitCode}: ${lastLines(run.stderr || run.stdout)}`);
  }
  return { ...run, indexed: await countIndexed(out), report: lastJson(run.stdout) };
}

/** The bare sharp script: the same renditions and nothing else. */
export async function runBare(photos: string, out: string, concurrency: number, strategy: BareStrategy): Promise<IngestRun> {
  const script = path.join(REPO, 'bench', 'bare-sharp.ts');
  const run = await runMeasured(TSX, [script, '--photos', photos, '--out', out, '--concurrency', String(concurrency), '--strategy', strategy], { cwd: REPO });
  if (run.exitCode !== 0) throw new Error(`bare sharp script exited with ${run.exitCode}: ${lastLines(run.stderr)}`);
  const report = lastJson(run.stdout);
  const photosDone = typeof report === 'object' && report !== null && 'photos' in report ? Number(report.photos) : 0;
  return { ...run, indexed: photosDone, report };
}

async function countIndexed(out: string): Promise<number> {
  const file = path.join(out, 'public', MANIFEST_FILES.photoIndex);
  const index = photoIndexSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  return Object.keys(index.photos).length;
}

function lastJson(stdout: string): unknown {
  const trimmed = stdout.trim();
  for (const candidate of [trimmed, ...trimmed.split('\n').reverse()]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Not JSON: keep looking.
    }
  }
  return undefined;
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).join(' | ');
}
