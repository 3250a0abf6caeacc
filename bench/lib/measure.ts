import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenCpuMs, treePeakRss } from '../../harness/processes.ts';

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



