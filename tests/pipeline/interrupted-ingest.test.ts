import { spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, ingestArgs, makeTree, runCli, type Tree } from '../../harness/ingest-tree.ts';
import { childrenOf, running } from '../../harness/processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** What `npm run ingest` runs. */
const LAUNCHER = path.resolve(here, '../../pipeline/launch.mjs');
const PHOTOS = 60;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting ${seconds} s for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The watcher each ExifTool forks as it starts (pipeline/photos/exiftool-process.ts): it must end with the run too. */
async function watchersOf(exiftools: Array<{ pid: number }>): Promise<number[]> {
  return waitFor(
    'each ExifTool to start its watcher',
    async () => {
      const found = await Promise.all(exiftools.map(async ({ pid }) => childrenOf(pid).map((c) => c.pid)));
      return found.every((children) => children.length === 1) ? found.flat() : undefined;
    },
    10,
  );
}

/**
 * Real ingests, killed while ExifTool is running: whatever the signal, no ExifTool process of
 * the run is left a few seconds later, and the data stays valid for the next run.
 */
describe('an ingest interrupted while ExifTool runs', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({ files: {} });
    const species = path.join(tree.photosDir, 'life_list', 'Order', 'Family', 'Species');
    await mkdir(species, { recursive: true });
    for (let i = 0; i < PHOTOS; i++) await copyFile(fixture('exif/dc_canon-5dmk3_orient6.jpg'), path.join(species, `p${String(i).padStart(2, '0')}.jpg`));
    // A complete site first: each killed run must leave it valid.
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
  });
  afterAll(() => tree.cleanup());

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGKILL', null],
  ] as const)('%s leaves no ExifTool process behind', async (signal, exitCode) => {
    // --force: every run reads every photo again, so ExifTool is busy whatever the last run did.
    const child = spawn(process.execPath, [LAUNCHER, ...ingestArgs(tree, '--quiet', '--force', '--concurrency', '1')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, s) => resolve({ code, signal: s })));

    const exiftools = await waitFor(
      'ExifTool to start',
      async () => {
        if (child.exitCode !== null) throw new Error(`the ingest ended before ExifTool started: ${stderr}`);
        const found = childrenOf(child.pid!).filter((c) => c.command.includes('exiftool-vendored.pl'));
        return found.length > 0 ? found : undefined;
      },
      60,
    );
    const watchers = await watchersOf(exiftools);
    child.kill(signal);
    const end = await ended;
    if (exitCode === null) expect(end.signal).toBe('SIGKILL');
    else {
      expect(end.code).toBe(exitCode);
      expect(stderr).toContain(`interrupted (${signal})`);
    }
    // SIGKILL gives the process no chance: ExifTool's watcher sees the ingest's end of its pipe close, and ends it.
    for (const pid of [...exiftools.map((e) => e.pid), ...watchers]) await waitFor(`ExifTool or its watcher ${pid} to end`, async () => (running(pid) ? undefined : true), 10);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });
});

/**
 * ExifTool waiting for its next request when its parent dies: its `-stay_open` loop would poll
 * the closed pipe for ever (no write, so no SIGPIPE either). Killed busy, it dies of the broken
 * pipe; killed idle, only the watch in pipeline/photos/exiftool-process.ts ends it.
 */
describe('an idle ExifTool whose parent is killed', () => {
  it('ends within seconds', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'exiftool-idle-child.ts'), fixture('photos/epy_nikon-d3100_gps.jpg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const ended = new Promise((resolve) => child.on('close', resolve));
    await waitFor(
      'the photo to be read',
      async () => {
        if (child.exitCode !== null) throw new Error(`the reader ended: ${stderr}`);
        return stdout.includes('read') ? true : undefined;
      },
      60,
    );
    const exiftools = childrenOf(child.pid!).filter((c) => c.command.includes('exiftool-vendored.pl'));
    expect(exiftools.length).toBeGreaterThan(0);
    const watchers = await watchersOf(exiftools);
    child.kill('SIGKILL');
    await ended;
    for (const pid of [...exiftools.map((e) => e.pid), ...watchers]) await waitFor(`ExifTool or its watcher ${pid} to end`, async () => (running(pid) ? undefined : true), 10);
  });
});
