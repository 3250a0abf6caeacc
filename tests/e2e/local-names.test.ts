import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { birdListDataSchema, listsDataSchema } from '../../data/bird-lists.ts';
import { outingDataSchema } from '../../data/outings.ts';
import { lifeListRoute, LISTS_ROUTE, listRoute, outingRoute, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { normaliseSpeciesName } from '../../data/species-names.ts';
import { appReady, launchBrowser, walkingTabs } from '../../harness/browser.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { SAMPLE_SPANISH, sharedTaxonomyAbsent, SKIP_MESSAGE } from '../../harness/taxonomy-server.ts';
import { germanSite } from './german-site.ts';

/**
 * The sample library as a German site naming its birds in Spanish builds it: `"language": "de"`
 * and `"names": { "language": "es" }` in site.json, the taxonomy fetched with
 * `npm run taxonomy -- --locale es` from a loopback stand-in for eBird's API (some species named
 * in Spanish, the others left English, as eBird answers), then `npm run build` (./german-site.ts:
 * the build language.test.ts reads). Every place a bird is named shows its Spanish name; places
 * are named in the site's language, German; URLs stay as they are.
 */
/** The site's own words: its interface is in German. */
const WORDS = (JSON.parse(readFileSync(fileURLToPath(new URL('../../web/words/de.json', import.meta.url)), 'utf8')) as { phrases: Record<string, string> }).phrases;
/** The sample's countries, as a German site names them. */
const COUNTRIES = ['Kanada', 'Vereinigte Staaten', 'Vereinigtes Königreich'];
const US = 'Vereinigte Staaten';

let distDir: string;
let site: StaticServer;
let browser: Browser;
let ingestProblems: string[];

const read = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(distDir, path), 'utf8')));
const url = (route: string) => pageUrl(site.url, route);
const withTab = walkingTabs(() => browser);

