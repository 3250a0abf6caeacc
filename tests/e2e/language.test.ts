import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lifeListRoute, LISTS_ROUTE, INFO_ROUTE, OUTINGS_ROUTE, speciesRoute } from '../../data/paths.ts';
import { launchBrowser } from '../../harness/browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';
import { germanSite } from './german-site.ts';

/**
 * The sample site built in German (`"language": "de"` in site.json), as an owner builds it
 * (`npm run build`, web/prerender/launch.mjs): no phrase of the English interface on any
 * pre-rendered page nor once the app has started (the lightbox and the search included), dates
 * and counts as a German reader writes them, `<html lang="de">` and `og:locale`. The owner's own
 * words are German too here, so any English left would be the interface's. The Life List's
 * folders stay as the sample names them (English), and the birds are named in Spanish
 * (local-names.test.ts reads the same build): the check is of the phrases.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const WORDS = join(repo, 'web/words');

type Phrases = Record<string, string | Record<string, string>>;
const textsOf = (phrases: Phrases) => Object.values(phrases).flatMap((p) => (typeof p === 'string' ? [p] : Object.values(p)));

/**
 * The English interface's words that must not appear: each phrase's text between its
 * placeholders, where it has a word of four letters or more, and the German file does not use
 * the same text itself (`Info`, `ISO`, `Lifer` are German birders' words too).
 */
async function englishFragments(): Promise<string[]> {
  const read = async (tag: string) => (JSON.parse(await readFile(join(WORDS, `${tag}.json`), 'utf8')) as { phrases: Phrases }).phrases;
  const german = textsOf(await read('de'));
  const fragments = textsOf(await read('en')).flatMap((text) => text.split(/\{\w+\}/).map((part) => part.trim()));
  return [...new Set(fragments)].filter((f) => /\p{L}{4,}/u.test(f) && !german.some((g) => g.includes(f)));
}

/**
 * The names and words the data gives (birds, the Life List's folders, the photos' captions,
 * titles and credits, the regions eBird names): English in the sample, and none of the interface's.
 */
let dataWords: string[] = [];

function readDataWords(): string[] {
  const site = readSite(dist);
  const folders: string[] = [];
  const walk = (folder: object) => {
    for (const [name, child] of Object.entries(folder)) {
      if (child && typeof child === 'object' && !Array.isArray(child)) {
        folders.push(name);
        walk(child);
      }
    }
  };
  walk(site.structure);
  const fromPhotos = site.photos.flatMap((p) => [p.species, p.caption, p.title, p.credit?.author, p.credit?.licence, p.credit?.source, p.location, ...p.folder]);
  // Longest first, so a name is taken out whole before any shorter name inside it.
  return [...new Set([...folders, ...fromPhotos].filter((w): w is string => typeof w === 'string' && w.length > 0))].sort((a, b) => b.length - a.length);
}

