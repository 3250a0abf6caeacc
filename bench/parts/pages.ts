import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { median, type Row } from '../lib/report.ts';
import { ensureBuilt, loadBuiltSite, pageUrl, type BuiltSite } from '../lib/site.ts';
// The plain static host of the E2E tests, with gzip: deep links work from the pre-rendered files alone.
import { startStaticServer } from '../../harness/static-server.ts';
// The hosts' own local servers (wrangler pages dev, serve), as the E2E tests start them.
import { crawl, HOST_SERVERS, startHostServer } from '../../harness/host-servers.ts';
import { startReplayProxy } from '../lib/replay-proxy.ts';
// The tests' Chromium and flags (closed network, root).
import { CHROMIUM, CHROMIUM_FLAGS, withOfflineFeatures } from '../../harness/browser.ts';
import { CPU_SLOWDOWN, mainThreadTasks, type MainThreadTasks } from '../lib/long-tasks.ts';

import { PAGE_HOSTS, PAGE_NAMES, type PageName } from '../lib/page-kinds.ts';

interface LighthouseFigures {
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

/** One Lighthouse run (mobile preset, its default) in a fresh Chromium, performance only. */
export async function lighthouseOnce(url: string, keepDiagnostics: boolean): Promise<LighthouseFigures> {
  // chrome-launcher's own flags, the features they switch off extended rather than replaced.
  const chromeFlags = withOfflineFeatures([...chromeLauncher.Launcher.defaultFlags(), ...CHROMIUM_FLAGS]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, ignoreDefaultFlags: true, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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

/**
 * The JavaScript of the home page: what its script and modulepreload tags fetch with the
 * document (`initial`, competing with the first screen) and what its inline loader adds once
 * the page has loaded (`afterLoad`, web/prerender/html-document.ts deferEntryScript).
 */
export async function initialJavaScript(site: BuiltSite): Promise<{ files: string[]; rawBytes: number; gzipBytes: number; afterLoad: { files: string[]; rawBytes: number; gzipBytes: number }; development: boolean }> {
  const html = await fs.readFile(path.join(site.dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const base = site.info.publishing.basePath;
  const local = (urls: string[]) =>
    urls.filter((url) => url !== '' && !/^[a-z]+:\/\//i.test(url)).map((url) => (url.startsWith(base) ? url.slice(base.length) : url.replace(/^\.?\//, '')));
  const initial = local(
    tags
      .filter((tag) => (tag.startsWith('<script') && /\bsrc=/.test(tag)) || (/\brel=["']?modulepreload/.test(tag) && /\bhref=/.test(tag)))
      .map((tag) => /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1] ?? ''),
  );
  // The deferred loader's files, quoted in its inline script: the entry (`s.src = "…"`) and the chunks it preloads with it.
  const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).find((script) => /\.type\s*=\s*'module'/.test(script)) ?? '';
  const deferred = local([...loader.matchAll(/("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string).filter((url) => url.endsWith('.js')));
  let development = false;
  const measure = async (files: string[]) => {
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of new Set(files)) {
      const body = await fs.readFile(path.join(site.dist, file));
      rawBytes += body.length;
      gzipBytes += gzipSync(body).length;
      // React's development runtime: a dist/ built under a test runner (NODE_ENV=test), not what is deployed.
      development ||= body.includes('jsxDEV');
    }
    return { files: [...new Set(files)], rawBytes, gzipBytes };
  };
  const before = await measure(initial);
  const afterLoad = await measure(deferred);
  return { ...before, afterLoad, development };
}


/** One page measured on one server. */
interface PageMeasured {
  name: PageName;
  label: string;
  route: string;
  url: string;
  /** Bytes transferred in all, when the page has a target for them (KB). */
  kbTarget?: number | undefined;
  figures: LighthouseFigures[];
  /** Per run, its main thread's tasks under Chromium's own CPU slowdown (bench/lib/long-tasks.ts); absent in results recorded before it was measured. */
  tasks?: MainThreadTasks[] | undefined;
  /** Through the replaying proxy: its answers replayed and forwarded during the measured runs. */
  replay?: { replayed: number; forwarded: number } | undefined;
}

/** What the pages part measured, server by server: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface PagesMeasured {
  routes: BuiltSite['routes'];
  runs: number;
  /** The first page measured, whose rows name the Lighthouse settings. */
  firstPage: PageName | undefined;
  servers: Array<{ mode: string; replayed: boolean; crawl?: { checked: number; failures: string[] } | undefined; pages: PageMeasured[] }>;
  initialJs: Awaited<ReturnType<typeof initialJavaScript>>;
}

type PageToMeasure = { name: PageName; route: string; label: string; kbTarget?: number };
type PageServer = { mode: string; replayed?: boolean; start: () => Promise<{ url: string; close(): Promise<void>; counts?: () => { replayed: number; forwarded: number } }> };

export async function pages(options: BenchOptions, log: Log): Promise<PartResult> {
  await ensureBuilt(options, log);
  const site = await loadBuiltSite();
  const runs = options.quick ? 1 : options.runs;
  const pagesToTest = pagesOf(site, options);
  const measured: PagesMeasured = { routes: site.routes, runs, firstPage: pagesToTest[0]?.name, servers: [], initialJs: await initialJavaScript(site) };
  for (const { mode, replayed = false, start } of serversOf(site, options)) {
    const server = await start();
    const onServer: PagesMeasured['servers'][number] = { mode, replayed, pages: [] };
    measured.servers.push(onServer);
    try {
      // Through the replaying proxy, the crawl also records the answers to every link; their redirects are the host's own row's.
      if (mode !== 'uncompressed') onServer.crawl = await crawl(server.url);
      // --quick checks the benchmark works: on the hosts' servers, the home page is enough for that.
      for (const page of options.quick && (replayed || HOST_SERVERS.some((host) => host === mode)) ? pagesToTest.slice(0, 1) : pagesToTest) {
        const url = pageUrl(new URL(server.url).origin, site, page.route);
        if (replayed) {
          // Records what the page fetches beyond the links the crawl followed (scripts, data, lazy images).
          log(`pages: Lighthouse ${page.label}, ${mode}: a first run to record the server's answers (not counted)`);
          await lighthouseOnce(url, false);
        }
        const before = server.counts?.();
        const { figures, tasks } = await measurePage(page, url, mode, runs, log);
        const after = server.counts?.();
        const replay = before && after ? { replayed: after.replayed - before.replayed, forwarded: after.forwarded - before.forwarded } : undefined;
        onServer.pages.push({ name: page.name, label: page.label, route: page.route, url, kbTarget: page.kbTarget, figures, tasks, replay });
      }
    } finally {
      await server.close();
    }
  }
  return { rows: pagesRows(measured), details: measured };
}

/** The page kinds the site has, as --pages chose them (--smoke: the home page alone). */
function pagesOf(site: BuiltSite, options: BenchOptions): PageToMeasure[] {
  const allPages: Array<Omit<PageToMeasure, 'route'> & { route: string | undefined }> = [
    { name: 'home', route: site.routes.home, label: 'Home /', kbTarget: 1024 },
    { name: 'leaf', route: site.routes.leaf, label: 'Life List leaf' },
    { name: 'species', route: site.routes.species, label: 'Largest species page' },
    { name: 'photoLink', route: site.routes.photoLink, label: 'Photo link ?photo=', kbTarget: 400 },
    { name: 'sharePage', route: site.routes.sharePage, label: 'Photo share page', kbTarget: 400 },
    { name: 'info', route: site.routes.info, label: 'Info' },
    { name: 'lists', route: site.routes.lists, label: 'Lists and map' },
    { name: 'outings', route: site.routes.outings, label: 'Outings index' },
    { name: 'outingsYear', route: site.routes.outingsYear, label: 'Largest year of outings' },
    { name: 'outing', route: site.routes.outing, label: 'Busiest outing day' },
    { name: 'trip', route: site.routes.trip, label: 'Largest trip' },
  ];
  return allPages
    .filter((page): page is PageToMeasure => page.route !== undefined)
    .filter((page) => (options.pages ?? (options.smoke ? ['home'] : PAGE_NAMES)).includes(page.name));
}

/**
 * The servers the pages are measured on (--smoke: the gzip bucket server alone). A plain bucket
 * serves files as they are; a CDN or nginx compresses text: both are measured. The hosts'
 * servers serve dist/ at their root: a site built for a sub-path is measured on the bucket
 * server only. --replay: each host's server also measured through a proxy that gives its
 * recorded answers (bench/lib/replay-proxy.ts), so its own CPU use is not taken from the browser measured.
 */
function serversOf(site: BuiltSite, options: BenchOptions): PageServer[] {
  const hosts = (options.hosts ?? (options.smoke ? ['bucket'] : PAGE_HOSTS)).filter((host) => host === 'bucket' || site.info.publishing.basePath === '/');
  return hosts.flatMap((host): PageServer[] =>
    host === 'bucket'
      ? (options.compression ?? (options.smoke ? [true] : [true, false])).map((gzip) => ({ mode: gzip ? 'gzip' : 'uncompressed', start: () => startStaticServer({ root: site.dist, basePath: site.info.publishing.basePath, gzip }) }))
      : [
          { mode: host, start: () => startHostServer(host, site.dist) },
          ...(options.replay ? [{ mode: `${host}, replayed`, replayed: true, start: () => startReplayedHost(host, site.dist) }] : []),
        ],
  );
}

/** `runs` Lighthouse runs of a page, each followed by its main-thread tasks with the CPU slowed. */
async function measurePage(page: PageToMeasure, url: string, mode: string, runs: number, log: Log): Promise<{ figures: LighthouseFigures[]; tasks: MainThreadTasks[] }> {
  const figures: LighthouseFigures[] = [];
  const tasks: MainThreadTasks[] = [];
  for (let i = 0; i < runs; i++) {
    log(`pages: Lighthouse ${page.label}, ${mode} (${page.route}) run ${i + 1}/${runs}`);
    figures.push(await lighthouseOnce(url, i === 0));
    log(`pages: main-thread tasks of ${page.label}, ${mode}, CPU slowed ${CPU_SLOWDOWN}×, run ${i + 1}/${runs}`);
    tasks.push(await mainThreadTasks(url));
  }
  return { figures, tasks };
}

/** Transferred per page, compressed: the app's JavaScript a page runs, the lightbox's stylesheet, the document. */
const JS_KB = 120;
const CSS_KB = 10;
const HTML_KB = 40;

type FigureKey = Exclude<keyof LighthouseFigures, 'benchmarkIndex' | 'diagnostics'>;

/**
 * A page's first-view targets on a server: on one that compresses (the gzip bucket, the hosts'
 * servers), every page kind paints and shows its largest element within a second on Lighthouse's
 * phone; served uncompressed, text paints only once its HTML has arrived, and a photo link's
 * photo is a screen-sized file. The byte targets are per kind, as transferred (so compressed
 * where the server compresses): the app's JavaScript, the lightbox's stylesheet (the site's own
 * is inside the HTML), the document.
 */
export function firstViewTargets(name: PageName, mode: string): { fcpS: number; lcpS: number; speedIndexS: number; jsKB: number; cssKB: number; htmlKB: number } {
  const photo = name === 'photoLink' || name === 'sharePage';
  if (mode === 'uncompressed') return { fcpS: 1.5, lcpS: photo ? 1.8 : 1.5, speedIndexS: 2.0, jsKB: JS_KB * 4, cssKB: CSS_KB * 4, htmlKB: HTML_KB * 4 };
  return { fcpS: 1.0, lcpS: 1.0, speedIndexS: 1.5, jsKB: JS_KB, cssKB: CSS_KB, htmlKB: HTML_KB };
}

export function pagesRows(m: PagesMeasured): Row[] {
  const rows: Row[] = [];
  for (const { mode, replayed, crawl: crawled, pages: measuredPages } of m.servers) {
    if (crawled && !replayed) {
      const redirects = crawled.failures.filter((failure) => failure.startsWith('3'));
      rows.push({ part: `Pages, ${mode}`, metric: 'redirects among links, canonicals, sitemap, feed', value: redirects.length, unit: 'count', target: { op: '==', value: 0 }, note: `${crawled.checked} URLs followed from home, sitemap.xml and feed.xml; ${crawled.failures.length - redirects.length} other non-200 answers` });
    }
    for (const page of measuredPages) {
      const { figures } = page;
      const m50 = (key: FigureKey) => median(figures.map((f) => f[key]));
      const replay = page.replay ? `; ${page.replay.replayed} answers replayed, ${page.replay.forwarded} forwarded to the server during the measured runs` : '';
      const part = `Page ${page.label}, ${mode}`;
      const t = firstViewTargets(page.name, mode);
      rows.push(
        { part, metric: 'performance score', value: m50('score'), unit: 'score', target: { op: '>=', value: 99 }, note: `${page.name === m.firstPage ? `Lighthouse 12 mobile preset, median of ${figures.length}; ` : ''}Lighthouse benchmarkIndex ${benchmarkIndexOf(figures)} (CPU speed it saw; lower = busier machine)${replay}` },
        { part, metric: 'FCP', value: m50('fcpMs') / 1000, unit: 's', target: { op: '<=', value: t.fcpS } },
        { part, metric: 'LCP', value: m50('lcpMs') / 1000, unit: 's', target: { op: '<=', value: t.lcpS } },
        { part, metric: 'TBT', value: m50('tbtMs'), unit: 'ms', target: { op: '<=', value: 50 } },
        { part, metric: 'CLS', value: m50('cls'), unit: '', target: { op: '==', value: 0 } },
        { part, metric: 'Speed Index', value: m50('speedIndexMs') / 1000, unit: 's', target: { op: '<=', value: t.speedIndexS } },
        { part, metric: 'JS transferred', value: m50('jsBytes') / 1024, unit: 'KB', target: { op: '<=', value: t.jsKB } },
        { part, metric: 'CSS transferred', value: m50('cssBytes') / 1024, unit: 'KB', target: { op: '<=', value: t.cssKB } },
        { part, metric: 'HTML transferred', value: m50('htmlBytes') / 1024, unit: 'KB', target: { op: '<=', value: t.htmlKB } },
        { part, metric: 'transferred', value: m50('bytes') / 1024, unit: 'KB', target: page.kbTarget === undefined ? undefined : { op: page.kbTarget < 1024 ? '<=' : '<', value: page.kbTarget } },
      );
      if (page.tasks?.length) rows.push(...longestTaskRows(part, page.tasks));
    }
  }
  const js = m.initialJs;
  rows.push(
    { part: 'Pages', metric: 'JS before the first screen (gzip)', value: js.gzipBytes / 1024, unit: 'KB', target: { op: '<=', value: 80 }, note: `${js.files.length} file(s) from dist/index.html's script/modulepreload tags, zlib default level${js.development ? '; WARNING: a development React build (dist/ was built with NODE_ENV≠production), every page figure is pessimistic' : ''}` },
    { part: 'Pages', metric: 'entry JS after the page has loaded (gzip)', value: js.afterLoad.gzipBytes / 1024, unit: 'KB', note: `${js.afterLoad.files.join(', ') || 'none'}: added by the inline loader on the load event, after the first screen's images` },
  );
  return rows;
}

/**
 * The hydration and the app's start in pieces a tap is not kept waiting on: under Chromium's own
 * 4× CPU slowdown (median of the runs), the longest task on the main thread from the first paint
 * until the app is ready, with the work inside the longest one; and the longest of the tasks that
 * ran the page's script (the app's pieces), which tells them from the browser's own style,
 * layout and paint of the markup. Results recorded before the second was measured have only the first.
 */
function longestTaskRows(part: string, tasks: MainThreadTasks[]): Row[] {
  const longest = median(tasks.map((t) => t.longestMs));
  const worst = tasks.reduce((a, b) => (b.longestMs > a.longestMs ? b : a));
  const rows: Row[] = [
    {
      part,
      metric: `longest task after first paint, CPU ${CPU_SLOWDOWN}× slower`,
      value: longest,
      unit: 'ms',
      target: { op: '<=', value: 50 },
      note: `median of ${tasks.length}; tasks over 50 ms per run: ${tasks.map((t) => t.over50).join(', ')}; the longest (${worst.longestMs.toFixed(0)} ms, ${worst.longest.afterFcpMs.toFixed(0)} ms after the first paint): ${worst.longest.inside.join('; ') || 'no single piece of work over 1 ms'}`,
    },
  ];
  const script = tasks.map((t) => t.longestScriptMs);
  if (script.every((ms) => typeof ms === 'number')) {
    rows.push({
      part,
      metric: `longest task running the page's script, CPU ${CPU_SLOWDOWN}× slower`,
      value: median(script),
      unit: 'ms',
      target: { op: '<=', value: 50 },
      note: `median of ${tasks.length} (per run: ${script.map((ms) => ms.toFixed(0)).join(', ')} ms): the app's start and the hydration's pieces, each a task that ran 1 ms or more of the page's script`,
    });
  }
  return rows;
}

/** A host's own server behind a proxy that records its answers and gives them again from memory. */
async function startReplayedHost(host: (typeof HOST_SERVERS)[number], dist: string) {
  const server = await startHostServer(host, dist);
  try {
    const proxy = await startReplayProxy(server.url);
    return {
      url: proxy.url,
      counts: proxy.counts,
      close: async () => {
        await proxy.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

function benchmarkIndexOf(figures: LighthouseFigures[]): string {
  const values = figures.map((f) => f.benchmarkIndex).filter((v): v is number => v !== null);
  return values.length > 0 ? median(values).toFixed(0) : 'unknown';
}
