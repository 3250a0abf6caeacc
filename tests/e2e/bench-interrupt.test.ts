import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listProcesses, markedProcesses, type ProcessEntry } from '../../harness/processes.ts';

/**
 * `npm run bench` stopped part-way leaves no process and no temporary file behind: Ctrl-C (SIGINT
 * to the whole group, as a terminal sends it) or SIGTERM to the bench alone, while Lighthouse's
 * Chrome runs in a process group of its own. Every process of a run carries a mark of this test's
 * own in its environment, so each is found wherever it went; its temporary folder (TMPDIR) is one
 * of the test's own, so what is left in it is the run's.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const MARK_VARIABLE = 'BENCH_INTERRUPT_TEST';

/**
 * Running processes carrying `mark`, or in one of `groups` (Chrome's renderers, forked by its
 * zygote, do not keep the environment).
 */
function processesOf(mark: string, groups: ReadonlySet<number> = new Set()): ProcessEntry[] {
  const marked = new Set(markedProcesses(`${MARK_VARIABLE}=${mark}`).map((entry) => entry.pid));
  return listProcesses().filter((entry) => entry.state !== 'Z' && (marked.has(entry.pid) || groups.has(entry.group)));
}

/** Resolves with what `until` finds once it finds something; rejects with `what` after `seconds`. */
async function waitFor<T>(what: string, seconds: number, until: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await until();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'bench-interrupt-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('npm run bench, stopped part-way', () => {
  // Uncompressed: the bucket server's crawl of every link (with gzip) is not needed to reach Lighthouse.
  const pages = ['--only', 'pages', '--pages', 'home', '--runs', '1', '--hosts', 'bucket', '--compression', 'uncompressed', '--site', inject('distDir')];
  // chrome-launcher's Chrome is up: the bench is about to ask it for the page, or asking.
  const lighthouseChrome = (command: string) => command.includes('--remote-debugging-port=');
  it.each([
    { name: 'Ctrl-C (SIGINT to its process group) while Lighthouse runs Chrome', signal: 'SIGINT' as const, toGroup: true },
    { name: 'SIGTERM to the bench process alone while Lighthouse runs Chrome', signal: 'SIGTERM' as const, toGroup: false },
  ])('$name: exits with the shell status of the signal, and leaves no process running and no temporary file', async ({ signal, toGroup }) => {
    const mark = randomUUID();
    const temp = join(scratch, `${signal}-tmp`);
    await mkdir(temp);
    const env: NodeJS.ProcessEnv = { ...process.env, [MARK_VARIABLE]: mark, TMPDIR: temp };
    delete env.NODE_ENV;
    // A process group of its own, as a terminal's foreground job is.
    const npm = spawn('npm', ['run', 'bench', '--', ...pages, '--results', join(scratch, `${signal}.json`)], { cwd: repo, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    // What a shell reports: the exit code, or 128 + the signal's number for a process a signal ended.
    const status = new Promise<number>((resolve) => npm.on('close', (code, killedBy) => resolve(code ?? 128 + constants.signals[killedBy!])));
    let groups = new Set<number>();
    try {
      const before = await waitFor('the part to be running', 120, async () => {
        const found = processesOf(mark);
        return found.some((p) => lighthouseChrome(p.command)) ? found : undefined;
      });
      groups = new Set(before.map((p) => p.group));
      if (toGroup) process.kill(-npm.pid!, signal);
      else {
        // The bench itself: the innermost process running bench/bench.ts (npm's shell, and a runner's own process if there is one, are its parents).
        const benches = before.filter((p) => /^\S*node .*bench\/bench\.ts/.test(p.command));
        process.kill(benches.find((bench) => !benches.some((other) => other.parent === bench.pid))!.pid, signal);
      }
      expect(await status, stderr).toBe(128 + constants.signals[signal]);
      // Killed processes take a moment to go (longer on a busy machine): wait until none is running, or fail naming them.
      const left = await waitFor('every process of the run to end', 30, async () => (processesOf(mark, groups).length === 0 ? [] : undefined)).catch(() => processesOf(mark, groups));
      expect(
        left.map((p) => `${p.pid} (parent ${p.parent}, group ${p.group}, ${p.state}) ${p.command.slice(0, 160)}`),
        `the bench said:\n${stderr}`,
      ).toEqual([]);
      // tsx's compile cache (tsx-<uid>) is the one folder meant to stay.
      expect((await readdir(temp)).filter((name) => !/^tsx-\d+$/.test(name))).toEqual([]);
    } finally {
      for (const { pid } of processesOf(mark, groups)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch (error) {
          // ESRCH: it ended since the list was read; anything else is the test's failure.
          // biome-ignore lint/correctness/noUnsafeFinally: a process this test cannot end fails it, whatever else did
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
    }
  });
});
