import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// The tests' Chromium and flags (closed network, root).
import { CHROMIUM, CHROMIUM_FLAGS, withOfflineFeatures } from '../../harness/browser.ts';

/** What one Lighthouse run of a page gives the bench: its score, timings and bytes. */
export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Bytes transferred, in all and by kind (Lighthouse's resource summary: what the page loaded until the network was quiet). */
  bytes: number;
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  /** Lighthouse's measure of this machine's CPU speed at the time (lower = slower or busier). */
  benchmarkIndex: number | null;
  /** Why the figures are what they are (the first run of each page keeps them). */
  diagnostics?: Record<string, unknown>;
}

/** The audits that explain a slow page: what the LCP element is, which scripts cost main-thread time, what weighs. */
function diagnosticsOf(lhr: { audits: Record<string, { numericValue?: number; displayValue?: string; details?: unknown }> }): Record<string, unknown> {
  const items = (id: string, pick: (item: Record<string, unknown>) => unknown, limit = 6) => {
    const details = lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined;
    return (details?.items ?? []).slice(0, limit).map(pick);
  };
  return {
    lcpBreakdown: items('largest-contentful-paint-element', (item) => item, 2),
    bootup: items('bootup-time', (item) => ({ url: item.url, totalMs: item.total, scriptingMs: item.scripting })),
    mainThread: items('mainthread-work-breakdown', (item) => ({ group: item.groupLabel ?? item.group, ms: item.duration })),
    // The tasks that make TBT, with the script each is attributed to (or the document itself: its parse, style and layout).
    longTasks: items('long-tasks', (item) => ({ url: item.url, startMs: item.startTime, ms: item.duration }), 10),
    heaviest: items('total-byte-weight', (item) => ({ url: item.url, bytes: item.totalBytes })),
    renderBlocking: items('render-blocking-resources', (item) => ({ url: item.url, wastedMs: item.wastedMs })),
    unusedJs: items('unused-javascript', (item) => ({ url: item.url, wastedBytes: item.wastedBytes })),
  };
}

/**
 * Lighthouse's own failures to record a trace ("Please run Lighthouse again"): seen on a busy
 * machine now and then, a fault of the recording, not of the page. Such a run gives no figures
 * and is run again, in a fresh Chromium, at most twice.
 */
const TRACE_NOT_RECORDED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const TRACE_ATTEMPTS = 3;

/** One Lighthouse run (mobile preset, its default) in a fresh Chromium, performance only. */
export async function lighthouseOnce(url: string, keepDiagnostics: boolean): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, keepDiagnostics);
    } catch (error) {
      if (!(error instanceof TraceNotRecorded) || attempt >= TRACE_ATTEMPTS) throw error;
    }
  }
}

class TraceNotRecorded extends Error {}

async function lighthouseRun(url: string, keepDiagnostics: boolean): Promise<LighthouseFigures> {
  // chrome-launcher's own flags, the features they switch off extended rather than replaced.
  const chromeFlags = withOfflineFeatures([...chromeLauncher.Launcher.defaultFlags(), ...CHROMIUM_FLAGS]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, ignoreDefaultFlags: true, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      throw TRACE_NOT_RECORDED.has(lhr.runtimeError.code) ? new TraceNotRecorded(message) : new Error(message);
    }
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse on ${url} did not measure ${id}`);
      return value;
    };
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse on ${url} gave no performance score`);
    const summary = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items;
    if (!summary) throw new Error(`Lighthouse on ${url} gave no resource summary`);
    const transferred = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
    return {
      score: score * 100,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      speedIndexMs: audit('speed-index'),
      bytes: audit('total-byte-weight'),
      jsBytes: transferred('script'),
      cssBytes: transferred('stylesheet'),
      htmlBytes: transferred('document'),
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      ...(keepDiagnostics ? { diagnostics: diagnosticsOf(lhr) } : {}),
    };
  } finally {
    await chrome.kill();
  }
}
