import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { infoSchema, photoIndexSchema, lifeListStructureSchema, childFolders, isPhotoWall, type LifeListFolder, type PhotoEntry } from '../../data/manifest-schemas.ts';
import { MEDIA_INDEX_FILE } from '../../data/manifest-layout.ts';
import { mediaIndexSchema } from '../../data/media-schemas.ts';
import { INFO_ROUTE, lifeListRoute, NOT_PHOTOGRAPHED_ROUTE, OUTINGS_ROUTE, pageFile, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { collectConsole, fileForUrl, HYDRATION_PROBLEM, listFiles, readText, startPlainServer, startVitePreview, type StaticServer } from './prerender-support.ts';
import { buildSite } from '../../web/prerender/build-site.ts';
import { ENTRY_WAIT_MS } from '../../web/prerender/inline-scripts.ts';
import { appReady, launchBrowser } from '../../harness/browser.ts';
import { cardName } from '../../harness/site-url.ts';

/**
 * The sample site, built by the real `npm run build` steps, served by `vite preview` and by a plain static server, and read by
 * Chromium with and without JavaScript. Names come from the generated manifests.
 */
let dist: string;
let browser: Browser;
let vitePreview: StaticServer;
let plain: StaticServer;
let photos: PhotoEntry[];
let mediaSpecies: string[];
let firstWallLevel: string[];
let deepestFolderLevel: string[];
let featuredCount: number;

function findLevels(root: LifeListFolder): { wall: string[]; folders: string[] } {
  let wall: string[] | undefined;
  let folders: string[] = [];
  const visit = (folder: LifeListFolder, segments: string[]) => {
    if (isPhotoWall(folder)) wall ??= segments;
    else if (segments.length > folders.length) folders = segments;
    for (const [name, child] of childFolders(folder)) if (child.file_count > 0) visit(child, [...segments, name]);
  };
  visit(root, []);
  if (!wall) throw new Error('the sample Life List has no photo wall');
  return { wall, folders };
}


beforeAll(async () => {
  // The sample site as `npm run build` makes it: tests/e2e/global-setup.ts builds it once for every E2E test.
  dist = inject('distDir');
  const publicDir = inject('publicDir');
  photos = Object.values(photoIndexSchema.parse(JSON.parse(await readText(join(publicDir, 'photo-index.json')))).photos);
  mediaSpecies = Object.values(mediaIndexSchema.parse(JSON.parse(await readText(join(publicDir, MEDIA_INDEX_FILE)))).media).map((entry) => entry.species);
  featuredCount = infoSchema.parse(JSON.parse(await readText(join(publicDir, 'info.json')))).featured.length;
  const levels = findLevels(lifeListStructureSchema.parse(JSON.parse(await readText(join(publicDir, 'life_list/life_list_structure.json')))));
  firstWallLevel = levels.wall;
  deepestFolderLevel = levels.folders;
  [browser, vitePreview, plain] = await Promise.all([launchBrowser(), startVitePreview(dist), startPlainServer(dist)]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), vitePreview?.close(), plain?.close()]);
});

