import { readdirSync, readFileSync } from 'node:fs';

/**
 * The one reader of Linux's process table (/proc), on which "no process outlives a run" rests:
 * the README-command runner, the bench's clean-up and its memory figures, and the tests that
 * check an ingest, ExifTool or the bench leaves nothing running all ask it.
 */
export interface ProcessEntry {
  pid: number;
  parent: number;
  group: number;
  /** One letter: R running, S sleeping, Z a zombie waiting to be reaped, … */
  state: string;
  /** The command line, its arguments joined by spaces: read when asked (empty once the process is gone). */
  readonly command: string;
}

const PROCESS_GONE_OR_FOREIGN = new Set(['ENOENT', 'ESRCH', 'EACCES', 'EPERM']);

/** Files under /proc are bytes: latin1 reads any of them without loss or a decoding error. */
const readProc = (pid: number | string, file: string): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch (error) {
    // Ended while we looked (ENOENT, ESRCH), or another user's (EACCES, EPERM): not ours. Any
    // other failure (out of file descriptors) would make processes look gone: it is raised.
    if (PROCESS_GONE_OR_FOREIGN.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
};

/** `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so the fields start after the last ')'. */
function statFields(pid: number | string): string[] | undefined {
  const stat = readProc(pid, 'stat');
  return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The numeric names in /proc; an empty list where there is no /proc (not Linux). */
function pids(): number[] {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One process as the table has it now, or undefined once it is gone. */
export function processEntry(pid: number): ProcessEntry | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  return {
    pid,
    state: fields[0]!,
    parent: Number(fields[1]),
    group: Number(fields[2]),
    // Read only when asked: the bench polls the table every 100 ms while it measures.
    get command() {
      return (readProc(pid, 'cmdline') ?? '').split('\0').join(' ').trim();
    },
  };
}

/** Every process but this one, zombies included (their state says so). */
export function listProcesses(): ProcessEntry[] {
  return pids()
    .filter((pid) => pid !== process.pid)
    .map(processEntry)
    .filter((entry): entry is ProcessEntry => entry !== undefined);
}

/** Whether a process is still running: gone, or a zombie waiting for a reaper, is not. */
export function running(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
}

/** The running processes whose parent is `pid`. */
export function childrenOf(pid: number): ProcessEntry[] {
  return listProcesses().filter((entry) => entry.parent === pid && entry.state !== 'Z');
}

/**
 * The running processes (but this one) whose environment holds `entry` (`NAME=value`): a mark
 * every process a command starts inherits, even one that left its process group. A killed
 * process waiting to be reaped has no environment left, so it is not listed.
 */
export function markedProcesses(entry: string): ProcessEntry[] {
  return listProcesses().filter((process) => process.state !== 'Z' && (readProc(process.pid, 'environ') ?? '').split('\0').includes(entry));
}

/** Whether any process of the group `pgid` leads is still there (signal 0 tests without sending). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Peak resident memory (VmHWM) of `root` and all its descendants, the largest one, in bytes. */
export function treePeakRss(root: number): number {
  const table = listProcesses();
  let peak = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    const match = /VmHWM:\s+(\d+) kB/.exec(readProc(pid, 'status') ?? '');
    if (match) peak = Math.max(peak, Number(match[1]) * 1024);
    for (const entry of table) if (entry.parent === pid) queue.push(entry.pid);
  }
  return peak;
}

/** cutime + cstime of this process: the CPU of every child it has waited for, in ms. */
export function childrenCpuMs(): number {
  const fields = statFields('self')!;
  // Fields after the command name start at field 3 (state): cutime is field 16, cstime 17.
  const ticks = Number(fields[13]) + Number(fields[14]);
  // USER_HZ is 100 on every Linux architecture Node supports.
  return ticks * 10;
}
