import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MANIFEST_FILES } from '../data/manifest-layout.ts';
import { speciesRoute } from '../data/paths.ts';
import { groupAlive, markedProcesses } from './processes.ts';
import { projectFiles } from './project-files.ts';
import { fetchOnNewConnection } from './loopback-fetch.ts';

/**
 * Runs the README's commands as a new user types them, in a shell of their own: a clean
 * environment (none of the test runner's or CI's variables, no NODE_ENV), each command in a
 * process group of its own so that stopping it stops everything it started.
 */

/**
 * A fresh copy of the project in a temporary folder, as a new user has it: the files a clone has
 * (tracked ones and new ones not ignored, never the owner's generated output), node_modules as
 * `npm ci` leaves it (hard links, at no cost, without the bundle cache a warm checkout has).
 */
export async function freshCopy(repo: string, prefix: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), prefix));
  // What a clone holds (tracked files and new ones not ignored), never the owner's generated output.
  for (const file of projectFiles(repo)) {
    await mkdir(join(project, dirname(file)), { recursive: true });
    await cp(join(repo, file), join(project, file));
  }
  // Hard links: as installed, at no cost, and without the bundle cache a warm checkout has. The
  // folder itself, not a link to it (a worktree's), so the cache removed is the copy's own.
  execFileSync('cp', ['-al', realpathSync(join(repo, 'node_modules')), join(project, 'node_modules')]);
  await rm(join(project, 'node_modules/.cache'), { recursive: true, force: true });
  return project;
}

/** What a new user's shell has: no NODE_ENV, none of our PORTFOLIO_* settings, nothing of vitest's. */
export function newUsersEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}

export interface Finished {
  status: number | null;
  output: string;
  /** Processes it started that were still running a while after it ended (none, as it should be). */
  outlived: number[];
}

/** `npm run <script> [-- args]` to its end, with its output (stdout and stderr, interleaved). */
export async function runScript(project: string, script: string, args: string[] = []): Promise<Finished> {
  const child = startScript(project, script, args);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.process.on('error', reject);
    child.process.on('close', resolve);
  });
  // A child still ending (ExifTool's Perl, a browser) is given a few seconds, no more.
  const deadline = Date.now() + 5_000;
  let outlived = markedPids(child.mark);
  while (outlived.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
    outlived = markedPids(child.mark);
  }
  for (const pid of outlived) process.kill(pid, 'SIGKILL');
  return { status, output: child.output(), outlived };
}

interface Started {
  process: ChildProcess;
  output: () => string;
  /** In the environment of everything the command starts, which inherits it even when it leaves the process group. */
  mark: string;
}

/** Names the variable that marks a command's processes. */
const MARK_VARIABLE = 'README_COMMAND_RUN';

const markedPids = (mark: string) => markedProcesses(`${MARK_VARIABLE}=${mark}`).map((entry) => entry.pid);

function startScript(project: string, script: string, args: string[]): Started {
  const npmArgs = script === 'start' ? ['start'] : ['run', script];
  if (args.length > 0) npmArgs.push('--', ...args);
  const mark = randomUUID();
  const child = spawn('npm', npmArgs, { cwd: project, env: { ...newUsersEnvironment(), [MARK_VARIABLE]: mark }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output, mark };
}

/** The page of the first species the project's last ingest published, as a path (`/species/…/`). */
export function aSpeciesPage(project: string): string | undefined {
  try {
    const photos = JSON.parse(readFileSync(join(project, 'data/generated/public', MANIFEST_FILES.birdPhotos), 'utf8')) as Record<string, unknown>;
    const species = Object.keys(photos)[0];
    return species === undefined ? undefined : speciesRoute(species);
  } catch {
    // Not written yet: the command is still ingesting.
    return undefined;
  }
}

export interface Serving {
  /** What the command printed until now. */
  output: () => string;
  /** Stops the command and everything it started; rejects when any of them outlives it. */
  stop: () => Promise<void>;
}

const STATE_POLL_MS = 250;

async function answers(url: string): Promise<number | undefined> {
  try {
    const response = await fetchOnNewConnection(url, { redirect: 'manual' });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/**
 * Starts `npm start` or `npm run <script>` and resolves once every path `paths()` gives answers
 * 200 at `origin` (paths() is asked again each time: a species is known only once the ingest has
 * run). Rejects with the command's output when it exits first or `limitMs` passes.
 */
export async function startUntilServing(
  project: string,
  script: string,
  args: string[],
  origin: string,
  paths: () => string[] | undefined,
  limitMs: number,
): Promise<Serving> {
  const child = startScript(project, script, args);
  let exited: number | null | undefined;
  child.process.on('exit', (status) => (exited = status ?? -1));
  const deadline = Date.now() + limitMs;
  const serving: Serving = { output: child.output, stop: () => stopAll(child) };
  // When it fails to serve, npm may be gone while a server it started is not: stopped either way,
  // and the error says so if one would not stop.
  const stopped = () => serving.stop().then(() => '', (error: unknown) => `\n${String(error)}`);
  for (;;) {
    const wanted = paths();
    if (wanted !== undefined && wanted.length > 0) {
      const statuses = await Promise.all(wanted.map((path) => answers(`${origin}${path}`)));
      if (statuses.every((s) => s === 200)) return serving;
    }
    if (exited !== undefined) throw new Error(`npm ${script} exited with ${exited} before serving ${origin}:\n${child.output()}${await stopped()}`);
    if (Date.now() > deadline) {
      throw new Error(`npm ${script} did not serve ${(wanted ?? ['its pages']).join(', ')} at ${origin} within ${limitMs / 1000} s:\n${child.output()}${await stopped()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
  }
}

/**
 * SIGTERM to the command's process group, as Ctrl-C's terminal would; then every process it
 * started must be gone: its group, and any that left the group (found by the mark in their
 * environment, which they inherit).
 */
async function stopAll(started: Started): Promise<void> {
  const child = started.process;
  const pgid = child.pid;
  if (pgid === undefined) return;
  const closed = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  await closed;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const left = markedPids(started.mark);
    if (!groupAlive(pgid) && left.length === 0) return;
    if (Date.now() > deadline) {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      for (const pid of left) process.kill(pid, 'SIGKILL');
      throw new Error(`processes started by npm outlived it by 10 s: ${left.join(', ') || `group ${pgid}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
  }
}
