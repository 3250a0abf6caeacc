import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { INFO_ROUTE, lifeListRoute, NOT_PHOTOGRAPHED_ROUTE, speciesRoute } from '../../data/paths.ts';
import { notPhotographedDataSchema, searchDataSchema, siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { appReady } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { cardName, pageUrl } from '../../harness/site-url.ts';

/**
 * The eBird life list on the built sample site (photos/ebird/ holds a sample export): the
 * order choice, the search box, the species page's fields and the not-yet-photographed page,
 * in Chromium. Expected values come from the built site's own data files.
 */
const siteUrl = inject('siteUrl');
const distDir = inject('distDir');
const site = readSite(distDir);
const url = (route: string) => pageUrl(siteUrl, route);
const read = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(distDir, path), 'utf8')));

const searchList = read(siteDataPaths.search, searchDataSchema).species;
const notPhotographed = read(siteDataPaths.notPhotographed, notPhotographedDataSchema);
/** A species with a scientific name whose first photo is dated, to check every field of its page. */
const withSighting = searchList
  .map((s) => read(siteDataPaths.species(s.name), speciesDataSchema))
  .find((s) => s.sighting?.firstRegion !== undefined && s.firstPhotographed !== undefined);
if (!withSighting?.sighting) throw new Error('the sample site has no species with a sighting and a dated photo');
const sighting = withSighting.sighting;

/** Chromium for this file, and a visitor's tab for each test (fileBrowser). */
const { withTab } = fileBrowser();

const firstCard = (page: Page) => page.locator('main ul.grid > li a').first();
/** The cards' visible names (`Anseriformes 6 species`); innerText leaves out a lazy image's noscript fallback. */
const cardTexts = async (page: Page) => (await page.locator('main ul.grid > li a').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('the eBird life list on the sample site', () => {
  it('is built in: Info counts the export and charts its growth', async () => {
    expect(site.info.stats.lifeList).toBeDefined();
    expect(site.info.stats.speciesObserved).toBe(site.info.stats.lifeList?.observed);
    await withTab(async ({ page, errors }) => {
      await page.goto(url(INFO_ROUTE));
      await page.getByText(`${site.info.stats.speciesObserved} species observed`).waitFor();
      await page.getByText(`photographed ${site.info.stats.lifeList?.photographed} of ${site.info.stats.speciesObserved}`).waitFor();
      await page.getByTestId('life-growth-svg').waitFor();
      await page.getByRole('link', { name: 'Seen, not yet photographed' }).click();
      await page.waitForURL(url(NOT_PHOTOGRAPHED_ROUTE));
      await page.getByRole('heading', { level: 1, name: 'Seen, not yet photographed' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('orders the Life List alphabetically or taxonomically, each order its own pre-rendered page', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute([])));
      const order = page.getByRole('navigation', { name: 'Order' });
      await expect(order.getByRole('link', { name: 'Alphabetical' }).getAttribute('aria-current')).resolves.toBe('page');
      const alphabetical = await cardTexts(page);
      await order.getByRole('link', { name: 'Taxonomic' }).click();
      await page.waitForURL(url(lifeListRoute([], 'taxonomic')));
      await order.getByRole('link', { name: 'Taxonomic', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
      const taxonomic = await cardTexts(page);
      expect(taxonomic).not.toEqual(alphabetical);
      expect([...taxonomic].sort()).toEqual([...alphabetical].sort());
      // Waterfowl come first in field-guide order.
      expect(taxonomic[0]).toMatch(cardName('Anseriformes'));

      // The taxonomic page is a file of its own: a plain static host serves it with the same order.
      const response = await page.goto(url(lifeListRoute([], 'taxonomic')));
      expect(response?.status()).toBe(200);
      await expect(cardTexts(page)).resolves.toEqual(taxonomic);
      // Going down keeps the order.
      await firstCard(page).click();
      await page.waitForURL(url(lifeListRoute(['Anseriformes'], 'taxonomic')));
      await page.getByRole('heading', { level: 1, name: 'Anseriformes' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('finds a species by its scientific name, loading the list only when the box is used', async () => {
    await withTab(async ({ page, errors }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(url(lifeListRoute([])));
      await appReady(page);
      await page.waitForLoadState('networkidle');
      expect(requested.some((p) => p.endsWith(siteDataPaths.search))).toBe(false);
      const box = page.getByRole('combobox', { name: 'Find a species' });
      await box.fill(sighting.scientificName.toUpperCase());
      await page.getByRole('option', { name: new RegExp(`^${withSighting.species}`) }).waitFor();
      expect(requested.some((p) => p.endsWith(siteDataPaths.search))).toBe(true);
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(url(speciesRoute(withSighting.species)));
      await page.getByRole('heading', { level: 1, name: withSighting.species }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('shows on a species page the scientific name in italics, first seen (day, region), photos and first day photographed', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(speciesRoute(withSighting.species)));
      const scientific = page.locator('main i', { hasText: sighting.scientificName });
      await scientific.waitFor();
      await expect(scientific.evaluate((el) => getComputedStyle(el).fontStyle)).resolves.toBe('italic');
      const firstSeen = page.locator('main dt', { hasText: 'First seen:' }).locator('xpath=following-sibling::dd');
      await expect(firstSeen.locator('time').getAttribute('datetime')).resolves.toBe(sighting.firstSeen);
      // The region by its name and its country's ('Ontario, Canada'), never its code ('CA-ON').
      expect(sighting.firstPlace).toMatch(/^[^,]+, (?:Canada|United Kingdom|United States)$|^(?:Canada|United Kingdom|United States)$/);
      await expect(firstSeen.textContent()).resolves.toMatch(new RegExp(`, ${sighting.firstPlace}$`));
      await expect(firstSeen.textContent()).resolves.not.toContain(sighting.firstRegion!);
      // Seen in: each country by name, then its states/provinces ('Canada: Ontario · United States: Montana, Washington').
      const seenIn = page.locator('main dt', { hasText: 'Seen in:' }).locator('xpath=following-sibling::dd');
      const expected = withSighting.seenIn!.places.map((c) => (c.regions ? `${c.name}: ${c.regions.map((r) => r.name).join(', ')}` : c.name)).join(' · ');
      await expect(seenIn.textContent()).resolves.toBe(expected);
      await expect(seenIn.textContent()).resolves.not.toMatch(/\b[A-Z]{2}-[A-Z0-9]{1,3}\b/);
      const count = withSighting.photos.length;
      await page.getByText(count === 1 ? '1 photo' : `${count} photos`, { exact: true }).waitFor();
      const firstPhotographed = page.locator('main dt', { hasText: 'First photographed:' }).locator('xpath=following-sibling::dd//time');
      await expect(firstPhotographed.getAttribute('datetime')).resolves.toBe(withSighting.firstPhotographed);
      expect(errors).toEqual([]);
    });
  });

  it('lists the species seen but not yet photographed in taxonomic order, linked from the Life List', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute([])));
      await page.getByRole('link', { name: /Seen, not yet photographed/ }).click();
      await page.waitForURL(url(NOT_PHOTOGRAPHED_ROUTE));
      const rows = page.locator('main tbody tr');
      await rows.first().waitFor();
      await expect(rows.count()).resolves.toBe(notPhotographed.species.length);
      await expect(rows.locator('th').allTextContents()).resolves.toEqual(notPhotographed.species.map((s) => s.commonName));
      expect(errors).toEqual([]);
    });
  });
});
