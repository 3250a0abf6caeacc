import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endExiftool, exiftool, exiftoolStarts, EXIFTOOL_PROCS } from '../../pipeline/photos/exiftool-process.ts';
import { exiftoolReads, readTags } from '../../pipeline/photos/exiftool.ts';
import fg from 'fast-glob';
import { fixture, runCli } from '../../harness/ingest-tree.ts';
import { childrenOf, running } from '../../harness/processes.ts';

async function waitUntilEnded(pid: number, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (running(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still running after ${seconds} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * ExifTool is started once per process slot and kept for the whole run: a Perl start costs
 * more than a hundred readings. Counted, not timed: every start goes through the pipeline's
 * process factory, which counts it.
 */
describe('the ExifTool processes of an ingest', () => {
  let root: string;
  let photos: string;
  let args: string[];
  /** The first ingest of the test library: its ExifTool starts and readings. */
  let first: { run: Awaited<ReturnType<typeof runCli>>; starts: number; reads: number };
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'exiftool-starts-'));
    photos = path.join(root, 'photos');
    await cp(fixture('sample-library'), photos, { recursive: true });
    args = ['ingest', '--photos', photos, '--out', path.join(root, 'out'), '--quiet', '--concurrency', '2'];
    const [starts, reads] = [exiftoolStarts(), exiftoolReads()];
    const run = await runCli(args);
    first = { run, starts: exiftoolStarts() - starts, reads: exiftoolReads() - reads };
  });
  afterAll(async () => {
    await endExiftool();
    await rm(root, { recursive: true, force: true });
  });

  it(`are started at most ${EXIFTOOL_PROCS} time(s) for all the test library's photos`, () => {
    expect(first.run.code, first.run.stderr).toBe(0);
    expect(first.run.state.ingest?.counts?.new).toBeGreaterThan(40);
    // Recordings and clips are counted with the photos: each is a file the owner gave.
    expect(first.run.state.ingest?.counts?.new).toBe(first.run.state.ingest!.photos + first.run.state.ingest!.media);
    expect(first.starts).toBeGreaterThanOrEqual(1);
    expect(first.starts).toBeLessThanOrEqual(EXIFTOOL_PROCS);
  });

  it('read each photo and sidecar once on a first ingest (placement and camera data from one reading), and none when nothing changed', async () => {
    // Recordings are read for their place, day and device as photos are.
    const files = await fg(['life_list/**/*.{jpg,JPG,xmp,mp3}', 'inbox/**/*.{jpg,JPG,xmp,mp3}'], { cwd: photos });
    expect(files.length).toBeGreaterThan(45);
    expect(first.run.code).toBe(0);
    expect(first.reads).toBe(files.length);
    const again = exiftoolReads();
    const rerun = await runCli(args);
    expect(rerun.code).toBe(0);
    expect(rerun.state.ingest?.counts?.unchanged).toBe(rerun.state.ingest!.photos + rerun.state.ingest!.media);
    expect(exiftoolReads() - again).toBe(0);
  });

  it('end with their watchers when the run ends them', async () => {
    await readTags(fixture('photos/epy_nikon-d3100_gps.jpg'));
    const tools = (await exiftool()).pids;
    expect(tools.length).toBeGreaterThan(0);
    const watchers = tools.flatMap((tool) => childrenOf(tool).map((child) => child.pid));
    // One watcher per ExifTool, and nothing else started by it.
    expect(watchers).toHaveLength(tools.length);
    await endExiftool();
    for (const pid of [...tools, ...watchers]) await waitUntilEnded(pid, 10);
  });
});
