import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { ensureBuilt, loadBuiltSite, pageUrl, type BuiltSite } from '../lib/site.ts';
import { crawl, HOST_SERVERS } from '../../harness/host-servers.ts';
import { initialJavaScript } from '../lib/initial-javascript.ts';
import { lighthouseOnce, type LighthouseFigures } from '../lib/lighthouse.ts';
import { CPU_SLOWDOWN, mainThreadTasks, type MainThreadTasks } from '../lib/long-tasks.ts';
import { PAGE_NAMES, type PageName } from '../lib/page-kinds.ts';
import { serversOf } from './page-servers.ts';
import { pagesRows, type PagesMeasured } from './pages-rows.ts';

/**
 * The pages part: each page kind of the built site, on each server (bench/parts/page-servers.ts),
 * measured by Lighthouse and by its main-thread tasks with the CPU slowed; its rows come from
 * what it measured (bench/parts/pages-rows.ts).
 */

type PageToMeasure = { name: PageName; route: string; label: string; kbTarget?: number };

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
    { name: 'lifeList', route: site.routes.lifeList, label: 'Life List' },
    { name: 'leaf', route: site.routes.leaf, label: 'Life List leaf' },
    { name: 'species', route: site.routes.species, label: 'Largest species page' },
    { name: 'recording', route: site.routes.recording, label: 'Species page with recordings' },
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
