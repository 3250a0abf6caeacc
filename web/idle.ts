/**
 * Runs `task` once the page has loaded (the first screen's images included) and the
 * browser is idle, so work done ahead of need never competes with what the visitor
 * sees first. Browsers without requestIdleCallback (Safari) wait a moment instead.
 */
export function whenLoadedAndIdle(task: () => void, { timeout = 3000, fallbackDelay = 200 } = {}): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout });
    else window.setTimeout(task, fallbackDelay);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
