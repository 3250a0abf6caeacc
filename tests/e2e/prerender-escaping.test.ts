import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifeListRoute, photoId, speciesRoute } from '../../data/paths.ts';
import { photoShareRoute } from '../../web/seo/page-meta.ts';
import { buildSite } from '../../web/prerender/build-site.ts';
import { collectConsole, fileForUrl, HYDRATION_PROBLEM, listFiles, readText, startPlainServer, startVitePreview, type StaticServer } from './prerender-support.ts';
import { appReady, launchBrowser } from '../../harness/browser.ts';
import { cardName, pageUrl } from '../../harness/site-url.ts';

/**
 * A small photo tree whose folder names are hostile, built with a base URL under
 * the sub-path /portfolio/ and served there: every name must come out as text
 * (page, title, tags, sitemap, feed) and every link, asset and deep link must work.
 */
const FAMILY = '<img src=x onerror=alert(1)>';
const OWL = `Tom & Jerry's "Owl"`;
const DUCK = '<img src=x onerror=alert(2)>';
const DUCK_FAMILY = 'Ducks, Geese & "Swans"';
/** The photographer's own title and caption, written into the duck photo's XMP. */
const TITLE = '<img src=x onerror=alert(3)> & "Drake"';
const CAPTION = 'Dabbling </script><script>alert(4)</script> & resting';
/** Markup that would call `pwned` (a binding each live page gets) if it ever ran: in a folder name, keywords and an eBird export. */
const SVG_FOLDER = '"><svg onload=pwned(5)>';
const KEYWORDS = ['<img src=x onerror=pwned(6)>', '</script><script>pwned(7)</script>', '"><svg onload=pwned(8)>'];
const EBIRD_TEXT = ['<img src=x onerror=pwned(9)>', '</script><script>pwned(10)</script>', '"><svg onload=pwned(11)>'];
const BASE_URL = 'https://birds.example.org/portfolio/';
const MOUNT = '/portfolio/';

/** An eBird export (its columns as eBird writes them) whose locations, counties, details and comments carry markup. */
function hostileExport(): string {
  const csv = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
  const header = ['Submission ID', 'Common Name', 'Scientific Name', 'Taxonomic Order', 'Count', 'State/Province', 'County', 'Location ID', 'Location', 'Latitude', 'Longitude', 'Date', 'Time', 'Protocol', 'Duration (Min)', 'All Obs Reported', 'Distance Traveled (km)', 'Area Covered (ha)', 'Number of Observers', 'Breeding Code', 'Observation Details', 'Checklist Comments', 'ML Catalog Numbers'];
  const rows = EBIRD_TEXT.map((text, i) =>
    csv([`S${100 + i}`, ['Mallard', 'Wood Duck', 'Great Horned Owl'][i]!, ['Anas platyrhynchos', 'Aix sponsa', 'Bubo virginianus'][i]!, String(300 + i), '2', 'US-FL', text, `L${i}`, text, '28.5', '-81.3', `2024-05-0${i + 1}`, '07:10 AM', 'eBird - Traveling Count', '60', '1', '1.2', '', '1', '', text, text, '']),
  );
  return [header.join(','), ...rows, ''].join('\n');
}

/** What the build writes to stderr: unusual text is no error, so nothing. */
let buildStderr = '';

let work: string;
let dist: string;
let browser: Browser;
let plain: StaticServer;
let vitePreview: StaticServer;

