import { existsSync, promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_FILES, photoIndexSchema } from '../../data/manifest-schemas.ts';
import { runMeasured, type Measured } from './measure.ts';

export type BareStrategy = 'decode-once' | 'per-rendition' | 'jpeg-shrink';

export const REPO = path.resolve(import.meta.dirname, '..', '..');

export interface IngestRun extends Measured {
  /** Photos in the written photo index (0 when the run wrote none). */
  indexed: number;
  /** Photos the pipeline reported as failed (0 for the bare script, which stops on none). */
  failed?: number;
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

/**
 * The command `npm run ingest` runs (package.json's script, e.g. `node pipeline/launch.mjs ingest`),
 * started directly: npm's own start-up (~0.2 s) is not the pipeline's.
 */
function ingestCommand(): { command: string; args: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.ingest;
  if (!script || /[|&;<>"'$]/.test(script)) throw new Error(`package.json's ingest script is missing or not a plain command: ${script}`);
  const [command, ...args] = script.trim().split(/\s+/);
  if (!command) throw new Error('package.json has an empty ingest script');
  const bin = path.join(REPO, 'node_modules', '.bin', command);
  return { command: command === 'node' ? process.execPath : existsSync(bin) ? bin : command, args };
}

let pipelineWarm = false;

/** `npm run ingest` as the owner runs it, measured as a whole process tree. */
export async function runPipeline(photos: string, out: string, concurrency: number | undefined, env?: NodeJS.ProcessEnv): Promise<IngestRun> {
  const { command, args: scriptArgs } = ingestCommand();
  if (!pipelineWarm) {
    // A launcher may (re)build its bundle on the first start: that is not what a run costs.
    await runMeasured(command, [...scriptArgs, '--help'], { cwd: REPO });
    pipelineWarm = true;
  }
  const args = [...scriptArgs, '--photos', photos, '--out', out, '--quiet', '--json', ...(concurrency ? ['--concurrency', String(concurrency)] : [])];
  const run = await runMeasured(command, args, { cwd: REPO, ...(env && { env }) });
  // 1 = some photos failed and the rest was published (an owner's folder may hold such files).
  if (run.exitCode !== 0 && run.exitCode !== 1) {
    throw new Error(`pipeline ingest exited with ${run.exitCode}: ${lastLines(run.stderr || run.stdout)}`);
  }
  const report = lastJson(run.stdout);
  return { ...run, indexed: await countIndexed(out), failed: failedCount(report), report };
}

let bareBundle: Promise<string> | undefined;

/** The bare script bundled like the pipeline's launcher does, so both start as plain node. */
function bareScript(): Promise<string> {
  bareBundle ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(REPO, 'node_modules', '.cache', 'bench', 'bare-sharp.mjs');
    await build({ entryPoints: [path.join(REPO, 'bench', 'bare-sharp.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile, logLevel: 'warning' });
    return outfile;
  })();
  return bareBundle;
}

/** The bare sharp script: the same renditions and nothing else. */
export async function runBare(photos: string, out: string, concurrency: number, strategy: BareStrategy): Promise<IngestRun> {
  const run = await runMeasured(process.execPath, [await bareScript(), '--photos', photos, '--out', out, '--concurrency', String(concurrency), '--strategy', strategy], { cwd: REPO });
  if (run.exitCode !== 0) throw new Error(`bare sharp script exited with ${run.exitCode}: ${lastLines(run.stderr)}`);
  const report = lastJson(run.stdout);
  const photosDone = typeof report === 'object' && report !== null && 'photos' in report ? Number(report.photos) : 0;
  return { ...run, indexed: photosDone, report };
}

function failedCount(report: unknown): number {
  if (typeof report !== 'object' || report === null || !('counts' in report)) return 0;
  const counts = report.counts;
  return typeof counts === 'object' && counts !== null && 'failed' in counts && typeof counts.failed === 'number' ? counts.failed : 0;
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
