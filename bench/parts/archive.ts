import { promises as fs } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { lifeListRoute, speciesRoute } from '../../data/paths.ts';
import { SMOKE_LIBRARY, type BenchOptions, type Log, type PartResult } from '../lib/context.ts';
import { cleanup, runPipeline, scratchDir } from '../lib/ingest.ts';
import { runBuild } from '../lib/build.ts';
import { archiveSet, type Archive } from '../lib/archive-set.ts';
import { distFiles, rewritten } from '../lib/dist-files.ts';
import { MB, median, type Row } from '../lib/report.ts';
import { startStaticServer } from '../../harness/static-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../harness/browser.ts';
import { lighthouseOnce } from '../lib/lighthouse.ts';

/**
 * A birder's archive: a library of 10,000 photos in 600 species (small files, hard links)
 * beside the same figures at 100 photos in 6 species. What must not grow with the library:
 * a no-op build, a build after adding 20 photos (and the files it rewrites), the HTML per
 * photo, and the bytes a visitor's client-side navigation fetches.
 */
const ADDED = { smoke: 2, otherwise: 20 };

/**
 * The bound on a library's HTML per photo (issue 34): its share page, its tiles on the
 * species page and the Life List wall, and its part of every other page (each app page inlines
 * the site's stylesheet). Held from this many photos on, where the per-photo pages outweigh the
 * site's few fixed ones; a 100-photo site spreads those over too few photos to compare.
 */
export const HTML_PER_PHOTO = { targetKB: 15, fromPhotos: 1_000 };

/**
 * The static hosts' published limits for one deployment (their documentation, November 2026).
 * Netlify publishes no limit on files or bytes per deploy.
 */
const HOST_LIMITS = {
  cloudflareFiles: 20_000,
  cloudflareFileBytes: 25 * MB,
  githubSiteBytes: 1024 * MB,
  githubFileBytes: 100 * MB,
};
/**
 * A visitor's client-side navigation in Chromium: home → Life List → the first order → its
 * first family → its first species wall → open a photo. Counts the bytes of HTML and data
 * (JSON) responses, and any library-wide manifest requested (there must be none).
 */