async function photo(path: string, colour: { r: number; g: number; b: number }, width = 640, height = 480, xmp?: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 80 });
  await (xmp ? image.withXmp(xmp) : image).toFile(path);
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const WORDS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
  `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(TITLE)}</rdf:li></rdf:Alt></dc:title>` +
  `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(CAPTION)}</rdf:li></rdf:Alt></dc:description>` +
  `<dc:subject><rdf:Bag>${KEYWORDS.map((k) => `<rdf:li>${xml(k)}</rdf:li>`).join('')}</rdf:Bag></dc:subject>` +
  '</rdf:Description></rdf:RDF></x:xmpmeta>';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'prerender-escaping-'));
  const lifeList = join(work, 'photos/life_list');
  await photo(join(lifeList, 'Strigiformes', FAMILY, OWL, 'owl one.jpg'), { r: 120, g: 90, b: 60 });
  await photo(join(lifeList, 'Strigiformes', FAMILY, OWL, 'owl two.jpg'), { r: 90, g: 90, b: 60 }, 480, 640);
  await photo(join(lifeList, 'Anseriformes', DUCK_FAMILY, DUCK, 'duck.jpg'), { r: 40, g: 90, b: 140 }, 640, 480, WORDS_XMP);
  await photo(join(lifeList, 'Anseriformes', DUCK_FAMILY, SVG_FOLDER, 'svg.jpg'), { r: 60, g: 60, b: 90 });
  await mkdir(join(work, 'photos/ebird'), { recursive: true });
  await writeFile(join(work, 'photos/ebird/MyEBirdData.csv'), hostileExport());
  await writeFile(
    join(work, 'photos/site.json'),
    JSON.stringify({
      owner: 'Ann & <Co>',
      title: 'Birds & "Friends"',
      featured: [{ species: OWL, file: 'owl one.jpg' }],
      publishing: { baseUrl: BASE_URL, basePath: MOUNT },
    }),
  );
  dist = join(work, 'dist');
  // No base given: the build takes /portfolio/ from site.json. A production bundle, as deployed.
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    buildStderr += String(chunk);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    await buildSite({ photos: join(work, 'photos'), generated: join(work, 'generated'), out: dist, quiet: true, nodeEnv: 'production' });
  } finally {
    process.stderr.write = write;
  }
  [browser, plain, vitePreview] = await Promise.all([launchBrowser(), startPlainServer(dist, MOUNT), startVitePreview(dist, MOUNT)]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), plain?.close(), vitePreview?.close()]);
  if (work) await rm(work, { recursive: true, force: true });
});

const url = (route: string, server = plain) => pageUrl(server.url, route);

