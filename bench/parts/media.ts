import { execFile, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaIndexSchema } from '../../data/media-schemas.ts';
import { childrenCpuMs } from '../../harness/processes.ts';
import { ffmpegPath, ffprobePath } from '../../pipeline/media/ffmpeg.ts';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, runPipeline, scratchDir } from '../lib/ingest.ts';
import { runMeasured } from '../lib/measure.ts';
import { mediaRows, splitRecordingCommand, type MediaMeasured } from './media-rows.ts';

/**
 * Recordings and clips (docs/media.md): a cold ingest of a library of generated ones against bare
 * ffmpeg running the very command lines the pipeline ran (recorded from a first, unmeasured ingest
 * through FFMPEG_PATH/FFPROBE_PATH wrappers), in a pool of the same size and the order the
 * pipeline started them; and the spectrogram's CPU per minute of audio, from each recording's
 * command run whole and cut to one of its outputs.
 */

interface Input {
  name: string;
  kind: 'recording' | 'clip';
  seconds: number;
  make: (file: string) => string[];
  /** A clip's display matrix, in degrees. */
  rotate?: number;
}

/** Pairs of a full run: the ratio of a single pair swings ±10 % on a shared machine. */
const MEDIA_PAIRS = 5;

const RECORDINGS = 'Passeriformes/Wrens/Canyon Wren';
const CLIPS = 'Gruiformes/Cranes/Sandhill Crane';

/** A song-like voice: a trilled whistle (FM around `hz`) in syllables `rate` times a second, over field noise. */
function song(hz: number, rate: number, seed: number): string {
  return `0.35*sin(2*PI*(${hz}*t-${(400 / (2 * Math.PI * 9)).toFixed(3)}*cos(2*PI*9*t)))*gt(sin(2*PI*${rate}*t+${seed}),0.3)+0.02*(2*random(${seed})-1)`;
}

function recording(name: string, seconds: number, rate: number, channels: 1 | 2): Input {
  // A filtergraph's commas inside an expression are escaped.
  const voices = (channels === 1 ? song(3400, 1.3, 0) : `${song(3400, 1.3, 0)}|${song(5200, 0.8, 1)}`).replaceAll(',', '\\,');
  return { name, kind: 'recording', seconds, make: (file) => ['-f', 'lavfi', '-i', `aevalsrc=${voices}:s=${rate}:d=${seconds}`, file] };
}

/** A phone clip: moving pictures, a tone, filmed upright (a display matrix of `rotate`), H.264 or 10-bit HDR HEVC. */
function clip(name: string, seconds: number, size: string, rotate: number, hevc = false): Input {
  const codec = hevc
    ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  return {
    name,
    kind: 'clip',
    seconds,
    rotate,
    make: (file) => ['-f', 'lavfi', '-i', `testsrc2=s=${size}:d=${seconds}:r=30`, '-f', 'lavfi', '-i', `sine=f=800:d=${seconds}:sample_rate=48000`, ...codec, '-c:a', 'aac', '-shortest', file],
  };
}

function inputsFor(options: BenchOptions): Input[] {
  if (options.smoke) return [recording('SMOKE.WAV', 6, 48000, 1), clip('SMOKE.MOV', 1, '320x240', 90)];
  if (options.quick) {
    return [recording('ZOOM0001.WAV', 40, 44100, 2), recording('ZOOM0002.FLAC', 40, 48000, 1), clip('IMG_0001.MOV', 3, '1920x1080', 90), clip('IMG_0002.MOV', 2, '3840x2160', 270)];
  }
  return [
    recording('ZOOM0001.WAV', 60, 44100, 2),
    recording('ZOOM0002.WAV', 60, 48000, 1),
    recording('ZOOM0003.FLAC', 60, 44100, 1),
    recording('ZOOM0004.FLAC', 90, 48000, 2),
    clip('IMG_0001.MOV', 8, '1920x1080', 90),
    clip('IMG_0002.MOV', 4, '3840x2160', 90),
    clip('IMG_0003.MOV', 3, '1920x1080', 270, true),
  ];
}

