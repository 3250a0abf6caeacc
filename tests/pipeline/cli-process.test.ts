import { spawn } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, ingestArgs, makeTree, runCli, type Tree } from '../../harness/ingest-tree.ts';
import { processEntry } from '../../harness/processes.ts';

/** What `npm run ingest` runs: plain node on a bundle of pipeline/cli.ts, rebuilt when a source is newer. */
const LAUNCHER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pipeline/launch.mjs');

function startCli(args: string[]) {
  const child = spawn(process.execPath, [LAUNCHER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

describe('the CLI as a real process, started as npm run ingest starts it', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({
      files: {
        'Order/Family/Species/good.jpg': fixture('photos/epy_nikon-d3100_gps.jpg'),
        'Order/Family/Species/broken.jpg': fixture('broken/truncated.jpg'),
        // The HEIF decoder says why it fails on the console: that must not reach the JSON on stdout.
        'Order/Family/Species/corrupt.heif': fixture('broken/heif-corrupt-boxes.heif'),
      },
    });
  });
  afterAll(() => tree.cleanup());

  it('exits 1 when a photo failed, with a JSON report on stdout and progress on stderr', async () => {
    const { done } = startCli(ingestArgs(tree, '--json'));
    const result = await done;
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ status: 'some-failed', exitCode: 1, counts: { new: 1, failed: 2 } });
    expect(report.problems).toEqual([
      expect.objectContaining({ severity: 'error', path: 'life_list/Order/Family/Species/broken.jpg' }),
      expect.objectContaining({ severity: 'error', path: 'life_list/Order/Family/Species/corrupt.heif', reason: expect.stringMatching(/HEIF: Decoding image failed: .*Unexpected end of file/) }),
    ]);
    expect(result.stderr).toMatch(/ingest: 3\/3 photos/);
  });

  it('documents every option in --help and exits 0', async () => {
    const result = await startCli(['ingest', '--help']).done;
    expect(result.code).toBe(0);
    for (const option of ['--photos', '--out', '--concurrency', '--force', '--quiet', '--json', '--max-megapixels']) expect(result.stdout).toContain(option);
    expect(result.stdout).toMatch(/Exit status: 0/);
  });

  it('refuses a bad option value with exit status 2 (fatal), as --help documents', async () => {
    for (const args of [['ingest', '--concurrency', 'lots'], ['ingest', '--no-such-option'], ['validate', '--out']]) {
      const result = await startCli(args).done;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: /);
    }
  });

  it('a run killed half-way leaves the previous manifests valid, and the next run completes', async () => {
    // A first complete run, then many new photos so the second run is still busy when killed.
    const first = await runCli(ingestArgs(tree, '--quiet'));
    expect(first.code).toBe(1);
    const speciesDir = path.join(tree.photosDir, 'life_list', 'Order', 'Family', 'Species');
    for (let i = 0; i < 40; i++) await copyFile(fixture('exif/dc_canon-5dmk3_orient6.jpg'), path.join(speciesDir, `copy-${String(i).padStart(2, '0')}.jpg`));

    const { child, done } = startCli(ingestArgs(tree, '--quiet', '--concurrency', '1'));
    const publishedSpecies = path.join(tree.publicDir, 'life_list', 'Order', 'Family', 'Species');
    // Wait until a few copies are published, freeze the run, and make sure it was still running
    // (its /proc entry says stopped): only then is the kill really half-way.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the ingest finished before it could be killed half-way');
      if (Date.now() > deadline) throw new Error('the ingest published no copies within 60 s');
      const names = await readdir(publishedSpecies).catch(() => [] as string[]);
      if (names.filter((n) => n.startsWith('copy-')).length >= 4) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGSTOP');
    // The stop is delivered asynchronously: wait until the process says it is stopped (or is gone, which fails).
    let state: string | undefined = '';
    while (state !== 'T') {
      state = processEntry(child.pid!)?.state;
      expect(state, 'the ingest was still running when it was frozen').toBeDefined();
      expect(child.exitCode, 'the ingest was still running when it was frozen').toBeNull();
      if (state !== 'T') await new Promise((resolve) => setImmediate(resolve));
    }
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');

    expect((await runValidate(tree.outDir)).problems).toEqual([]);
    const next = await runCli(ingestArgs(tree, '--quiet'));
    expect(next.code).toBe(1);
    expect(next.state.ingest?.photos).toBe(41);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });
});
