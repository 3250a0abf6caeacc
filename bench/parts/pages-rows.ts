import { median, type Row } from '../lib/report.ts';
import type { BuiltSite } from '../lib/site.ts';
import type { InitialJavaScript } from '../lib/initial-javascript.ts';
import type { LighthouseFigures } from '../lib/lighthouse.ts';
import { CPU_SLOWDOWN, type MainThreadTasks } from '../lib/long-tasks.ts';
import type { PageName } from '../lib/page-kinds.ts';

/**
 * The pages part's rows, made from what it measured alone: per server and page, Lighthouse's
 * figures and the longest main-thread tasks against their targets; then the home page's JavaScript.
 */

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
  initialJs: InitialJavaScript;
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

function benchmarkIndexOf(figures: LighthouseFigures[]): string {
  const values = figures.map((f) => f.benchmarkIndex).filter((v): v is number => v !== null);
  return values.length > 0 ? median(values).toFixed(0) : 'unknown';
}
