import { spawn } from 'node:child_process';
import { existsSync, promises as fs, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a child process (and every process it waited for) cost. */
export interface Measured {
  exitCode: number;
  wallMs: number;
  /** user + system CPU of the child and its descendants. */
  cpuMs: number;
  /** Peak resident set of the largest process of the tree (GNU time's %M), in bytes. */
  peakRssBytes: number;
  stdout: string;
  stderr: string;
  method: 'gnu-time' | 'proc';
}

const GNU_TIME = '/usr/bin/time';

/**
 * Runs a command and measures it. With GNU time (Debian package `time`) the figures are
 * the kernel's rusage of the whole waited-for tree; without it, CPU comes from this
 * process's cutime/cstime in /proc and peak RSS from polling VmHWM of the tree.
 */
export async function runMeasured(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Measured> {
  const useGnuTime = existsSync(GNU_TIME) && process.env.BENCH_NO_GNU_TIME !== '1';
  const timeFile = path.join(os.tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const [cmd, argv] = useGnuTime ? [GNU_TIME, ['-f', '%e %U %S %M', '-o', timeFile, command, ...args]] : [command, args];
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(cmd, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let polledPeak = 0;
  // Polling costs CPU that the measured process would use, so only when GNU time is missing.
  const poll = useGnuTime
    ? undefined
    : setInterval(() => {
        if (child.pid !== undefined) polledPeak = Math.max(polledPeak, treePeakRss(child.pid));
      }, 100);
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  clearInterval(poll);
  const wallMs = performance.now() - started;
  if (useGnuTime) {
    const line = (await fs.readFile(timeFile, 'utf8')).trim().split('\n').pop() ?? '';
    await fs.rm(timeFile, { force: true });
    const [, user, sys, maxKb] = line.split(/\s+/).map(Number);
    if (user === undefined || sys === undefined || maxKb === undefined || [user, sys, maxKb].some(Number.isNaN)) {
      throw new Error(`could not read GNU time's output: '${line}'`);
    }
    return { exitCode, wallMs, cpuMs: (user + sys) * 1000, peakRssBytes: maxKb * 1024, stdout, stderr, method: 'gnu-time' };
  }
  return { exitCode, wallMs, cpuMs: childrenCpuMs() - cpuBefore, peakRssBytes: polledPeak, stdout, stderr, method: 'proc' };
}

/** cutime + cstime of this process: CPU of every child it has waited for, in ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the command name start at field 3 (state): cutime is field 16, cstime 17.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / clockTicksPerSecond();
}

function clockTicksPerSecond(): number {
  return 100; // USER_HZ is 100 on every Linux architecture Node supports.
}

/** Largest VmHWM (peak RSS) among `root` and its descendants, in bytes. */
function treePeakRss(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  let peak = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peak = Math.max(peak, Number(match[1]) * 1024);
    } catch {
      // Ended meanwhile.
    }
    for (const [child, parent] of parents) if (parent === pid) queue.push(child);
  }
  return peak;
}
