import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * ffmpeg and ffprobe: the system's (Debian's and Homebrew's `ffmpeg` package), found on the PATH,
 * or where FFMPEG_PATH and FFPROBE_PATH say (docs/media.md says why not an npm binary). Every run
 * goes through one pool of at most one job per core, for the whole ingest; every child is known,
 * and killed on Ctrl-C/SIGTERM (`killMediaTools`). A child never outlives the ingest, even one
 * killed with SIGKILL, which no handler sees: each runs under a small `sh` that holds a pipe only
 * the ingest writes to, and kills its ffmpeg when that pipe closes (the ingest's end, however it
 * came). ffmpeg itself reads no stdin (`-nostdin`), so it never waits on the terminal.
 */

class FfmpegUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegUnavailable';
  }
}

/**
 * The run was stopped (Ctrl-C, SIGTERM: `killMediaTools`): a tool killed by the stop, or not
 * started after it. Not the file's fault: nothing is recorded of it, and the next run makes it.
 */
export class MediaToolsStopped extends Error {
  constructor() {
    super('the ingest is stopping');
    this.name = 'MediaToolsStopped';
  }
}

export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || 'ffmpeg';
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || 'ffprobe';
}

export interface ToolResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

const running = new Set<ChildProcess>();
let limit = Math.max(1, availableParallelism());
let active = 0;
/** The runs waiting for a slot, the most work first (equal work: first come), see `withToolPriority`. */
const waiting: Array<{ priority: number; start: () => void }> = [];
let runs = 0;
let stopped = false;

/** How many ffmpeg/ffprobe processes this process has started: tests count them, not time them. */
export function mediaToolRuns(): number {
  return runs;
}

/** At most this many ffmpeg jobs at once (default: one per core). */
export function setMediaConcurrency(n: number): void {
  limit = Math.max(1, Math.min(n, availableParallelism()));
}

/** A file being made, as the pool weighs it. */
interface Weighed {
  priority: number;
}

/**
 * How much work the file a tool runs for is (pipeline/media/probe.ts workOf), for the pool to give
 * a free core to the longest first: a file's tools would otherwise run in the order their files
 * happened to ask (a recording asks at once, a clip after making its folder), and a long clip
 * could start last and end the run alone on one core.
 */
const toolPriority = new AsyncLocalStorage<Weighed>();
/** Files taken in hand that have not asked for a tool yet: a free core waits for the heavier of them. */
const arriving = new Set<Weighed>();

/** Runs `work` (a file's making) with each tool it starts given a core by this much work. */
export async function withToolPriority<T>(priority: number, work: () => Promise<T>): Promise<T> {
  const weighed: Weighed = { priority };
  arriving.add(weighed);
  try {
    return await toolPriority.run(weighed, work);
  } finally {
    arriving.delete(weighed);
    dispatch();
  }
}

/** Starts waiting runs while there are free cores, unless a heavier file has yet to ask. */
function dispatch(): void {
  while (active < limit && waiting.length > 0) {
    const next = waiting[0]!;
    if ([...arriving].some((file) => file.priority > next.priority)) return;
    waiting.shift();
    active++;
    next.start();
  }
}

function slot(): Promise<() => void> {
  const weighed = toolPriority.getStore();
  const priority = weighed?.priority ?? 0;
  if (weighed) arriving.delete(weighed);
  const release = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      dispatch();
    };
  };
  return new Promise((resolve) => {
    const at = waiting.findIndex((w) => w.priority < priority);
    waiting.splice(at < 0 ? waiting.length : at, 0, { priority, start: () => resolve(release()) });
    dispatch();
  });
}

/** The watch: runs the tool with stdin from /dev/null, and kills it when fd 0 (the ingest's pipe) reads end of file. */
const WATCHER = 'exec 3<&0; "$@" </dev/null & p=$!; (read _ <&3; kill -9 $p 2>/dev/null) & w=$!; wait $p; s=$?; kill $w 2>/dev/null; exit $s';

