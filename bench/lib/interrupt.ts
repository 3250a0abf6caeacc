import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageOf } from '../../data/error-text.ts';
import { markedProcesses } from '../../harness/processes.ts';

/** The signals that stop a run: Ctrl-C, `kill`, a closed terminal. */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Set in the bench's environment, so every process it starts, and every process those start, carries it. */
const RUN_MARK_VARIABLE = 'PORTFOLIO_BENCH_RUN';

/**
 * No process the bench started outlives it, and no temporary file is left behind. Ctrl-C (SIGINT
 * to the terminal's foreground group), SIGTERM or SIGHUP make it exit at once with the shell's
 * status for the signal (128 + its number); on any exit, every process still running with this
 * run's mark in its environment is killed, with the process group it leads. The mark finds them
 * wherever they went: Lighthouse's Chrome runs in a process group of its own (chrome-launcher's),
 * its crash handler in a session of its own, and `npm run build` does not pass a signal on to its
 * script. Chrome's zygotes and renderers do not keep the environment, but stay in their browser's
 * group. Linux only (/proc); elsewhere the bench just exits on these signals.
 * The run's temporary files (site copies, ingest outputs, browser profiles, Chrome's own, those
 * of the builds it starts) all go in one folder of its own, TMPDIR for the bench and everything it
 * starts, removed on exit once those processes are gone: a stopped run leaves no site copy behind.
 */
export function stopEverythingOnExit(): void {
  const mark = randomUUID();
  process.env[RUN_MARK_VARIABLE] = mark;
  const runTemp = mkdtempSync(join(tmpdir(), 'bench-run-'));
  process.env.TMPDIR = runTemp;
  process.once('exit', () => {
    killMarked(`${RUN_MARK_VARIABLE}=${mark}`);
    removeRunTemp(runTemp);
  });
  // Listeners that stay: a second signal while the clean-up runs is caught (and ignored), where a
  // removed one would restore the default action and end the bench half-way through it.
  let stopping = false;
  for (const signal of STOPPING_SIGNALS) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.exit(128 + constants.signals[signal]);
    });
  }
}

/** Removes the run's temporary folder; a failure is said, with the folder to remove by hand. */
function removeRunTemp(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    process.stderr.write(`[bench] could not remove its temporary folder ${folder}: ${messageOf(error)}\n`);
  }
}

/** How often killMarked looks again for a process started as the last ones were killed, 10 ms apart. */
const PASSES = 100;

/** SIGKILL to `target` (a process, or a group when negative); false once it is gone. */
function kill(target: number): boolean {
  try {
    process.kill(target, 'SIGKILL');
    return true;
  } catch (error) {
    // ESRCH: it ended meanwhile. Anything else is said: a process may be left running.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') process.stderr.write(`[bench] could not stop ${target < 0 ? `process group ${-target}` : `process ${target}`}: ${messageOf(error)}\n`);
    return false;
  }
}

/**
 * Kills every other process whose environment holds `entry`, and every group one of them leads,
 * and again until none is left: one killed as it started another (a crash handler starting its
 * own monitor) leaves that one for the next pass. Run on exit, so synchronous: Atomics.wait is
 * the pause between passes.
 */
function killMarked(entry: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const stopped = new Set<number>();
  for (let pass = 0; pass < PASSES; pass++) {
    let marked;
    try {
      marked = markedProcesses(entry);
    } catch (error) {
      process.stderr.write(`[bench] could not read the process table to stop what it started: ${messageOf(error)}\n`);
      return;
    }
    if (marked.length === 0) {
      if (stopped.size > 0) process.stderr.write(`[bench] stopped ${stopped.size} process(es) it had started\n`);
      return;
    }
    for (const { pid, group } of marked) {
      // A group leader the bench started (a detached Chrome) takes its unmarked members with it.
      if (group === pid) kill(-pid);
      if (kill(pid)) stopped.add(pid);
    }
    Atomics.wait(pause, 0, 0, 10);
  }
  process.stderr.write(`[bench] processes it started were still starting others after ${PASSES} passes: some may be left running\n`);
}
