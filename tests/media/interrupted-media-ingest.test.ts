import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaIndexSchema } from '../../data/media-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';
import { listProcesses, running, type ProcessEntry } from '../../harness/processes.ts';
import { isTempName } from '../../node-lib/files.ts';
import { killMediaTools, resetMediaTools } from '../../pipeline/media/ffmpeg.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { tone } from './make-inputs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** What `npm run ingest` runs. */
const LAUNCHER = path.resolve(here, '../../pipeline/launch.mjs');
const SPECIES = 'Passeriformes/Wrens/Canyon Wren';
/**
 * Long enough that its encode runs for over a second on a quiet machine (about 1.2 s here), forty
 * times the 25 ms between two looks: the signal surely finds ffmpeg at work. Each case makes it
 * whole once more, so it is no longer than that.
 */
const RECORDING_SECONDS = 200;

async function waitFor<T>(what: string, probe: () => T | undefined, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting ${seconds} s for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every running process below `pid`: the ingest's `sh` watchers, their ffmpeg or ffprobe, and the watch's subshell. */
function descendantsOf(pid: number): ProcessEntry[] {
  const table = listProcesses().filter((p) => p.state !== 'Z');
  const found: ProcessEntry[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.pop()!;
    for (const p of table) {
      if (p.parent === parent) {
        found.push(p);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** Any ffmpeg or ffprobe still running on this tree's files, wherever its parent went. */
const toolsOn = (tree: Tree) => listProcesses().filter((p) => p.state !== 'Z' && /\bff(mpeg|probe)\b/.test(p.command) && p.command.includes(tree.root));

/**
 * A real ingest (`node pipeline/launch.mjs ingest`), interrupted while ffmpeg encodes a recording:
 * no ffmpeg, ffprobe or watcher of it is left, nothing half-written is in the output, and the next
 * run makes everything. SIGKILL gives the ingest no chance to clean up: each ffmpeg's `sh` watcher
 * sees the ingest's end of its pipe close, and kills it.
 */
describe('an ingest interrupted while ffmpeg runs', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({ files: { [`${SPECIES}/DSC_4409.JPG`]: fixture('exif/sample_nikon-d700_wood-duck.jpg') } });
    await tone(path.join(tree.photosDir, 'life_list', SPECIES, 'ZOOM0001.WAV'), { seconds: RECORDING_SECONDS, rate: 48000 });
  });
  afterAll(() => tree.cleanup());

  it.each([
    ['SIGINT', 130],
    ['SIGKILL', null],
  ] as const)('%s ends every ffmpeg, and the next run publishes everything', { timeout: 300_000 }, async (signal, exitCode) => {
    const child = spawn(process.execPath, [LAUNCHER, ...ingestArgs(tree, '--quiet')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, s) => resolve({ code, signal: s })));

    // The recording's encode (audio + spectrogram in one ffmpeg): its temporary file is being written.
    await waitFor(
      "ffmpeg encoding the recording, a child of the ingest's watcher",
      () => {
        if (child.exitCode !== null) throw new Error(`the ingest ended before ffmpeg encoded: ${stderr}`);
        return descendantsOf(child.pid!).find((p) => /\bffmpeg\b/.test(p.command) && p.command.includes('-filter_complex') && p.command.includes('ZOOM0001.WAV'));
      },
      120,
    );
    const tree0 = descendantsOf(child.pid!);
    expect(tree0.map((p) => p.command).join('\n')).toMatch(/^sh -c /m);
    child.kill(signal);
    const end = await ended;
    if (exitCode === null) expect(end.signal).toBe('SIGKILL');
    else {
      expect(end.code).toBe(exitCode);
      expect(stderr).toContain(`interrupted (${signal})`);
    }

    for (const p of tree0) await waitFor(`${p.command.slice(0, 60)} (${p.pid}) to end`, () => (running(p.pid) ? undefined : true), 15);
    await waitFor('no ffmpeg or ffprobe on the library', () => (toolsOn(tree).length === 0 ? true : undefined), 15);

    const leftovers = (await fg('**/*', { cwd: tree.outDir, dot: true, onlyFiles: true })).filter((f) => isTempName(path.basename(f)));
    // An interrupted ingest removes its own half-written files; a killed one cannot, and the next run does.
    if (signal === 'SIGINT') expect(leftovers).toEqual([]);

    const next = await runCli(ingestArgs(tree, '--quiet'));
    expect(next.code, next.stderr).toBe(0);
    const index = mediaIndexSchema.parse(await readJson(path.join(tree.publicDir, 'media-index.json')));
    expect(Object.values(index.media).map((m) => m.fileName)).toEqual(['ZOOM0001.WAV']);
    expect((await fg('**/*', { cwd: tree.outDir, dot: true, onlyFiles: true })).filter((f) => isTempName(path.basename(f)))).toEqual([]);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
    // The next case starts from nothing again: ffmpeg must be at work when the signal comes.
    await rm(tree.outDir, { recursive: true, force: true });
  });
});

/**
 * The interrupt handler kills every ffmpeg, then waits up to 2 s for ExifTool before it exits: an
 * ingest may go on meanwhile and save its state. A tool killed that way is the stop, not the file's
 * fault: nothing may record the recording as failed, or every later run would skip it as broken.
 */
describe('an ingest whose ffmpeg is killed by the stop, and goes on to save its state', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({ files: { [`${SPECIES}/DSC_4409.JPG`]: fixture('exif/sample_nikon-d700_wood-duck.jpg') } });
    await tone(path.join(tree.photosDir, 'life_list', SPECIES, 'ZOOM0001.WAV'), { seconds: RECORDING_SECONDS, rate: 48000 });
  });
  afterAll(async () => {
    resetMediaTools();
    await tree.cleanup();
  });

  it('records no failure, and the next run publishes the recording', { timeout: 300_000 }, async () => {
    const interrupted = runCli(ingestArgs(tree, '--quiet', '--json'));
    await waitFor('ffmpeg encoding the recording', () => descendantsOf(process.pid).find((p) => /\bffmpeg\b/.test(p.command) && p.command.includes('-filter_complex') && p.command.includes('ZOOM0001.WAV')), 120);
    await killMediaTools();
    const stopped = await interrupted;
    const report = JSON.parse(stopped.stdout) as { problems: Array<{ path: string; severity: string; reason: string }> };
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stopped.code).toBe(0);
    expect((await fg('**/*', { cwd: tree.outDir, dot: true, onlyFiles: true })).filter((f) => isTempName(path.basename(f)))).toEqual([]);

    resetMediaTools();
    const next = await runCli(ingestArgs(tree, '--quiet'));
    expect(next.code, next.stderr).toBe(0);
    const index = mediaIndexSchema.parse(await readJson(path.join(tree.publicDir, 'media-index.json')));
    expect(Object.values(index.media).map((m) => m.fileName)).toEqual(['ZOOM0001.WAV']);
  });
});
