import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outingsDataSchema } from '../../data/outings.ts';
import { lifeListRoute, outingRoute, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { launchBrowser, pageSettled, walkingTabs } from '../../harness/browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { tileBounds, tileImages } from './page-checks.ts';

/**
 * Each wall's `sizes` (web/components/photo-wall.ts, the species page's masonry) says how wide
 * its tiles are laid out, so a browser takes the smallest file that fills a tile: never a
 * larger file than the tile needs at the screen's pixel density (bytes a phone waits for), never
 * a smaller one than it would pick knowing the real width. Checked on the pages as laid out, at
 * the widths where the grids change.
 */
const site = readSite(inject('distDir'));
const wall = site.firstPathToWall();
const [species] = site.speciesWithMostPhotos;
const readData = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(inject('distDir'), path), 'utf8')));
/** The Outings page's day and trip with the most photos: their walls, and their species lists' thumbnails. */
const outings = readData(siteDataPaths.outings, outingsDataSchema).years.flatMap((y) => y.outings ?? []);
const mostPhotos = (kind: 'day' | 'trip') => [...outings].filter((o) => o.kind === kind).sort((a, b) => b.photos - a.photos)[0]!.key;

// One screen per rule of the grids: two columns (at two densities: the 3× phone, 390 × 844, is
// the page walk's phone, page-walk.test.ts, which checks these pages on it and on its 1280 × 800
// desktop), two with the wider padding (sm), three (md), four in the 1280 px column (xl).
const SCREENS = [
  { name: "Lighthouse's phone", viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
  { name: 'a small tablet', viewport: { width: 700, height: 1000 }, deviceScaleFactor: 2 },
  { name: 'a tablet', viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2 },
  { name: 'a wide screen', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
];

const PAGES = [
  { name: 'Home', route: () => '/' },
  { name: 'a Life List wall', route: () => lifeListRoute(wall) },
  { name: 'the largest species page', route: () => speciesRoute(species) },
  { name: 'the outing day with the most photos', route: () => outingRoute(mostPhotos('day')) },
  { name: 'the trip with the most photos', route: () => outingRoute(mostPhotos('trip')) },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Per screen, a visitor's tab for each page its test opens (walkingTabs: its cache off). */
const tabsOfScreen = new Map(SCREENS.map(({ name, viewport, deviceScaleFactor }) => [name, walkingTabs(() => browser, { viewport, deviceScaleFactor })]));

describe.each(PAGES)('$name', ({ route }) => {
  it.each(SCREENS)('on $name, each tile gets the smallest file that fills it', async ({ name }) => {
    const tiles = await tabsOfScreen.get(name)!(async ({ page }) => {
      await page.goto(pageUrl(inject('siteUrl'), route()));
      await pageSettled(page);
      return tileImages(page);
    });
    expect(tiles.length).toBeGreaterThan(0);
    for (const { tile, atMost, atLeast } of tileBounds(tiles)) {
      expect(tile.chosen, JSON.stringify(tile)).toBeLessThanOrEqual(atMost);
      expect(tile.chosen, JSON.stringify(tile)).toBeGreaterThanOrEqual(atLeast);
    }
  });
});

it("Lighthouse's phone takes the 360 px files on a Life List wall (186 CSS px tiles at 1.75 device pixels)", async () => {
  await tabsOfScreen.get("Lighthouse's phone")!(async ({ page }) => {
    await page.goto(pageUrl(inject('siteUrl'), lifeListRoute(wall)));
    await pageSettled(page);
    const first = page.locator('#root main ul img').first();
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-360\.webp$/);
  });
});
