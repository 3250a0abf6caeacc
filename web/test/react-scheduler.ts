import { createRequire } from 'node:module';

interface Scheduler {
  unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  unstable_IdlePriority: number;
}

/** The very scheduler react-dom loaded: resolved from react-dom's own folder, so Node's require cache gives its instance. */
const scheduler = createRequire(createRequire(import.meta.url).resolve('react-dom/client'))('scheduler') as Scheduler;

/**
 * Resolves once React's scheduler has run every task it held. Work React did outside act() (a
 * lazy chunk resolving, then its commit) leaves a task there, run on a later setImmediate, that
 * reads `window`; if the test ends first, vitest removes the jsdom window and the task fails the
 * whole run with "window is not defined". An idle-priority task runs after every other one.
 */
export function reactSchedulerDrained(): Promise<void> {
  return new Promise((resolve) => scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, resolve));
}