async function withContext<T>(javaScriptEnabled: boolean, run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

describe('pre-rendered pages without JavaScript', () => {
  it('show every kind of page with its content, from vite preview and from a plain static server', async () => {
    const species = photos[0]?.species ?? '';
    for (const server of [vitePreview, plain]) {
      await withContext(false, async (context) => {
        const page = await context.newPage();
        const open = async (route: string) => {
          const response = await page.goto(server.origin + route);
          return response?.status();
        };

        expect(await open('/')).toBe(200);
        expect(await page.locator('main li a[aria-label]').count()).toBe(featuredCount);
        // Thumbnails hold their box before any image loads.
        const box = await page.locator('main li a[aria-label]').first().boundingBox();
        expect(box?.height ?? 0).toBeGreaterThan(50);
        // And the photos themselves show, from the tiles' <noscript> fallback.
        await page.waitForFunction(() => [...document.querySelectorAll('main img')].some((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));

        expect(await open(lifeListRoute([]))).toBe(200);
        expect(await page.locator('h1').textContent()).toBe('Life List');
        expect(await page.locator('main a[href^="/life-list/"]').count()).toBeGreaterThan(0);

        expect(await open(lifeListRoute(deepestFolderLevel))).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(deepestFolderLevel.at(-1));
        expect(await page.locator('main ul a[href^="/life-list/"]').count()).toBeGreaterThan(0);

        expect(await open(lifeListRoute(firstWallLevel))).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(firstWallLevel.at(-1));
        const onWall = photos.filter((p) => p.folder.join('/') === firstWallLevel.join('/')).length;
        expect(await page.locator('main ul li').count()).toBe(onWall);

        expect(await open(speciesRoute(species))).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(species);
        expect(await page.locator('main ul li').count()).toBe(photos.filter((p) => p.species === species).length);

        expect(await open(INFO_ROUTE)).toBe(200);
        expect(await page.getByRole('heading', { name: 'Gear' }).count()).toBe(1);
        expect(await page.getByRole('heading', { name: 'Stats' }).count()).toBe(1);
        expect(await page.locator('main').textContent()).toMatch(/\d+ species observed/);

        // Both answer an unknown path with 404.html (vite preview as a host does: web/vite-plugins/preview-host.ts).
        expect(await open('/no/such/page/')).toBe(404);
        expect(await page.locator('h1').textContent()).toBe('Page not found');
      });
    }
  });

  it('answer a Life List path with a comma, spaces and "+", and its images, from both servers (files are named as hosts decode them)', async () => {
    const withComma = photos.find((p) => p.folder.some((name) => /[,'&]/.test(name)))?.folder ?? firstWallLevel;
    const image = photos.find((p) => p.folder.join('/') === withComma.join('/'));
    for (const server of [vitePreview, plain]) {
      await withContext(false, async (context) => {
        const page = await context.newPage();
        const response = await page.goto(server.origin + lifeListRoute(withComma));
        expect(response?.status()).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(withComma.at(-1));
        if (image) {
          const file = await page.request.get(server.origin + '/' + image.thumbnail.path.split('/').map(encodeURIComponent).join('/'));
          expect(file.status(), image.thumbnail.path).toBe(200);
          expect(file.headers()['content-type']).toContain('image/jpeg');
        }
      });
    }
  });
});

describe('hydration and navigation with JavaScript', () => {
  /**
   * The sample site again, with React's development flavour: production React reports a
   * mismatched text or element (error #418 and its kin) but hydrates a mismatched attribute
   * in silence, which the development flavour warns of. Built from the global setup's data
   * (a linked copy: the build writes its state beside them), no ingest. Served by the strict
   * static server alone: hydration compares the file served with what the app renders, and
   * vite preview serves the same files (the test above loads every kind of page from both).
   */
  let devSite: { dist: string; work: string; server: StaticServer } | undefined;
  beforeAll(async () => {
    const work = await mkdtemp(join(tmpdir(), 'prerender-dev-'));
    execFileSync('cp', ['-al', dirname(inject('publicDir')), join(work, 'generated')]);
    const devDist = join(work, 'dist');
    await buildSite({ generated: join(work, 'generated'), out: devDist, skipIngest: true, quiet: true, nodeEnv: 'development' });
    devSite = { dist: devDist, work, server: await startPlainServer(devDist) };
  }, 180_000);
  afterAll(async () => {
    if (!devSite) return;
    await devSite.server.close();
    await rm(devSite.work, { recursive: true, force: true });
  });

  it('takes over every kind of page without a hydration warning (React development flavour)', async () => {
    const photo = photos[0];
    if (!photo) throw new Error('no photos');
    const routes = [
      '/',
      lifeListRoute([]),
      lifeListRoute(deepestFolderLevel),
      lifeListRoute(deepestFolderLevel, 'taxonomic'),
      lifeListRoute(firstWallLevel),
      speciesRoute(photo.species),
      INFO_ROUTE,
      NOT_PHOTOGRAPHED_ROUTE,
      '/no/such/page',
    ];
    expect(await readText(join(devSite!.dist, 'index.html'))).not.toBe(await readText(join(dist, 'index.html')));
    await withContext(true, async (context) => {
      // One tab, each page loaded afresh into it (a new document, its own messages): a tab per
      // page would start a new renderer and compile React's development build each time.
      const page = await context.newPage();
      const messages = collectConsole(page);
      for (const route of routes) {
        messages.length = 0;
        await page.goto(devSite!.server.origin + route, { waitUntil: 'networkidle' });
        // Hydrated: the app marks the page ready once its first render over the pre-rendered root has committed.
        await appReady(page);
        expect(messages.filter((m) => HYDRATION_PROBLEM.test(m)), route).toEqual([]);
        if (route === '/no/such/page') await page.locator('h1', { hasText: 'Page not found' }).waitFor();
      }
    });
  });

  it('keeps the pre-rendered DOM (no re-render from scratch) and navigates without full reloads', async () => {
    await withContext(true, async (context) => {
      const page = await context.newPage();
      const messages = collectConsole(page);
      // A node from the server markup, marked as the document is parsed: before any of the app's
      // code runs (its entry script is added after `load`), so before hydration could replace it.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (document.querySelector('header a') as HTMLElement & { __marker?: boolean }).__marker = true;
        });
      });
      await page.goto(`${plain.origin}/`);
      await appReady(page);
      expect(await page.evaluate(() => (document.querySelector('header a') as HTMLElement & { __marker?: boolean }).__marker)).toBe(true);
      // A marker of this document alone (the init script would mark a reloaded one too): the links below keep it.
      await page.evaluate(() => ((window as Window & { __pageMarker?: string }).__pageMarker = 'still here'));

      await page.getByRole('link', { name: 'Life List' }).first().click();
      await page.waitForURL((url) => url.pathname === lifeListRoute([]));
      const first = deepestFolderLevel[0] ?? '';
      await page.locator('main').getByRole('link', { name: cardName(first) }).click();
      await page.waitForURL((url) => url.pathname === lifeListRoute([first]));
      await page.locator('h1', { hasText: first }).waitFor();
      await page.getByRole('link', { name: 'Info' }).first().click();
      await page.waitForURL((url) => url.pathname === INFO_ROUTE);
      expect(await page.evaluate(() => (window as Window & { __pageMarker?: string }).__pageMarker)).toBe('still here');
      expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    });
  });

  it("carries no loader data, loads the first screen's priority photo alone, then the rest, then the app's script", async () => {
    const species = photos[0]?.species ?? '';
    for (const route of ['/', speciesRoute(species)]) {
      expect(await readText(join(dist, pageFile(route))), route).not.toContain('__staticRouterHydrationData');
    }
    await withContext(true, async (context) => {
      const page = await context.newPage();
      // Element Timing entries of the first screen's photos, collected from the start.
      await page.addInitScript(() => {
        const seen: Array<{ url: string; renderTime: number }> = [];
        (window as Window & { __shown?: typeof seen }).__shown = seen;
        new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push({ url: (e as PerformanceEntry & { url: string }).url, renderTime: (e as PerformanceEntry & { renderTime: number }).renderTime }))).observe({ type: 'element', buffered: true });
      });
      // The order tested is the loader's chain. Its latest-by bound (ENTRY_WAIT_MS after `load`)
      // adds the entry early by design, and on a busy machine it can come before the chain ends:
      // pushed out of this test's way.
      await page.addInitScript((latest) => {
        const setTimeoutOf = window.setTimeout.bind(window);
        window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => setTimeoutOf(handler, ms === latest ? 600_000 : ms, ...rest)) as typeof window.setTimeout;
      }, ENTRY_WAIT_MS);
      await page.goto(`${plain.origin}/`);
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      const { shown, tiles, entryStart } = await page.evaluate(() => {
        const requested = (url: string) => performance.getEntriesByType('resource').find((r) => r.name === url)?.startTime ?? Number.NaN;
        return {
          shown: (window as Window & { __shown?: Array<{ url: string; renderTime: number }> }).__shown ?? [],
          tiles: [...document.querySelectorAll<HTMLImageElement>('main img[elementtiming="first-screen"]')].map((img) => ({ url: img.currentSrc, priority: img.getAttribute('fetchpriority') === 'high', requested: requested(img.currentSrc) })),
          entryStart: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name))?.startTime,
        };
      });
      const priority = tiles.filter((tile) => tile.priority);
      const next = tiles.filter((tile) => !tile.priority);
      expect(priority).toHaveLength(1);
      expect(next.length).toBeGreaterThan(0);
      // Every first-screen photo of the home wall is on this 1280 x 900 screen, and each was shown before the script was asked for.
      expect(shown.map((entry) => entry.url).sort()).toEqual(tiles.map((tile) => tile.url).sort());
      expect(entryStart).toBeGreaterThan(Math.max(...shown.map((entry) => entry.renderTime)));
      // The others were asked for once the priority photo was on screen: it had the bandwidth alone.
      const priorityShown = shown.find((entry) => entry.url === priority[0]!.url)!.renderTime;
      for (const tile of next) expect(tile.requested, tile.url).toBeGreaterThan(priorityShown);
    });
  });

  it('answers a shared photo link with a small page that shows the photo at once and opens it in the gallery', async () => {
    const photo = photos.find((p) => p.number > 1) ?? photos[0];
    if (!photo) throw new Error('no photos');
    const shareUrl = plain.origin + photoShareRoute(photo.id);
    const shareHtml = await readText(join(dist, pageFile(photoShareRoute(photo.id))));
    expect(shareHtml.length).toBeLessThanOrEqual(8 * 1024);
    // The site's icon, a file of the site, so the browser does not ask for /favicon.ico (a static host's 404.html: the app shell).
    const icon = /<link rel="icon" type="image\/png" href="\/(assets\/favicon-[\w-]+\.png)" \/>/.exec(shareHtml);
    expect(icon, 'the icon link').not.toBeNull();
    expect(existsSync(join(dist, icon![1]!))).toBe(true);
    await withContext(false, async (context) => {
      const page = await context.newPage();
      expect((await page.goto(shareUrl))?.status()).toBe(200);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBe(`/${photo.display.path.split('/').map(encodeURIComponent).join('/')}`);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(photo.species);
      expect(await page.locator('h1').textContent()).toBe(photo.species);
      // The photo itself, without any script.
      await page.waitForFunction(() => {
        const img = document.querySelector('main img') as HTMLImageElement | null;
        return img?.complete && img.naturalWidth > 0;
      });
    });
    await withContext(true, async (context) => {
      const page = await context.newPage();
      const messages = collectConsole(page);
      await page.goto(shareUrl);
      await page.getByRole('link', { name: 'Open in the gallery' }).click();
      await page.waitForURL((url) => url.pathname === speciesRoute(photo.species) && url.searchParams.get('photo') === photo.id);
      await page.getByRole('button', { name: 'Close modal' }).waitFor();
      expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    });
  });
});

