import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listsDataSchema } from '../../data/bird-lists.ts';
import { CREDITS_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, listRoute, NOT_PHOTOGRAPHED_ROUTE, OUTINGS_ROUTE, outingRoute, speciesRoute } from '../../data/paths.ts';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { seriousViolations, settle, viewportNames, VIEWPORTS } from './axe.ts';
import { appReady, launchBrowser, tabsOf } from '../../harness/browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';

const siteUrl = inject('siteUrl');
const site = readSite(inject('distDir'));
const lists = listsDataSchema.parse(JSON.parse(readFileSync(join(inject('distDir'), siteDataPaths.lists), 'utf8')));
const outings = outingsDataSchema.parse(JSON.parse(readFileSync(join(inject('distDir'), siteDataPaths.outings), 'utf8'))).years.flatMap((y) => (y.outings ?? []));
const trip = outings.find((o) => o.kind === 'trip')!;
const tripDays = outingDataSchema.parse(JSON.parse(readFileSync(join(inject('distDir'), siteDataPaths.outing(trip.key)), 'utf8'))).days!;
const url = (route: string) => pageUrl(siteUrl, route);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const wall = site.firstPathToWall();
const species = site.lightboxSpecies ?? site.speciesWithMostPhotos[0];
const routes: Array<[string, string]> = [
  ['home', '/'],
  ['life-list', lifeListRoute([])],
  ['life-list-level', lifeListRoute(wall.slice(0, 1))],
  ['life-list-wall', lifeListRoute(wall)],
  ['species', speciesRoute(species)],
  ['life-list-taxonomic', lifeListRoute([], 'taxonomic')],
  ['info', INFO_ROUTE],
  ['not-yet-photographed', NOT_PHOTOGRAPHED_ROUTE],
  ['credits', CREDITS_ROUTE],
  ['lists', LISTS_ROUTE],
  ['year list', listRoute(lists.years[0]!.key)],
  ['state list', listRoute(lists.countries.find((c) => c.regions.length > 0)!.regions[0]!.key)],
  ['outings', OUTINGS_ROUTE],
  ['trip', outingRoute(trip.key)],
  ['outing with photos', outingRoute(tripDays.find((d) => d.photos > 0)!.date)],
  ['outing of checklists', outingRoute(outings.find((o) => o.kind === 'day' && o.photos === 0)!.key)],
  ['not-found', '/no/such/page'],
];

// Concurrent: most of a test's time is spent waiting for the page to settle (network idle, lazy
// photos, transitions), not computing.
describe.concurrent.each(viewportNames)('accessibility (axe-core) on %s: no serious or critical violations', (viewport) => {
  // A tab of its own for each route (tabsOf).
  const withTab = tabsOf(() => browser, VIEWPORTS[viewport]);

  it.for(routes)('%s', async ([, route], { expect }) => {
    await withTab(async ({ page }) => {
      await page.goto(url(route));
      await page.locator('main h1, main h2').first().waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('the search box with its list of matches open', async ({ expect }) => {
    await withTab(async ({ page }) => {
      await page.goto(url(lifeListRoute([])));
      await appReady(page);
      await page.getByRole('combobox', { name: 'Find a species' }).fill(species.slice(0, 4));
      await page.getByRole('option').first().waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('the open lightbox', async ({ expect }) => {
    await withTab(async ({ page }) => {
      await page.goto(url(speciesRoute(species)));
      await page.locator('main li a').first().click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('complementary', { name: 'Photo details' }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