const run = promisify(execFile);

/** The inputs with the machine's ffmpeg; the display matrix written as ffmpeg 5.1 writes it, on a stream copy. */
async function makeLibrary(dir: string, inputs: Input[]): Promise<void> {
  await fs.writeFile(path.join(dir, 'site.json'), JSON.stringify({ owner: 'Bench' }));
  for (const input of inputs) {
    const folder = path.join(dir, 'life_list', ...(input.kind === 'recording' ? RECORDINGS : CLIPS).split('/'));
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, input.name);
    const ffmpeg = (...args: string[]) => run(ffmpegPath(), ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);
    if (input.rotate === undefined) await ffmpeg(...input.make(file));
    else {
      const unturned = `${file}.unturned.mp4`;
      await ffmpeg(...input.make(unturned));
      await ffmpeg('-i', unturned, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${input.rotate}`, file);
      await fs.rm(unturned);
    }
  }
}

/** One command line the pipeline ran, as its wrapper logged it: when it started, the tool, its arguments. */
interface Traced {
  startedNs: bigint;
  tool: string;
  args: string[];
}

/** A wrapper that logs its arguments (NUL-separated, one file per run, its start in the name) and runs the real tool. */
async function wrapper(dir: string, name: string, tool: string, logDir: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, `#!/bin/sh\nprintf '%s\\0' ${JSON.stringify(tool)} "$@" > ${JSON.stringify(logDir)}/"$(date +%s%N)-$$"\nexec ${JSON.stringify(tool)} "$@"\n`, { mode: 0o755 });
  return file;
}

/** The ingest's command lines, recorded from an ingest run through the wrappers. */
async function traceIngest(library: string, concurrency: number): Promise<{ traced: Traced[]; out: string }> {
  const dir = await scratchDir('media-trace');
  const logDir = path.join(dir, 'log');
  await fs.mkdir(logDir);
  const env = { ...process.env, FFMPEG_PATH: await wrapper(dir, 'ffmpeg', ffmpegPath(), logDir), FFPROBE_PATH: await wrapper(dir, 'ffprobe', ffprobePath(), logDir) };
  const out = path.join(dir, 'out');
  const traceRun = await runPipeline(library, out, concurrency, env);
  if (traceRun.exitCode !== 0) throw new Error(`the traced ingest exited with ${traceRun.exitCode}: ${traceRun.stderr.slice(-500)}`);
  const traced: Traced[] = [];
  for (const name of await fs.readdir(logDir)) {
    const [tool, ...args] = (await fs.readFile(path.join(logDir, name), 'utf8')).split('\0').slice(0, -1);
    traced.push({ startedNs: BigInt(name.split('-')[0]!), tool: tool!, args });
  }
  traced.sort((a, b) => (a.startedNs < b.startedNs ? -1 : a.startedNs > b.startedNs ? 1 : 0));
  return { traced, out };
}

/** The temporary name writeAtomically gives a file (`.<name>.tmp-<pid>-<hex>`) → the name it is renamed to. */
const finalName = (file: string) => path.join(path.dirname(file), path.basename(file).replace(/^\.(.+)\.tmp-\d+-[0-9a-f]+$/, '$1'));

/** One traced command as bare ffmpeg runs it; `after` is the command of the same file before it. */
interface Step {
  tool: string;
  args: string[];
  after?: number;
}

/**
 * The traced command lines as bare ffmpeg runs them into `out`, in the order the pipeline started
 * them, each after the command of the same original file before it (its probe, then what reads
 * the published video after it is written). Paths in the traced run's output become the same
 * paths in `out`, under their final names.
 */
function stepsOf(traced: readonly Traced[], library: string, tracedOut: string, out: string): Step[] {
  const steps: Step[] = [];
  const lastOf = new Map<string, number>();
  const writtenBy = new Map<string, string>();
  const inOut = (a: string) => a.startsWith(tracedOut + path.sep);
  for (const { tool, args } of traced) {
    if (args.includes('-version')) continue;
    const mapped = args.map((a) => (inOut(a) ? path.join(out, path.relative(tracedOut, finalName(a))) : a));
    const source = args.find((a) => a.startsWith(library + path.sep)) ?? mapped.map((a) => writtenBy.get(a)).find((s) => s !== undefined);
    if (source === undefined) throw new Error(`a traced command reads no file of the library: ${tool} ${args.join(' ')}`);
    for (const a of mapped) if (a.startsWith(out + path.sep)) writtenBy.set(a, source);
    const after = lastOf.get(source);
    lastOf.set(source, steps.length);
    steps.push({ tool, args: mapped, ...(after !== undefined ? { after } : {}) });
  }
  return steps;
}

/**
 * Runs one command, its stdout and stderr read and dropped (the pipeline reads both); rejects on a
 * failure. In a session of its own, as the pipeline's ffmpeg is (pipeline/media/ffmpeg.ts): with
 * Linux's autogroup scheduling a session is a group that gets its share of a busy machine's CPU,
 * so on a loaded machine a tool in the bench's session would run slower than the pipeline's.
 */
function runDirect(tool: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let err = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-2000)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} exited with ${code}: ${err.trim()}`))));
  });
}

/**
 * The steps in a pool of `pool`, timed in this process: as the pipeline's pool did, each free
 * worker takes the first step, in the traced order, whose file's step before it is done.
 */
async function runBare(steps: readonly Step[], out: string, pool: number): Promise<{ wallMs: number; cpuMs: number }> {
  for (const { args } of steps) for (const a of args) if (a.startsWith(out + path.sep)) await fs.mkdir(path.dirname(a), { recursive: true });
  const started = new Array<boolean>(steps.length).fill(false);
  const done = new Array<boolean>(steps.length).fill(false);
  let finished: () => void = () => {};
  const cpuBefore = childrenCpuMs();
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: pool }, async () => {
      for (;;) {
        const next = steps.findIndex((s, i) => !started[i] && (s.after === undefined || done[s.after]));
        if (next < 0) {
          if (started.every(Boolean)) return;
          // Every step left waits for one running: wait until one ends.
          await new Promise<void>((resolve) => {
            const previous = finished;
            finished = () => {
              previous();
              resolve();
            };
          });
          continue;
        }
        started[next] = true;
        await runDirect(steps[next]!.tool, steps[next]!.args);
        done[next] = true;
        const wake = finished;
        finished = () => {};
        wake();
      }
    }),
  );
  return { wallMs: performance.now() - startedAt, cpuMs: childrenCpuMs() - cpuBefore };
}

async function mediaPublished(out: string): Promise<number> {
  const index = mediaIndexSchema.parse(JSON.parse(await fs.readFile(path.join(out, 'public', 'media-index.json'), 'utf8')));
  return Object.keys(index.media).length;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

export async function media(options: BenchOptions, log: Log): Promise<PartResult> {
  const inputs = inputsFor(options);
  const pool = Math.max(1, Math.min(options.concurrency, os.availableParallelism()));
  const library = await scratchDir('media-library');
  try {
    log(`media: generating ${inputs.length} recordings and clips with ffmpeg`);
    await makeLibrary(library, inputs);
    const audioSeconds = inputs.filter((i) => i.kind === 'recording').reduce((s, i) => s + i.seconds, 0);
    const videoSeconds = inputs.filter((i) => i.kind === 'clip').reduce((s, i) => s + i.seconds, 0);
    const recordings = inputs.filter((i) => i.kind === 'recording').length;
    const clips = inputs.length - recordings;
    const description = `${recordings} recording(s), ${(audioSeconds / 60).toFixed(1)} min at 44.1/48 kHz; ${clips} turned phone clip(s), ${videoSeconds} s (${options.smoke ? '320×240' : options.quick ? '1080p, 4K' : '1080p, 4K, 10-bit HDR HEVC'})`;

    log('media: an unmeasured ingest, its ffmpeg command lines recorded');
    const { traced, out: tracedOut } = await traceIngest(library, options.concurrency);
    if ((await mediaPublished(tracedOut)) !== inputs.length) throw new Error(`the traced ingest published ${await mediaPublished(tracedOut)} of ${inputs.length} recordings and clips`);
    const recordingCommands = traced.filter((t) => t.args.includes('-filter_complex'));

    const runs: MediaMeasured['runs'] = [];
    let sameFiles = true;
    let commands = 0;
    // Pairs alternate which runs first, so a machine speeding up or slowing down over a pair
    // favours neither; the median of five ratios is what one slow minute cannot move.
    const pairs = options.quick ? options.ingestRuns : Math.max(options.ingestRuns, MEDIA_PAIRS);
    for (let i = 0; i < pairs; i++) {
      const bareFirst = i % 2 === 1;
      log(`media run ${i + 1}/${pairs}: ${bareFirst ? 'bare ffmpeg, then the pipeline' : 'pipeline, then bare ffmpeg'}`);
      const pipelineOut = await scratchDir('media-pipeline');
      const bareOut = await scratchDir('media-bare');
      const steps = stepsOf(traced, library, tracedOut, bareOut);
      commands = steps.length;
      const bareRun = () => runBare(steps, bareOut, pool);
      const bareBefore = bareFirst ? await bareRun() : undefined;
      const pipeline = await runPipeline(library, pipelineOut, options.concurrency);
      if (pipeline.exitCode !== 0 || (await mediaPublished(pipelineOut)) !== inputs.length) throw new Error(`the ingest exited with ${pipeline.exitCode}, its media index not complete: ${pipeline.stderr.slice(-500)}`);
      const bare = bareBefore ?? (await bareRun());
      const published = new Set(await filesUnder(pipelineOut));
      sameFiles &&= (await filesUnder(bareOut)).every((f) => published.has(f));
      await cleanup(pipelineOut);
      await cleanup(bareOut);
      runs.push({ pipeline: { wallMs: pipeline.wallMs, cpuMs: pipeline.cpuMs }, bare });
    }

    // The spectrogram is a few percent of its command's CPU: the difference of two runs needs several of each.
    const passes = options.smoke ? 1 : options.quick ? 3 : 5;
    log(`media: the spectrogram's cost, ${recordingCommands.length} recording command(s) run whole and cut, ${passes} times`);
    const spectrogram: MediaMeasured['spectrogram'] = [];
    const scratch = await scratchDir('media-spectrogram');
    for (let i = 0; i < passes; i++) {
      const sums = { bothCpuMs: 0, encodeOnlyCpuMs: 0, spectrogramOnlyCpuMs: 0 };
      for (const [n, command] of recordingCommands.entries()) {
        const both = [...command.args];
        const audioOut = (label: string) => path.join(scratch, `${i}-${n}-${label}.m4a`);
        const tempIndex = both.findIndex((a) => a.startsWith(tracedOut + path.sep));
        both[tempIndex] = audioOut('both');
        const cut = splitRecordingCommand(command.args, audioOut('encode'));
        if (!cut) throw new Error(`not the recording command the media part knows: ${command.args.join(' ')}`);
        for (const [key, args] of [['bothCpuMs', both], ['encodeOnlyCpuMs', cut.encodeOnly], ['spectrogramOnlyCpuMs', cut.spectrogramOnly]] as const) {
          const measured = await runMeasured(command.tool, args);
          if (measured.exitCode !== 0) throw new Error(`ffmpeg exited with ${measured.exitCode}: ${measured.stderr.slice(-500)}`);
          sums[key] += measured.cpuMs;
        }
      }
      spectrogram.push(sums);
    }
    await cleanup(scratch);
    await cleanup(path.dirname(tracedOut));

    const measured: MediaMeasured = {
      set: { recordings, audioSeconds, clips, videoSeconds, description },
      pool,
      targeted: !options.quick,
      commands,
      sameFiles,
      runs,
      spectrogram,
    };
    return { rows: mediaRows(measured), details: measured };
  } finally {
    await cleanup(library);
  }
}
