import { launchBareChromium } from './bare-chromium.ts';

/** Lighthouse's phone (its mobile preset, a moto g power): viewport, pixel density, touch. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** What the trace records: each task of the main thread (RunTask) and the work inside it, and the first paint. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'];

/** Chromium's own CPU slowdown, as Lighthouse's mobile preset assumes for a phone. */
export const CPU_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: Array<{ url?: string }> } };
}

/**
 * Resolves once the app has marked itself ready (web/app-ready.tsx), or at once on a page that
 * runs no script (a share page), then after two idle periods: what the app's start queued has run.
 * Rejects after two minutes, so a page whose app never starts fails the run instead of hanging it.
 */
const APP_STARTED_AND_IDLE = `new Promise((resolve, reject) => {
  const started = () => document.documentElement.dataset.app === 'ready' || !document.querySelector('script[type="module"], script:not([type])');
  const timer = setTimeout(() => reject(new Error('the app was not ready within 120 s')), 120000);
  const idle = () => requestIdleCallback(() => requestIdleCallback(() => { clearTimeout(timer); resolve(true); }));
  if (started()) return idle();
  new MutationObserver((_, observer) => {
    if (!started()) return;
    observer.disconnect();
    idle();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });
})`;

export interface MainThreadTasks {
  /** The longest task on the page's main thread from its first contentful paint until it was started and idle (ms). */
  longestMs: number;
  /**
   * The longest of those tasks in which the page's own script ran for 1 ms or more (ms): the
   * app's start and the hydration's pieces. The others are the browser's own work (parsing the
   * rest of the document, style, layout and paint of the markup), which no script of the site
   * runs. 0 when no task ran script (a share page). Absent in results recorded before it was measured.
   */
  longestScriptMs?: number;
  /** How many of those tasks took over 50 ms (each blocks a tap for its excess). */
  over50: number;
  /** The longest task's start after the first contentful paint (ms), and the work inside it that took longest. */
  longest: { afterFcpMs: number; inside: string[] };
}

/**
 * Loads a page in Chromium with its CPU slowed CPU_SLOWDOWN times, traces its main thread, and
 * returns its tasks from the first contentful paint until the app has started (html[data-app=ready],
 * web/app-ready.tsx) and the page is idle: the hydration, the router's start and whatever the
 * page runs at load, each as one task. A page that runs no script (a share page) ends at its
 * load. Unlike Lighthouse's TBT, which scales the tasks of an unthrottled trace by 4 and stops
 * at its estimate of the page being interactive, this is the slowdown as Chromium applies it,
 * to every task until the app is ready.
 */
export async function mainThreadTasks(url: string): Promise<MainThreadTasks> {
  const chromium = await launchBareChromium();
  try {
    const { targetId } = await chromium.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await chromium.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await chromium.send('Emulation.setDeviceMetricsOverride', { width: PHONE.viewport.width, height: PHONE.viewport.height, deviceScaleFactor: PHONE.deviceScaleFactor, mobile: PHONE.isMobile }, sessionId);
    await chromium.send('Emulation.setTouchEmulationEnabled', { enabled: PHONE.hasTouch }, sessionId);
    await chromium.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    const events: TraceEvent[] = [];
    const stopCollecting = chromium.on('Tracing.dataCollected', (params) => events.push(...(params.value as TraceEvent[])));
    const complete = new Promise<void>((resolve) => {
      const stop = chromium.on('Tracing.tracingComplete', () => {
        stop();
        resolve();
      });
    });
    await chromium.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' });
    const loaded = new Promise<void>((resolve) => {
      const stop = chromium.on('Page.loadEventFired', () => {
        stop();
        resolve();
      });
    });
    // Page events only: the one domain the wait for the load needs, enabled before the navigation.
    await chromium.send('Page.enable', {}, sessionId);
    await chromium.send('Page.navigate', { url }, sessionId);
    await loaded;
    const { exceptionDetails } = await chromium.send<{ exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression: APP_STARTED_AND_IDLE, awaitPromise: true }, sessionId);
    if (exceptionDetails) throw new Error(`${url} did not start its app: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    await chromium.send('Tracing.end');
    await complete;
    stopCollecting();
    return tasksAfterFirstPaint(events, url);
  } finally {
    await chromium.close();
  }
}

/**
 * Trace events of the page's script running: a script evaluated, a callback (timer, event,
 * animation frame, idle callback, message: FunctionCall) or the microtasks after them.
 */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback', 'RunMicrotasks']);

/** The page's main thread is the one that marked its first contentful paint; its tasks from then on. */
export function tasksAfterFirstPaint(events: TraceEvent[], url: string): MainThreadTasks {
  const paints = events.filter((e) => e.name === 'firstContentfulPaint');
  const fcp = paints.at(-1);
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts && typeof e.dur === 'number');
  if (tasks.length === 0) throw new Error(`no task on the main thread of ${url} after its first paint`);
  const durations = tasks.map((task) => task.dur! / 1000);
  const longest = tasks[durations.indexOf(Math.max(...durations))]!;
  // The work of 1 ms or more on that thread, and which task it ran in.
  const work = events.filter((e) => e.ph === 'X' && e.name !== 'RunTask' && e.pid === fcp.pid && e.tid === fcp.tid && (e.dur ?? 0) >= 1000);
  const inside = (task: TraceEvent) => work.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const explained = inside(longest)
    .sort((a, b) => b.dur! - a.dur!)
    .slice(0, 6)
    .map((e) => `${e.name}${whereFrom(e)} ${(e.dur! / 1000).toFixed(0)} ms`);
  const script = work.filter((e) => SCRIPT_EVENTS.has(e.name));
  const ranScript = (task: TraceEvent) => script.some((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const scriptDurations = tasks.filter(ranScript).map((task) => task.dur! / 1000);
  return {
    longestMs: Math.max(...durations),
    longestScriptMs: Math.max(0, ...scriptDurations),
    over50: durations.filter((ms) => ms > 50).length,
    longest: { afterFcpMs: (longest.ts - fcp.ts) / 1000, inside: explained },
  };
}

function whereFrom(event: TraceEvent): string {
  const url = event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url;
  const name = event.args?.data?.functionName;
  return url || name ? ` (${[name, url?.split('/').pop()].filter(Boolean).join(' in ')})` : '';
}