/**
 * Runs one tool in the pool (or beside it, for a start that does no work: `-version`); resolves
 * with its exit status and output (stdout collected when asked).
 */
export async function runTool(tool: string, args: readonly string[], { collectStdout = false, pooled = true } = {}): Promise<ToolResult> {
  if (stopped) throw new MediaToolsStopped();
  const release = pooled ? await slot() : () => {};
  // Stopped while it waited for a core: it never starts.
  if (stopped) {
    release();
    throw new MediaToolsStopped();
  }
  try {
    return await new Promise<ToolResult>((resolve, reject) => {
      const posix = process.platform !== 'win32';
      const child = posix
        ? spawn('sh', ['-c', WATCHER, 'sh', tool, ...args], { stdio: ['pipe', collectStdout ? 'pipe' : 'ignore', 'pipe'], detached: true })
        : spawn(tool, args, { stdio: ['ignore', collectStdout ? 'pipe' : 'ignore', 'pipe'] });
      runs++;
      running.add(child);
      const out: Buffer[] = [];
      let err = '';
      child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        // Only the end matters (the error, volumedetect's report): keep the last 64 KB.
        err = (err + chunk).slice(-65536);
      });
      child.stdin?.on('error', () => {});
      child.once('error', (error) => {
        running.delete(child);
        reject(error);
      });
      child.once('close', (code, signal) => {
        running.delete(child);
        child.stdin?.destroy();
        // Killed by the stop, or ended as it came: its output is not trusted either way.
        if (stopped) reject(new MediaToolsStopped());
        // sh reports a tool it cannot find as 127.
        else if (posix && code === 127 && /not found|No such file/i.test(err)) reject(Object.assign(new Error(`${tool}: not found`), { code: 'ENOENT' }));
        else resolve({ code, signal, stdout: Buffer.concat(out), stderr: err });
      });
    });
  } finally {
    release();
  }
}

/**
 * Kills every running ffmpeg and ffprobe at once (their process groups: the watcher and its tool),
 * and refuses new ones: each run rejects with MediaToolsStopped. Resolves once every one killed
 * has closed, so what was writing its output has begun removing its temporary file.
 */
export function killMediaTools(): Promise<void> {
  stopped = true;
  const closed = [...running].map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('close', () => resolve()))));
  for (const child of running) {
    try {
      if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return Promise.all(closed).then(() => {});
}

/** The last lines of a tool's stderr that say what went wrong, for the report. */
export function reasonOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]+\]\s*/, '').trim())
    .filter((l) => l.length > 0 && !/^(n_samples|mean_volume|max_volume|histogram_)/.test(l));
  return lines.slice(-2).join('; ').slice(0, 300) || 'no message';
}

let available: Promise<string> | undefined;

/**
 * Whether ffmpeg and ffprobe run here, checked once per process (both started at once, outside
 * the pool): ffmpeg's version line, or FfmpegUnavailable saying what is missing.
 */
export function checkFfmpeg(): Promise<string> {
  available ??= (async () => {
    const versions = await Promise.allSettled(
      [ffmpegPath(), ffprobePath()].map(async (tool) => {
        let result: ToolResult;
        try {
          result = await runTool(tool, ['-hide_banner', '-version'], { collectStdout: true, pooled: false });
        } catch (error) {
          if (error instanceof MediaToolsStopped) throw error;
          throw new FfmpegUnavailable(`${tool} was not found`);
        }
        if (result.code !== 0) throw new FfmpegUnavailable(`${tool} did not run (exit status ${result.code ?? result.signal})`);
        return result.stdout.toString('utf8').split('\n')[0] ?? '';
      }),
    );
    // Said in this order whichever answered first: ffmpeg is the one an owner installs.
    for (const version of versions) if (version.status === 'rejected') throw version.reason;
    return versions[0]?.status === 'fulfilled' ? versions[0].value : '';
  })();
  return available;
}

/** Forgets the check (a test that changes FFMPEG_PATH), and lets new runs start again. */
export function resetMediaTools(): void {
  available = undefined;
  stopped = false;
}