if (sharedTaxonomyAbsent) console.warn(SKIP_MESSAGE);
describe.skipIf(sharedTaxonomyAbsent)('a German site naming its birds in Spanish: birds by their Spanish names, places in German', () => {
  beforeAll(async () => {
    // Built once for this file and language.test.ts (./german-site.ts).
    ({ dist: distDir, ingestProblems } = await germanSite({ photosDir: inject('photosDir'), generatedDir: inject('generatedDir'), distDir: inject('distDir') }));
    site = await startStaticServer({ root: distDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('the ingest says once how many species have no Spanish name', () => {
    const lines = ingestProblems.filter((reason) => reason.includes("no name in 'es'"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d+ of \d+ species have no name in 'es' in the bird taxonomy, so the site shows their English names$/);
  });

  it('a Life List card, the species heading (English and scientific names beside it) and a tile, by the Spanish name; the URL unchanged', async () => {
    const duck = read(siteDataPaths.species('Wood Duck'), speciesDataSchema);
    expect(duck.localName).toEqual({ name: SAMPLE_SPANISH.wooduc, lang: 'es' });
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute(duck.folder.slice(0, -1))));
      await appReady(page);
      const card = page.getByRole('link', { name: new RegExp(`^${SAMPLE_SPANISH.wooduc}\\s+1 Art$`) });
      await expect(card.locator('[lang="es"]').textContent()).resolves.toBe(SAMPLE_SPANISH.wooduc);
      // A species without a Spanish name keeps its English one.
      await page.getByRole('link', { name: /^Cackling Goose\s+1 Art$/ }).waitFor();
      await card.click();
      await page.getByRole('heading', { level: 1, name: SAMPLE_SPANISH.wooduc }).waitFor();
      await page.getByRole('link', { name: WORDS['lifeList.speciesPage']!.replace('{species}', SAMPLE_SPANISH.wooduc) }).click();
      await page.waitForURL(url(speciesRoute('Wood Duck')));
      // The URL changes before the species page replaces the wall, whose heading has the same words: wait for the page's own.
      await page.locator('main p i[lang="la"]').first().waitFor();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading.textContent()).resolves.toBe(SAMPLE_SPANISH.wooduc);
      await expect(heading.locator('[lang="es"]').count()).resolves.toBe(1);
      await expect(page.locator('main p', { has: page.locator('i[lang="la"]') }).first().textContent()).resolves.toBe('Wood Duck · Aix sponsa');
      await expect(page.title()).resolves.toContain(SAMPLE_SPANISH.wooduc);
      await page.locator('main a.photo-tile').first().hover();
      await expect(page.locator('main [data-testid="species-caption"]').first().textContent()).resolves.toBe(SAMPLE_SPANISH.wooduc);
      expect(errors).toEqual([]);
    });
  });

  it('the home wall names its birds in Spanish, pre-rendered', async () => {
    const home = readFileSync(join(distDir, 'index.html'), 'utf8');
    expect(home).toContain(`>${SAMPLE_SPANISH.wooduc}</span>`);
    expect(home).toContain(`aria-label="${SAMPLE_SPANISH.brnpel}"`);
  });

  it('search finds a bird by its Spanish name, with or without accents, and by its English and scientific names', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute([])));
      await appReady(page);
      const box = page.getByRole('combobox', { name: WORDS['search.label'] });
      for (const query of ['pelícano pardo', 'pelicano pardo', 'Brown Pelican', 'Pelecanus occidentalis']) {
        await box.fill(query);
        await expect(page.getByRole('option').first().textContent(), query).resolves.toBe(`${SAMPLE_SPANISH.brnpel} Brown Pelican Pelecanus occidentalis`);
      }
      await box.fill('aguila pescadora');
      await page.getByRole('option', { name: new RegExp(`^${SAMPLE_SPANISH.osprey}`) }).click();
      await page.waitForURL(url(speciesRoute('Osprey')));
      expect(errors).toEqual([]);
    });
    expect(normaliseSpeciesName('Águila Pescadora')).toBe('aguila pescadora');
  });

  it('lists name birds in Spanish and places in German', async () => {
    const lists = read(siteDataPaths.lists, listsDataSchema);
    expect(lists.countries.map((c) => c.name)).toEqual(COUNTRIES);
    const us = lists.countries.find((c) => c.key === 'US')!;
    const state = us.regions[0]!;
    const list = read(siteDataPaths.list(state.key), birdListDataSchema);
    const named = list.species.find((s) => s.localName)!;
    await withTab(async ({ page, errors }) => {
      await page.goto(url(LISTS_ROUTE));
      await appReady(page);
      await page.getByRole('link', { name: US, exact: true }).waitFor();
      await page.goto(url(listRoute(state.key)));
      await page.getByRole('heading', { level: 1, name: `${state.name}, ${US}` }).waitFor();
      await page.locator('main tbody th [lang="es"]', { hasText: named.localName!.name }).first().waitFor();
      const english = list.species.filter((s) => !s.localName).map((s) => s.commonName);
      const shown = await page.locator('main tbody th').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent?.trim()));
      expect(shown).toEqual(list.species.map((s) => s.localName?.name ?? s.commonName));
      expect(shown.filter((name) => english.includes(name!))).toHaveLength(english.length);
      expect(errors).toEqual([]);
    });
  });

  it('a species page names where it was first seen and where it was seen in German', async () => {
    const duck = read(siteDataPaths.species('Wood Duck'), speciesDataSchema);
    const withPlace = [duck, read(siteDataPaths.species('Mallard'), speciesDataSchema)].find((s) => s.sighting?.firstPlace)!;
    expect(withPlace.sighting!.firstPlace).toMatch(new RegExp(`, (?:${COUNTRIES.join('|')})$`));
    await withTab(async ({ page, errors }) => {
      await page.goto(url(speciesRoute(withPlace.species)));
      await appReady(page);
      const firstSeen = page.locator('main dt', { hasText: WORDS['species.firstSeen'] }).locator('xpath=following-sibling::dd');
      await expect(firstSeen.textContent()).resolves.toMatch(new RegExp(`, ${withPlace.sighting!.firstPlace}$`));
      const seenIn = page.locator('main dt', { hasText: WORDS['species.seenIn'] }).locator('xpath=following-sibling::dd');
      await expect(seenIn.textContent()).resolves.toMatch(new RegExp(`^(?:${COUNTRIES.join('|')})`));
      expect(errors).toEqual([]);
    });
  });

  it('an outing names its birds in Spanish', async () => {
    const outing = withPhotos();
    const named = outing.species.find((s) => s.localName)!;
    await withTab(async ({ page, errors }) => {
      await page.goto(url(outingRoute(outing.key)));
      await appReady(page);
      await page.locator('main li[data-species] [lang="es"]', { hasText: named.localName!.name }).first().waitFor();
      expect(errors).toEqual([]);
    });
  });
});

/** An outing of the site with a bird named in Spanish, from its data files. */
function withPhotos() {
  for (const species of ['Wood Duck', 'Brown Pelican', 'Osprey', 'Bald Eagle', 'Sandhill Crane', 'Snow Goose', 'Canada Goose', 'Great Egret', 'Roseate Spoonbill', 'American Kestrel']) {
    const data = read(siteDataPaths.species(species), speciesDataSchema);
    for (const day of data.outings ?? []) {
      const outing = read(siteDataPaths.outing(day), outingDataSchema);
      if (outing.species.some((s) => s.localName)) return outing;
    }
  }
  throw new Error('no outing of the sample names a bird with a Spanish name');
}