/** Where a fragment stands as words of its own (not inside a longer word), outside the data's own words. */
function englishIn(text: string, fragments: readonly string[]): string[] {
  for (const words of dataWords) text = text.replaceAll(words, ' ');
  return fragments.filter((f) => new RegExp(`(?<![\\p{L}])${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text));
}

/** A page's words as a reader and a screen reader meet them: its text and the attributes that speak (alt, title, aria-label, placeholder, meta content). */
function wordsOfHtml(html: string): string {
  const spoken: string[] = [];
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ');
  for (const match of withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/gi)) spoken.push(match[1]!);
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return [text, ...spoken]
    .join('\n')
    // Addresses (og:url, canonical): `/outings/` is a path, not a word.
    .replace(/\S*\/\S*/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const GERMAN_DAY = /\b\d{1,2}\. (?:Jan\.|Feb\.|März|Apr\.|Mai|Juni|Juli|Aug\.|Sept\.|Okt\.|Nov\.|Dez\.) \d{4}\b/;

let dist: string;
let server: StaticServer;
let browser: Browser;
let fragments: string[];

beforeAll(async () => {
  // Built once for this file and local-names.test.ts (./german-site.ts).
  ({ dist } = await germanSite({ photosDir: inject('photosDir'), generatedDir: inject('generatedDir'), distDir: inject('distDir') }));
  [server, browser, fragments] = await Promise.all([startStaticServer({ root: dist }), launchBrowser(), englishFragments()]);
  dataWords = readDataWords();
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

/** Every pre-rendered page of the build (the app's pages, the share pages, the 404 page). */
async function prerenderedPages(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dist, { recursive: true });
  return entries.filter((f) => f.endsWith('.html'));
}

describe('a site built in German', () => {
  it("shares React's chunk with the English build, its own entry aside: a visitor's browser keeps React from one site or release to the next", async () => {
    const scripts = async (folder: string) => (await readdir(join(folder, 'assets'))).filter((f) => f.endsWith('.js'));
    const [german, english] = await Promise.all([scripts(dist), scripts(inject('distDir'))]);
    const react = german.filter((f) => /^react-[\w-]+\.js$/.test(f));
    expect(react).toHaveLength(1);
    expect(english).toContain(react[0]);
    // The entries hold each site's words, so they differ.
    const entry = (files: string[]) => files.find((f) => /^index-[\w-]+\.js$/.test(f));
    expect(entry(german)).toBeDefined();
    expect(entry(german)).not.toBe(entry(english));
  });

  it('leaves no phrase of the English interface on any pre-rendered page, and says its language', async () => {
    expect(fragments).toEqual(expect.arrayContaining(['Life List', 'Outings', 'First seen', 'Page not found', 'Photo credits']));
    const pages = await prerenderedPages();
    expect(pages.length).toBeGreaterThan(100);
    const english: string[] = [];
    for (const file of pages) {
      const html = await readFile(join(dist, file), 'utf8');
      expect(html, file).toMatch(/<html lang="de"/);
      expect(html, file).toContain('<meta property="og:locale" content="de_DE">');
      for (const found of englishIn(wordsOfHtml(html), fragments)) english.push(`${file}: ${found}`);
    }
    expect(english).toEqual([]);
  });

  it('writes dates and counts as a German reader does, on the pre-rendered pages', async () => {
    const text = (route: string) => readFile(join(dist, ...route.split('/').filter(Boolean), 'index.html'), 'utf8').then(wordsOfHtml);
    expect(await text(lifeListRoute([]))).toMatch(/\b\d+ Arten\b/);
    expect(await text(OUTINGS_ROUTE)).toMatch(GERMAN_DAY);
    expect(await text(OUTINGS_ROUTE)).toMatch(/\b\d+ Arten?\b.*\b\d+ Fotos?\b/);
    expect(await text(OUTINGS_ROUTE)).not.toMatch(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/);
    expect(await text(LISTS_ROUTE)).toMatch(/\b\d+ von \d+\b/);
  });

  describe('once the app has started', () => {
    async function opened(route: string): Promise<Page> {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(pageUrl(server.url, route));
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      return page;
    }
    const englishOn = async (page: Page) => englishIn(wordsOfHtml(await page.content()), fragments);

    it('speaks German on every kind of page', async () => {
      const site = readSite(dist);
      for (const route of ['/', lifeListRoute([]), speciesRoute(site.speciesWithMostPhotos[0]), OUTINGS_ROUTE, LISTS_ROUTE, INFO_ROUTE, '/no/such/page/']) {
        const page = await opened(route);
        expect(await page.locator('html').getAttribute('lang'), route).toBe('de');
        expect(await englishOn(page), route).toEqual([]);
        await page.context().close();
      }
    });

    it('speaks German in the lightbox: its buttons and its metadata panel', async () => {
      const species = readSite(dist).lightboxSpecies;
      expect(species, 'a species whose first photo has camera data').toBeDefined();
      const page = await opened(speciesRoute(species!));
      await page.locator('main li a').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Schließen' }).waitFor();
      await dialog.getByRole('button', { name: 'Vollbild' }).waitFor();
      const panel = page.getByRole('complementary', { name: 'Fotodetails' });
      await panel.getByText('Kamera', { exact: true }).waitFor();
      await panel.getByText('Objektiv', { exact: true }).waitFor();
      // The slides and their labels, the lightbox's last stage.
      await dialog.locator('.yarl__slide_current img').waitFor();
      expect(await englishOn(page)).toEqual([]);
      await page.context().close();
    });

    it('speaks German in the search: its label, its hint and what it found', async () => {
      const page = await opened(lifeListRoute([]));
      const box = page.getByRole('combobox', { name: 'Art suchen' });
      await box.fill('a');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await expect.poll(() => page.getByRole('status').allTextContents().then((t) => t.join(' '))).toMatch(/\d+ Arten? gefunden/);
      expect(await englishOn(page)).toEqual([]);
      await page.context().close();
    });
  });
});