/** What an attacker would want to exist, and the texts that must be there instead. */
async function inspect(page: Page) {
  return page.evaluate(() => ({
    injected: document.querySelectorAll('img[src="x"], [onerror]').length,
    h1: document.querySelector('h1')?.textContent,
    title: document.title,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    ogImageAlt: document.querySelector('meta[property="og:image:alt"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
    description: document.querySelector('meta[name=description]')?.getAttribute('content'),
  }));
}

describe('names from folder names', () => {
  it('render as text in the page, the title and the tags, never as markup', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [route, name] of [
      [speciesRoute(OWL), OWL],
      [speciesRoute(DUCK), DUCK],
      [lifeListRoute(['Strigiformes', FAMILY]), FAMILY],
      [lifeListRoute(['Anseriformes', DUCK_FAMILY, DUCK]), DUCK],
    ] as const) {
      expect((await page.goto(url(route)))?.status(), route).toBe(200);
      const seen = await inspect(page);
      expect(seen.injected, route).toBe(0);
      expect(seen.h1, route).toBe(name);
      expect(seen.title, route).toBe(`${name} · Birds & "Friends"`);
      expect(seen.ogTitle, route).toBe(name);
      expect(seen.canonical, route).toBe(BASE_URL + route.slice(1));
      expect(seen.ogImage?.startsWith(`${BASE_URL}life_list/`), route).toBe(true);
    }
    // The raw files hold the names only escaped.
    for (const file of (await listFiles(dist)).filter((f) => /\.(html|xml)$/.test(f))) {
      expect(await readText(join(dist, file)), file).not.toMatch(/<img src=x/);
    }
    await context.close();
  });

  it("the photographer's title and caption: alt text, share description and lightbox caption, all as text", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const share = photoShareRoute(photoId(`Anseriformes/${DUCK_FAMILY}/${DUCK}/duck.jpg`));
    expect((await page.goto(url(share)))?.status()).toBe(200);
    const seen = await inspect(page);
    expect(seen.injected).toBe(0);
    expect(seen.description).toBe(`${CAPTION} — ${DUCK}, photographed by Ann & <Co>.`);
    expect(seen.ogImageAlt).toBe(TITLE);
    await page.goto(url(speciesRoute(DUCK)));
    expect(await page.evaluate(() => [...document.querySelectorAll('main img')].map((img) => img.getAttribute('alt')))).toContain(TITLE);
    expect((await inspect(page)).injected).toBe(0);
    await context.close();

    // With scripts on, the lightbox shows the caption under the panel, as text.
    const live = await browser.newContext();
    const app = await live.newPage();
    const dialogs: string[] = [];
    app.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await app.goto(url(share), { waitUntil: 'networkidle' });
    // The share page itself shows the caption as text, and opens the photo in the gallery.
    expect(await app.locator('main p').first().textContent()).toBe(CAPTION);
    await app.getByRole('link', { name: 'Open in the gallery' }).click();
    const caption = app.getByTestId('photo-caption');
    await caption.waitFor();
    expect(await caption.textContent()).toBe(CAPTION);
    expect(await app.evaluate(() => document.querySelectorAll('img[src="x"], [onerror]').length)).toBe(0);
    expect(dialogs).toEqual([]);
    await live.close();
  });

  it('stay text in the sitemap and the feed, whose URLs are absolute and point at files of the build', async () => {
    const [sitemap = '', feed = '', robots = ''] = await Promise.all(['sitemap.xml', 'feed.xml', 'robots.txt'].map((f) => readText(join(dist, f))));
    expect(robots).toContain(`Sitemap: ${BASE_URL}sitemap.xml`);
    const page = await browser.newPage();
    const parsed = await page.evaluate(
      ({ sitemap, feed }) => {
        const parse = (text: string) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          if (doc.querySelector('parsererror')) throw new Error(doc.querySelector('parsererror')?.textContent ?? 'parse error');
          return doc;
        };
        const s = parse(sitemap);
        const f = parse(feed);
        return {
          urls: [...s.getElementsByTagNameNS('*', 'loc')].map((e) => e.textContent ?? ''),
          titles: [...f.querySelectorAll('entry > title')].map((e) => e.textContent),
          // The photos' entries (the eBird export's outing days have entries of their own).
          isPhoto: [...f.querySelectorAll('entry')].map((e) => (e.querySelector('link[type="text/html"]')?.getAttribute('href') ?? '').includes('/photo/')),
          links: [...f.querySelectorAll('entry > link')].map((e) => e.getAttribute('href') ?? ''),
          author: f.querySelector('feed > author > name')?.textContent,
          // The entry HTML, unwrapped once: exactly one image per entry, alt = the name.
          contents: [...f.querySelectorAll('entry > content')].map((e) => {
            const html = new DOMParser().parseFromString(e.textContent ?? '', 'text/html');
            return { images: html.querySelectorAll('img').length, alt: html.querySelector('img')?.getAttribute('alt'), injected: html.querySelectorAll('[onerror]').length };
          }),
        };
      },
      { sitemap, feed },
    );
    await page.close();
    const photoEntries = <T,>(values: T[]) => values.filter((_, i) => parsed.isPhoto[i]);
    expect(photoEntries(parsed.titles).sort()).toEqual([DUCK, OWL, OWL, SVG_FOLDER].sort());
    expect(parsed.author).toBe('Ann & <Co>');
    for (const content of parsed.contents) expect(content.injected).toBe(0);
    for (const content of photoEntries(parsed.contents)) expect(content.images).toBe(1);
    // The duck photo's alt text is its photographer's title.
    expect(photoEntries(parsed.contents).map((c) => c.alt).sort()).toEqual([TITLE, OWL, OWL, SVG_FOLDER].sort());
    expect(parsed.urls).toContain(BASE_URL + speciesRoute(OWL).slice(1));
    for (const link of [...parsed.urls, ...parsed.links]) {
      expect(link.startsWith(BASE_URL), link).toBe(true);
      expect(fileForUrl(dist, link, MOUNT), link).toBeDefined();
    }
  });
});

