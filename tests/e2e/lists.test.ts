import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { birdListDataSchema, listsDataSchema } from '../../data/bird-lists.ts';
import { INFO_ROUTE, lifeListRoute, LISTS_ROUTE, listRoute, pageFile, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { appReady, keepsPrerenderedHeading } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { pageUrl } from '../../harness/site-url.ts';

/**
 * The lists of the sample export (21 years, 3 countries, 11 states/provinces) on the built
 * site: the Lists page's table and map, a year list and a state list, pre-rendered, kept on
 * hydration, linked from the site. Expected values come from the built site's data files.
 */
const siteUrl = inject('siteUrl');
const distDir = inject('distDir');
const url = (route: string) => pageUrl(siteUrl, route);
const read = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(distDir, path), 'utf8')));
const html = (route: string) => readFileSync(join(distDir, pageFile(route)), 'utf8');

const lists = read(siteDataPaths.lists, listsDataSchema);
const newestYear = lists.years[0]!;
const us = lists.countries.find((c) => c.key === 'US')!;
const state = [...us.regions].sort((a, b) => b.observed - a.observed)[0]!;

/** Chromium for this file, and a visitor's tab for each test (fileBrowser). */
const { withTab } = fileBrowser();

describe('the lists of the sample export', () => {
  it('are derived as eBird counts them: every year and region, names from ISO 3166', () => {
    expect(lists.life.observed).toBe(153);
    expect(lists.years.map((y) => y.key)).toEqual(Array.from({ length: 21 }, (_, i) => String(2025 - i)));
    expect(lists.countries.map((c) => [c.key, c.name])).toEqual([
      ['CA', 'Canada'],
      ['GB', 'United Kingdom'],
      ['US', 'United States'],
    ]);
    expect(lists.countries.find((c) => c.key === 'GB')!.regions.map((r) => r.name)).toEqual(['England']);
    expect(lists.countries.find((c) => c.key === 'CA')!.regions.map((r) => r.name)).toEqual(['Ontario']);
    expect(us.regions.map((r) => r.key)).toContain('US-TX');
    // The years' new species add up to the life list, as the growth chart's do.
    expect(lists.years.reduce((sum, y) => sum + y.added, 0)).toBe(153);
    for (const list of [...lists.years, ...lists.countries, ...lists.countries.flatMap((c) => c.regions)]) {
      const page = read(siteDataPaths.list(list.key), birdListDataSchema);
      expect(page.species.length, list.key).toBe(list.observed);
      expect(page.species.filter((s) => s.species).length, list.key).toBe(list.photographed);
    }
  });

  it('the Lists page is pre-rendered with its table and map, and keeps them when the app takes over', async () => {
    const prerendered = html(LISTS_ROUTE);
    expect(prerendered).toContain('<h1');
    expect(prerendered).toContain('<svg');
    // Every country and state with a list is a link on the map, without JavaScript.
    for (const code of ['US', 'GB', 'CA', state.key]) expect(prerendered).toContain(`href="/lists/${code}/"`);
    await withTab(async ({ page, errors }) => {
      const result = await keepsPrerenderedHeading(page, url(LISTS_ROUTE));
      expect(result).toMatchObject({ kept: true, heading: 'Lists' });
      const rows = page.locator('main table tbody tr');
      // Life, the two group headings, each year, each country and each state/province.
      await expect(rows.count()).resolves.toBe(1 + 2 + lists.years.length + lists.countries.length + lists.countries.reduce((n, c) => n + c.regions.length, 0));
      // A map of states/provinces per country with lists of them: the US's, and Canada's and the UK's (Natural Earth).
      for (const [country, region] of [['Canada', 'CA-ON'], ['United Kingdom', 'GB-ENG'], ['United States', state.key]] as const) {
        const map = page.getByRole('group', { name: `${country}: regions birded, shaded by species count` });
        await expect(map.locator(`a[href="/lists/${region}/"]`).count(), region).resolves.toBe(1);
      }
      await expect(page.locator('main svg[role="group"]').count()).resolves.toBe(4);
      // The shapes come from each map's own file (`<use>`), not the page: each link is drawn where its shape is.
      expect(prerendered).not.toMatch(/<path d="M/);
      const texas = page.getByRole('link', { name: `${state.name}: ${state.observed} species` });
      await expect.poll(async () => (await texas.boundingBox())?.width ?? 0).toBeGreaterThan(5);
      const usRow = page.locator('main table tr', { has: page.getByRole('link', { name: 'United States', exact: true }) });
      await expect(usRow.locator('td').allTextContents()).resolves.toEqual([String(us.observed), `${us.photographed} of ${us.observed}`]);
      expect(errors).toEqual([]);
    });
  });

  it("fetches each map's shapes from its own file, only on the Lists page", async () => {
    const files = [lists.maps!.world, ...lists.maps!.regions].map((m) => m.file);
    expect(files).toEqual([siteDataPaths.listsMap('world'), ...['CA', 'GB', 'US'].map((c) => siteDataPaths.listsMap(c))]);
    const fetched = (page: Page) => {
      const urls: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.svg')) urls.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      return urls;
    };
    await withTab(async ({ page, errors }) => {
      const svgs = fetched(page);
      await page.goto(url(LISTS_ROUTE));
      await appReady(page);
      await expect.poll(() => svgs.length).toBe(files.length);
      expect(svgs.sort()).toEqual(files.map((f) => `200 /${f}`).sort());
      // A list page has no map: it fetches none.
      const other = fetched(page);
      await page.goto(url(listRoute(newestYear.key)));
      await appReady(page);
      expect(other).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('a country on the map opens its list; the list links its photographed species', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(LISTS_ROUTE));
      await appReady(page);
      await page.getByRole('link', { name: `${state.name}: ${state.observed} species` }).click();
      await page.waitForURL(url(listRoute(state.key)));
      await page.getByRole('heading', { level: 1, name: `${state.name}, United States` }).waitFor();
      const data = read(siteDataPaths.list(state.key), birdListDataSchema);
      const rows = page.locator('main tbody tr');
      await expect(rows.count()).resolves.toBe(data.observed);
      await expect(rows.locator('th').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent?.trim()))).resolves.toEqual(data.species.map((s) => s.commonName));
      await expect(page.locator('main tbody').getByText('not photographed').count()).resolves.toBe(data.observed - data.photographed);
      const photographed = data.species.find((s) => s.species)!;
      await page.locator('main tbody th').getByRole('link', { name: photographed.commonName }).click();
      await page.waitForURL(url(speciesRoute(photographed.species!)));
      expect(errors).toEqual([]);
    });
  });

  it('a year list marks the species new for the life list and names where each was first seen', async () => {
    const data = read(siteDataPaths.list(newestYear.key), birdListDataSchema);
    await withTab(async ({ page, errors }) => {
      const result = await keepsPrerenderedHeading(page, url(listRoute(newestYear.key)));
      expect(result).toMatchObject({ kept: true, heading: newestYear.key });
      await expect(page.locator('main tbody').getByText('new for the life list').count()).resolves.toBe(newestYear.added);
      const first = data.species[0]!;
      await expect(page.locator('main tbody tr').first().locator('time').getAttribute('datetime')).resolves.toBe(first.firstSeen);
      expect(first.firstSeen.startsWith(newestYear.key)).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('is linked from Info, the Life List and every page footer, and a species page names its places and years', async () => {
    for (const route of [INFO_ROUTE, lifeListRoute([]), speciesRoute(read(siteDataPaths.search, { parse: (v) => v as { species: Array<{ name: string }> } }).species[0]!.name)]) {
      expect(html(route), route).toContain(`href="${LISTS_ROUTE}"`);
    }
    const species = read(siteDataPaths.search, { parse: (v) => v as { species: Array<{ name: string; scientificName?: string }> } })
      .species.map((s) => read(siteDataPaths.species(s.name), speciesDataSchema))
      .find((s) => (s.seenIn?.places.length ?? 0) > 1)!;
    const page = html(speciesRoute(species.species));
    for (const place of species.seenIn!.places) expect(page).toContain(`href="/lists/${place.code}/"`);
    for (const year of species.seenIn!.years) expect(page).toContain(`href="/lists/${year}/"`);
  });
});