async function navigationBytes(dist: string): Promise<{ htmlBytes: number; dataBytes: number; requests: string[]; libraryWide: string[] }> {
  const server = await startStaticServer({ root: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let htmlBytes = 0;
    let dataBytes = 0;
    const requests: string[] = [];
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const isHtml = response.request().resourceType() === 'document';
      const isData = url.pathname.endsWith('.json');
      if (!isHtml && !isData) return;
      requests.push(url.pathname);
      pending.push(
        response.body().then(
          (body) => {
            if (isHtml) htmlBytes += body.length;
            else dataBytes += body.length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(server.url);
    await page.locator('#root header').waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Life List' }).click();
    await page.waitForURL((url) => url.pathname === lifeListRoute([]));
    await page.locator('main h1', { hasText: 'Life List' }).waitFor();
    for (let depth = 0; depth < 3; depth++) {
      const card = page.locator('main ul li a').first();
      const href = (await card.getAttribute('href')) ?? '';
      const name = decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? '').split('+').at(-1) ?? '';
      await card.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.locator('main h1', { hasText: name }).waitFor();
    }
    await page.locator('main ul li a').first().click();
    await page.getByRole('button', { name: 'Close modal' }).waitFor();
    await page.locator('.yarl__slide_current img').first().waitFor();
    await Promise.all(pending);
    const libraryWide = requests.filter((p) => /bird-photos\.json|photo-index\.json|life_list\/.*\.json$/.test(p));
    return { htmlBytes, dataBytes, requests, libraryWide };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** One archive size measured: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface ArchivePoint {
  photos: number;
  species: number;
  coldIngest: { wallMs: number; peakRssBytes: number };
  noopIngestMs: number;
  coldBuild: { wallMs: number; peakRssBytes: number };
  noopBuild: { wallMs: number };
  /** Photos added before the third build. */
  added: number;
  addBuild: { wallMs: number };
  /** Files the build after adding photos wrote (renditions left out of the list). */
  addRewritten: ReturnType<typeof rewritten>;
  /** sharePageBytes: the share pages' HTML (`photo/<id>/index.html`); runs recorded before it have none. */
  dist: { files: number; bytes: number; ownBytes: number; htmlFiles: number; htmlBytes: number; sharePageBytes?: number; largestBytes: number };
  /** The same site built with publishing.assetOrigin: dist/ with pages and data, the photos in a folder of their own. */
  split: { pagesFiles: number; pagesBytes: number; photoFiles: number; photoBytes: number };
  navigation: Awaited<ReturnType<typeof navigationBytes>>;
  lighthouse?: Record<string, { score: number; lcpMs: number; cls: number; tbtMs: number }> | undefined;
}

async function measure(archive: Archive, options: BenchOptions, log: Log, lighthouseRuns: number): Promise<ArchivePoint> {
  const generated = await scratchDir(`archive-gen-${archive.photos}`);
  const dist = await scratchDir(`archive-dist-${archive.photos}`);
  const adding = options.smoke ? ADDED.smoke : ADDED.otherwise;
  const added: string[] = [];
  try {
    log(`archive: cold ingest of ${archive.photos} photos`);
    const coldIngest = await runPipeline(archive.dir, generated, options.concurrency);
    const noopIngest = await runPipeline(archive.dir, generated, options.concurrency);
    log(`archive: cold build of ${archive.photos} photos`);
    const coldBuild = await runBuild(archive.dir, generated, dist);
    const noopBuild = await runBuild(archive.dir, generated, dist);

    const before = await distFiles(dist);
    await addPhotos(archive, adding, added);
    log(`archive: build after adding ${adding} photos to ${archive.photos}`);
    const addBuild = await runBuild(archive.dir, generated, dist);
    const after = await distFiles(dist);
    const addRewritten = rewritten(before, after);
    const published = new Set([...(await distFiles(path.join(generated, 'public'))).values()].map((f) => f.ino));

    log(`archive: the ${archive.photos}-photo site built with an asset origin (photos in a folder of their own)`);
    const split = await splitBuild(archive, generated);
    log(`archive: a visitor's navigation on the ${archive.photos}-photo site`);
    const navigation = await navigationBytes(dist);
    const lighthouse = lighthouseRuns > 0 ? await archiveLighthouse(archive, dist, lighthouseRuns, log) : undefined;
    return {
      photos: archive.photos,
      species: archive.species,
      coldIngest: { wallMs: coldIngest.wallMs, peakRssBytes: coldIngest.peakRssBytes },
      noopIngestMs: noopIngest.wallMs,
      coldBuild: { wallMs: coldBuild.wallMs, peakRssBytes: coldBuild.peakRssBytes },
      noopBuild: { wallMs: noopBuild.wallMs },
      added: adding,
      addBuild: { wallMs: addBuild.wallMs },
      addRewritten: { ...addRewritten, files: addRewritten.files.filter((f) => !/\.(jpg|webp|avif)$/.test(f)) },
      dist: distFigures([...after], published),
      split,
      navigation,
      lighthouse,
    };
  } finally {
    // The set stays as generated, for the next run.
    for (const file of added) await fs.rm(file, { force: true });
    await cleanup(generated);
    await cleanup(dist);
  }
}

/** New photos in two species, as after a morning's outing: links to (or copies of) one photo of the set, each listed in `added` as it is made. */
async function addPhotos(archive: Archive, count: number, added: string[]): Promise<void> {
  const source = path.join(archive.dir, 'life_list', archive.speciesFolders[0]!);
  const sample = (await fs.readdir(source)).find((f) => f.endsWith('.jpg'))!;
  for (let i = 0; i < count; i++) {
    const folder = archive.speciesFolders[i % 2 === 0 ? 1 : archive.speciesFolders.length - 1]!;
    const file = path.join(archive.dir, 'life_list', folder, `NEW_${String(i).padStart(2, '0')}.jpg`);
    await fs.link(path.join(source, sample), file).catch(() => fs.copyFile(path.join(source, sample), file));
    added.push(file);
  }
}

/** dist/'s files and bytes; `published`: the inodes of the published files it hard-links. */
function distFigures(all: Array<[string, { size: number; ino: number }]>, published: Set<number>): ArchivePoint['dist'] {
  const bytes = (files: Array<[string, { size: number }]>) => files.reduce((sum, [, f]) => sum + f.size, 0);
  const html = all.filter(([file]) => file.endsWith('.html'));
  return {
    files: all.length,
    bytes: bytes(all),
    // What dist/ adds beyond the published files it hard-links (pages, bundles, sitemap, feed).
    ownBytes: bytes(all.filter(([, f]) => !published.has(f.ino))),
    htmlFiles: html.length,
    htmlBytes: bytes(html),
    sharePageBytes: bytes(html.filter(([file]) => file.startsWith(`photo${path.sep}`))),
    largestBytes: Math.max(...all.map(([, f]) => f.size)),
  };
}

/** The same site built with publishing.assetOrigin: the pages' folder and the photos' folder, measured apart. */
async function splitBuild(archive: Archive, generated: string): Promise<ArchivePoint['split']> {
  const splitDist = await scratchDir(`archive-split-${archive.photos}`);
  try {
    await runBuild(archive.dir, generated, path.join(splitDist, 'dist'), { photosOut: path.join(splitDist, 'photos') });
    const [pagesPart, photoPart] = [[...(await distFiles(path.join(splitDist, 'dist'))).values()], [...(await distFiles(path.join(splitDist, 'photos'))).values()]];
    return { pagesFiles: pagesPart.length, pagesBytes: pagesPart.reduce((s, f) => s + f.size, 0), photoFiles: photoPart.length, photoBytes: photoPart.reduce((s, f) => s + f.size, 0) };
  } finally {
    await cleanup(splitDist);
  }
}

/** Lighthouse on the archive's home page and its first species' page: the median of `runs` each. */
async function archiveLighthouse(archive: Archive, dist: string, runs: number, log: Log): Promise<NonNullable<ArchivePoint['lighthouse']>> {
  const server = await startStaticServer({ root: dist, gzip: true });
  try {
    const lighthouse: NonNullable<ArchivePoint['lighthouse']> = {};
    const species = archive.speciesFolders[0]!.split('/').at(-1)!;
    for (const [name, route] of [['home', '/'], ['species', speciesRoute(species)]] as const) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        log(`archive: Lighthouse ${name} of the ${archive.photos}-photo site, run ${i + 1}/${runs}`);
        results.push(await lighthouseOnce(server.url + route.slice(1), false));
      }
      lighthouse[name] = { score: median(results.map((r) => r.score)), lcpMs: median(results.map((r) => r.lcpMs)), cls: median(results.map((r) => r.cls)), tbtMs: median(results.map((r) => r.tbtMs)) };
    }
    return lighthouse;
  } finally {
    await server.close();
  }
}

/** What the archive part measured: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface ArchiveMeasured {
  /** Lighthouse runs per page on the largest archive (0: not measured). */
  lighthouseRuns: number;
  points: ArchivePoint[];
}

export async function archive(options: BenchOptions, log: Log): Promise<PartResult> {
  // --smoke: one small archive measured once checks the part works; its rows then compare that archive with itself.
  // --archive-photos: that library instead of the largest (6 species a hundred photos, the same shape), e.g. the 1,500.
  const largest = options.archivePhotos === undefined ? undefined : [options.archivePhotos, Math.max(1, Math.round((options.archivePhotos * 6) / 100))];
  const sizes = options.smoke ? [SMOKE_LIBRARY] : largest ? [[100, 6], largest] : options.quick ? [[100, 6], [300, 18]] : [[100, 6], [10_000, 600]];
  const lighthouseRuns = options.quick ? 0 : options.runs;
  const points: ArchivePoint[] = [];
  for (const [photos, species] of sizes) {
    const set = await archiveSet(photos!, species!, log);
    const isLargest = photos === sizes.at(-1)![0];
    points.push(await measure(set, options, log, isLargest ? lighthouseRuns : 0));
  }
  const measured: ArchiveMeasured = { lighthouseRuns, points };
  return { rows: archiveRows(measured), details: measured };
}

export function archiveRows(m: ArchiveMeasured): Row[] {
  const { points } = m;
  const rows: Row[] = [];
  const [small, large] = [points[0]!, points.at(-1)!];
  for (const p of points) {
    const part = `Archive ${p.photos.toLocaleString('en')} photos`;
    const perPhoto = (bytes: number) => bytes / p.photos / 1024;
    rows.push(
      { part, metric: 'cold ingest', value: p.coldIngest.wallMs / 1000, unit: 's', note: `${p.species} species; small 960 px JPEGs` },
      { part, metric: 'no-op ingest', value: p.noopIngestMs / 1000, unit: 's' },
      { part, metric: 'first build', value: p.coldBuild.wallMs / 1000, unit: 's', note: 'npm run build into an empty dist/ after the ingest (bundles already cached): every page rendered, every file linked' },
      { part, metric: 'no-op build', value: p.noopBuild.wallMs / 1000, unit: 's', target: { op: '<=', value: p.photos >= 10_000 ? 3 : 1 }, note: 'npm run build with nothing changed, its ingest included' },
      { part, metric: `build after adding ${p.added} photos`, value: p.addBuild.wallMs / 1000, unit: 's', note: `rewrote ${p.addRewritten.pages} pages, ${p.addRewritten.data} data files, ${p.addRewritten.other} other files (renditions, sitemap, feed); removed ${p.addRewritten.removed}` },
      { part, metric: 'peak RSS (cold ingest / cold build)', value: Math.max(p.coldIngest.peakRssBytes, p.coldBuild.peakRssBytes) / MB, unit: 'MB', note: `ingest ${(p.coldIngest.peakRssBytes / MB).toFixed(0)} MB, build ${(p.coldBuild.peakRssBytes / MB).toFixed(0)} MB` },
      { part, metric: 'dist/ size beyond the linked renditions', value: p.dist.ownBytes / MB, unit: 'MB', note: `${(p.dist.bytes / MB).toFixed(0)} MB counting each hard-linked rendition again` },
      {
        part,
        metric: 'HTML per photo',
        value: perPhoto(p.dist.htmlBytes),
        unit: 'KB',
        ...(p.photos >= HTML_PER_PHOTO.fromPhotos ? { target: { op: '<=' as const, value: HTML_PER_PHOTO.targetKB } } : {}),
        // Runs recorded before the share pages were counted apart keep the row they printed.
        ...(p.dist.sharePageBytes === undefined ? {} : { note: `all ${p.dist.htmlFiles} HTML files of dist/ over the photos; the share pages ${perPhoto(p.dist.sharePageBytes).toFixed(1)} KB of it, the rest the app pages (each inlines the stylesheet)` }),
      },
      { part, metric: 'dist/ files (Cloudflare Pages: 20,000)', value: p.dist.files, unit: 'count', target: { op: '<=', value: HOST_LIMITS.cloudflareFiles }, note: `${p.dist.htmlFiles} HTML files (one per page and per photo); the rest are renditions and data files. Every host's upload follows the hard links` },
      { part, metric: 'dist/ upload size (GitHub Pages: 1 GB)', value: p.dist.bytes / MB, unit: 'MB', target: { op: '<=', value: HOST_LIMITS.githubSiteBytes / MB }, note: 'Netlify publishes no limit on files or bytes per deploy' },
      { part, metric: 'largest file (Cloudflare 25 MiB, GitHub 100 MB)', value: p.dist.largestBytes / MB, unit: 'MB', target: { op: '<=', value: HOST_LIMITS.cloudflareFileBytes / MB } },
      { part, metric: 'with assetOrigin: dist/ files (Cloudflare Pages: 20,000)', value: p.split.pagesFiles, unit: 'count', target: { op: '<=', value: HOST_LIMITS.cloudflareFiles }, note: `${(p.split.pagesBytes / MB).toFixed(1)} MB of pages and data; the photos' folder for object storage: ${p.split.photoFiles.toLocaleString('en')} files, ${(p.split.photoBytes / MB).toFixed(0)} MB` },
      { part, metric: 'navigation: data + HTML fetched', value: (p.navigation.htmlBytes + p.navigation.dataBytes) / 1024, unit: 'KB', note: `home HTML ${(p.navigation.htmlBytes / 1024).toFixed(1)} KB + data ${(p.navigation.dataBytes / 1024).toFixed(1)} KB (${p.navigation.requests.length} requests); library-wide files: ${p.navigation.libraryWide.length === 0 ? 'none' : p.navigation.libraryWide.join(', ')}` },
    );
    for (const [name, figures] of Object.entries(p.lighthouse ?? {})) {
      rows.push({ part, metric: `Lighthouse ${name}: score / LCP / TBT`, value: figures.score, unit: 'score', target: { op: '>=', value: 98 }, note: `LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}; mobile preset, gzip, median of ${m.lighthouseRuns}` });
    }
  }
  const navigation = (p: ArchivePoint) => p.navigation.htmlBytes + p.navigation.dataBytes;
  rows.push({ part: 'Archive', metric: `navigation bytes ${large.photos.toLocaleString('en')} / ${small.photos}`, value: navigation(large) / navigation(small), unit: 'x', target: { op: '<=', value: 1.2 } });
  rows.push({ part: 'Archive', metric: `no-op build ${large.photos.toLocaleString('en')} / ${small.photos}`, value: large.noopBuild.wallMs / small.noopBuild.wallMs, unit: 'x' });
  return rows;
}