describe('a build under the sub-path /portfolio/', () => {
  it('navigates by links without reloads, reloads deep links, loads images, and nothing runs an injected script', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const messages = collectConsole(page);
    await page.goto(url('/'));
    // Started, the app follows the links below itself; before, a click would load a new document.
    await appReady(page);
    await page.evaluate(() => ((window as Window & { __marker?: number }).__marker = 1));
    await page.getByRole('link', { name: 'Life List' }).first().click();
    await page.locator('h1', { hasText: 'Life List' }).waitFor();
    await page.locator('main').getByRole('link', { name: cardName('Strigiformes') }).click();
    await page.locator('main').getByRole('link', { name: cardName(FAMILY) }).click();
    await page.locator('h1', { hasText: FAMILY }).waitFor();
    await page.locator('main').getByRole('link', { name: cardName(OWL) }).click();
    await page.locator('h1', { hasText: OWL }).waitFor();
    expect(new URL(page.url()).pathname).toBe(MOUNT + lifeListRoute(['Strigiformes', FAMILY, OWL]).slice(1));
    expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(1);

    // A deep link opened directly, from both servers, shows its page and its images.
    for (const server of [plain, vitePreview]) {
      await page.goto(url(speciesRoute(OWL), server), { waitUntil: 'networkidle' });
      await page.locator('h1', { hasText: OWL }).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('main img')].some((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    }
    // A shared photo's page opens it in the gallery: its species page with the lightbox on it.
    const shareLink = (await readText(join(dist, 'feed.xml'))).match(/<link rel="alternate" type="text\/html" href="([^"]+\/photo\/[^"]+)"/)?.[1];
    expect(shareLink).toBeDefined();
    await page.goto(plain.origin + new URL(shareLink ?? '').pathname, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Open in the gallery' }).click();
    await page.getByRole('button', { name: 'Close modal' }).waitFor();
    expect(new URL(page.url()).pathname.startsWith(`${MOUNT}species/`)).toBe(true);

    expect(dialogs).toEqual([]);
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    // Production React reports hydration failures only as minified errors; none at all may appear.
    expect(messages.filter((m) => /Minified React error|react\.dev\/errors/.test(m))).toEqual([]);
    await context.close();
  });
});

/** Every page file of the build, as a route under the mount. */
async function pageRoutes(): Promise<string[]> {
  return (await listFiles(dist)).filter((f) => f.endsWith('/index.html') || f === 'index.html' || f === '404.html').map((f) => (f === '404.html' ? '/no/such/page/' : `/${f.replace(/index\.html$/, '')}`));
}

describe('markup and script in titles, captions, keywords, folder names and an eBird export', () => {
  it('build with nothing reported as a problem', () => {
    expect(buildStderr).toBe('');
  });

  it('appear in no page, feed or sitemap as markup', async () => {
    // The data files hold the names as JSON strings, read by the app as text: only what a browser parses as markup is checked.
    const files = (await listFiles(dist)).filter((f) => /\.(html|xml)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readText(join(dist, file));
      for (const raw of ['<svg onload', '<script>pwned', '<img src=x', 'onerror=pwned']) expect(text.includes(raw), `${file}: ${raw}`).toBe(false);
    }
  });

  it('never run, on any page with the app started, under the policy', async () => {
    const context = await browser.newContext();
    const calls: string[] = [];
    await context.exposeBinding('pwned', (_source, id: unknown) => void calls.push(String(id)));
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__violations', { value: seen });
      addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.sample}`));
    });
    const page = await context.newPage();
    const routes = await pageRoutes();
    // Every page of the small site: walls, species, Lists, Outings, share pages, the 404 page.
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const response = await page.goto(url(route));
      expect(response?.status(), route).toBe(route.startsWith('/no/') ? 404 : 200);
      if (!route.startsWith('/photo/')) await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload]').length), route).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), route).toEqual([]);
    }
    // The lightbox of the photo with the hostile title, caption and keywords, opened.
    await page.goto(url(speciesRoute(DUCK)));
    await page.locator('main li a').first().click();
    await page.getByTestId('photo-caption').waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], [onerror], [onload]').length)).toBe(0);
    expect(calls).toEqual([]);
    await context.close();
  });
});