describe('head tags, sitemap and feed', () => {
  it('give every page a title, description, canonical URL and preview image that exist in the build', async () => {
    const htmlFiles = (await listFiles(dist)).filter((f) => f.endsWith('.html') && !f.startsWith('assets/'));
    const documents = await Promise.all(htmlFiles.map(async (file) => ({ file, html: await readText(join(dist, file)) })));
    const page = await browser.newPage();
    const heads = await page.evaluate((docs) => {
      return docs.map(({ file, html }) => {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        const meta = (key: string) => [...doc.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) => m.getAttribute('content'));
        return {
          file,
          // The map's regions carry SVG <title>s (their tooltips); the page's own title is the head's.
          titles: doc.head.querySelectorAll('title').length,
          title: doc.title,
          descriptions: meta('description'),
          canonical: [...doc.querySelectorAll('link[rel=canonical]')].map((l) => l.getAttribute('href')),
          ogUrl: meta('og:url'),
          ogImage: meta('og:image'),
          ogImageWidth: meta('og:image:width'),
          twitterCard: meta('twitter:card'),
          twitterImage: meta('twitter:image'),
          rootChildren: doc.getElementById('root')?.childElementCount ?? 0,
        };
      });
    }, documents);
    await page.close();
    expect(heads.length).toBeGreaterThan(photos.length);
    for (const head of heads) {
      expect(head.titles, head.file).toBe(1);
      expect(head.title.length, head.file).toBeGreaterThan(0);
      expect(head.descriptions, head.file).toHaveLength(1);
      // A share page is a small static page of its own, without the app.
      if (!head.file.startsWith('photo/')) expect(head.rootChildren, head.file).toBeGreaterThan(0);
      if (head.file === '404.html') continue;
      expect(head.canonical, head.file).toHaveLength(1);
      expect(head.ogUrl, head.file).toEqual(head.canonical);
      expect(fileForUrl(dist, head.canonical[0] ?? '', '/'), `${head.file}: ${head.canonical[0]}`).toBeDefined();
      expect(head.ogImage, head.file).toHaveLength(1);
      // X takes the image from og:image.
      expect(head.twitterImage, head.file).toEqual([]);
      expect(head.twitterCard, head.file).toEqual(['summary_large_image']);
      expect(Number(head.ogImageWidth[0]), head.file).toBeGreaterThan(0);
      expect(fileForUrl(dist, head.ogImage[0] ?? '', '/'), `${head.file}: ${head.ogImage[0]}`).toBeDefined();
    }
    // A species page previews that species.
    const photo = photos[0];
    if (!photo) throw new Error('no photos');
    const speciesHead = heads.find((h) => h.file === pageFile(speciesRoute(photo.species)));
    const speciesImage = photos.filter((p) => p.species === photo.species).sort((a, b) => a.number - b.number)[0];
    expect(decodeURIComponent(speciesHead?.ogImage[0] ?? '')).toBe(`/${speciesImage?.display.path}`);
  });

  it('write a sitemap of every page with its images and a feed of the newest photos, all pointing at files that exist', async () => {
    const [sitemap = '', feed = '', robots = ''] = await Promise.all(['sitemap.xml', 'feed.xml', 'robots.txt'].map((f) => readText(join(dist, f))));
    expect(robots).toContain('User-agent: *');
    // Without a base URL, robots.txt cannot announce a sitemap (it needs an absolute URL).
    expect(robots).not.toContain('Sitemap:');
    const page = await browser.newPage();
    const parsed = await page.evaluate(
      ({ sitemap, feed }) => {
        const parse = (text: string) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          const error = doc.querySelector('parsererror');
          if (error) throw new Error(error.textContent ?? 'parse error');
          return doc;
        };
        const s = parse(sitemap);
        const f = parse(feed);
        return {
          locs: [...s.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((e) => e.textContent ?? ''),
          images: [...s.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc')].map((e) => e.textContent ?? ''),
          root: f.documentElement.namespaceURI,
          entries: [...f.getElementsByTagName('entry')].map((e) => ({
            title: e.getElementsByTagName('title')[0]?.textContent ?? '',
            href: e.querySelector('link[rel=alternate]')?.getAttribute('href') ?? '',
            image: e.querySelector('link[rel=enclosure]')?.getAttribute('href') ?? '',
          })),
        };
      },
      { sitemap, feed },
    );
    await page.close();
    expect(parsed.root).toBe('http://www.w3.org/2005/Atom');
    // A species page for every species with a photo, a recording or a clip.
    const speciesCount = new Set([...photos.map((p) => p.species), ...mediaSpecies]).size;
    expect(parsed.locs).toContain('/');
    expect(parsed.locs).toContain(INFO_ROUTE);
    expect(parsed.locs.filter((l) => l.startsWith('/species/'))).toHaveLength(speciesCount);
    expect(parsed.images.length).toBeGreaterThanOrEqual(photos.length);
    for (const url of [...parsed.locs, ...parsed.images]) expect(fileForUrl(dist, url, '/'), url).toBeDefined();
    // The newest photos, then the newest outings (days in the field), each an entry of its own.
    const photoEntries = parsed.entries.filter((e) => !e.href.startsWith(OUTINGS_ROUTE));
    const outingEntries = parsed.entries.filter((e) => e.href.startsWith(OUTINGS_ROUTE));
    expect(photoEntries.length).toBe(Math.min(30, photos.length));
    expect(outingEntries.length).toBe(30);
    for (const entry of photoEntries) {
      expect(fileForUrl(dist, entry.href, '/'), entry.href).toBeDefined();
      expect(fileForUrl(dist, entry.image, '/'), entry.image).toBeDefined();
    }
    for (const entry of outingEntries) expect(fileForUrl(dist, entry.href, '/'), entry.href).toBeDefined();
    // Newest by date taken first.
    const newest = [...photos].filter((p) => p.takenOn).sort((a, b) => (a.takenOn! < b.takenOn! ? 1 : -1))[0];
    if (newest) expect(photos.find((p) => photoShareRoute(p.id) === photoEntries[0]?.href)?.takenOn).toBe(newest.takenOn);
  });
});
