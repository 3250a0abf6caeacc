import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, type ExpectStatic, inject, it } from 'vitest';
import { listsDataSchema } from '../../data/bird-lists.ts';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { CREDITS_ROUTE, HOME_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, listRoute, NOT_PHOTOGRAPHED_ROUTE, OUTINGS_ROUTE, outingRoute, photoAppRoute, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { appReady, pageSettled, walkingTabs } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { seriousViolations, settle, VIEWPORTS } from './axe.ts';
import { listenForViolations, openLightbox, tileBounds, tileImages, useLightbox, violations } from './page-checks.ts';

/**
 * Every kind of page of the built sample site, on a phone and on a desktop, each loaded once, in a
 * visitor's tab going from page to page with its cache off, so each fetches all a new visitor's
 * would (walkingTabs), on the strict bucket server (the pages' <meta> policy alone), and
 * everything a page must hold checked on that one load:
 *
 * - it answers with its status, with no redirect, and its level-one heading is the page's;
 * - the app takes over the pre-rendered markup, not rendering it again (the heading on screen is
 *   the node the server sent);
 * - axe-core finds no serious or critical violation, the page walked to its end so every lazy
 *   photo is in (contrast over a light cover photo is only seen with the photo there);
 * - each tile's photo is the smallest file that fills it at the screen's density (the walls);
 * - what a visitor does there (the lightbox, the search, the map) works, and passes axe too;
 * - no `securitypolicyviolation` event, no console error, no failed request, from the first byte.
 *
 * The hosts' own servers (wrangler, serve, vite preview) are in hosts.test.ts and security.test.ts;
 * the other tile screens in tile-sizes.test.ts.
 */
const siteUrl = inject('siteUrl');
const distDir = inject('distDir');
const site = readSite(distDir);
const readData = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(distDir, path), 'utf8')));
const lists = readData(siteDataPaths.lists, listsDataSchema);
const outings = readData(siteDataPaths.outings, outingsDataSchema).years.flatMap((y) => y.outings ?? []);
/** The Outings page's day and trip with the most photos: their walls, and their species lists' thumbnails. */
const mostPhotos = (kind: 'day' | 'trip') => [...outings].filter((o) => o.kind === kind).sort((a, b) => b.photos - a.photos)[0]!.key;
const trip = mostPhotos('trip');
const tripDays = readData(siteDataPaths.outing(trip), outingDataSchema).days!;
const wall = site.firstPathToWall();
const [largestSpecies, largestSpeciesPhotos] = site.speciesWithMostPhotos;
/** A species with two or more photos whose first has camera metadata: its lightbox shows them all. */
const lightboxSpecies = site.lightboxSpecies ?? largestSpecies;
const lightboxPhoto = site.speciesPage(lightboxSpecies)[0]!;
/** The photo a photo link opens: the largest species' last. */
const linkedPhoto = largestSpeciesPhotos[largestSpeciesPhotos.length - 1]!;

/** What a visitor does on a page once it has settled; `axe` runs axe again on what it leaves open. */
interface Use {
  name: string;
  run: (page: Page, expect: ExpectStatic) => Promise<void>;
  axe?: boolean;
  /** What the visitor does next, once axe has read what `run` opened. */
  next?: (page: Page) => Promise<void>;
  /** Permissions the page's context needs for it (the share button copies a link). */
  permissions?: string[];
}

interface PageKind {
  name: string;
  route: string;
  /** Its answer's status: 200, or 404 for the not-found page. */
  status?: number;
  /** The text of its level-one heading. */
  heading?: string;
  /** The page runs the app (every page but a share page). */
  app?: boolean;
  /** The app keeps the pre-rendered heading (every page of the app answered with its own markup). */
  kept?: boolean;
  /** Its walls' tiles are checked for the size of the file each takes. */
  tiles?: boolean;
  /** Checks of this page's own content, once the app has started. */
  check?: (page: Page, expect: ExpectStatic) => Promise<void>;
  use?: Use;
  /** axe on the page as loaded: every kind but a photo link (the species page's lightbox, checked there). */
  axe?: boolean;
}

const appPage = (kind: PageKind): PageKind => ({ app: true, kept: true, axe: true, status: 200, ...kind });

const PAGE_KINDS: PageKind[] = [
  appPage({
    name: 'home',
    route: HOME_ROUTE,
    tiles: true,
    check: async (page, expect) => {
      // The featured wall and the header.
      await page.getByRole('link', { name: site.info.owner, exact: true }).waitFor();
      expect(await page.title()).toBe(site.info.title);
      const tiles = page.locator('main li a');
      expect(await tiles.count()).toBe(site.info.featured.length);
      expect(await tiles.first().getAttribute('aria-label')).toBe(site.index.photos[site.info.featured[0]!]!.species);
      // Thumbnails are the _lowq.jpg files (with modern formats in srcset).
      expect(await page.locator('main li img').first().getAttribute('src')).toMatch(/_lowq\.jpg$/);
    },
  }),
  appPage({
    name: 'the Life List with the search and its matches',
    route: lifeListRoute([]),
    heading: 'Life List',
    use: {
      name: 'the search box with its list of matches open',
      axe: true,
      run: async (page) => {
        await page.getByRole('combobox', { name: 'Find a species' }).fill(lightboxSpecies.slice(0, 4));
        await page.getByRole('option').first().waitFor();
      },
    },
  }),
  appPage({ name: 'a Life List level', route: lifeListRoute(wall.slice(0, 1)), heading: wall[0] }),
  appPage({ name: 'a Life List wall', route: lifeListRoute(wall), heading: wall.at(-1), tiles: true }),
  appPage({ name: 'the taxonomic Life List', route: lifeListRoute([], 'taxonomic') }),
  appPage({
    name: 'the largest species page',
    route: speciesRoute(largestSpecies),
    heading: largestSpecies,
    tiles: true,
    check: async (page, expect) => {
      await page.locator('main li a').first().waitFor();
      expect(await page.locator('main li a').count()).toBe(largestSpeciesPhotos.length);
    },
  }),
  appPage({
    name: 'a species page with the lightbox opened, zoomed, its thumbnails, fullscreen and share used',
    route: speciesRoute(lightboxSpecies),
    heading: lightboxSpecies,
    use: { name: 'the open lightbox', axe: true, run: openLightbox, next: useLightbox, permissions: ['clipboard-read', 'clipboard-write'] },
  }),
  appPage({
    name: 'a photo link',
    route: photoAppRoute(largestSpecies, linkedPhoto.id),
    axe: false,
    kept: false,
    check: async (page, expect) => {
      // It opens its photo, its query kept.
      const current = page.getByRole('dialog').locator('.yarl__slide_current img');
      await expect.poll(() => current.getAttribute('src')).toContain(encodeURIComponent(linkedPhoto.display.path.split('/').at(-1)!));
      expect(new URL(page.url()).searchParams.get('photo')).toBe(linkedPhoto.id);
    },
  }),
  { name: 'a share page', route: photoShareRoute(lightboxPhoto.id), status: 200, axe: true },
  appPage({
    name: 'Info',
    route: INFO_ROUTE,
    check: async (page) => {
      await page.getByRole('heading', { name: 'Gear' }).waitFor();
      await page.getByText(`${site.info.stats.speciesObserved} species observed`).waitFor();
      for (const line of site.info.gear) await page.getByText(line).waitFor();
    },
  }),
  appPage({ name: 'not yet photographed', route: NOT_PHOTOGRAPHED_ROUTE }),
  appPage({ name: 'Credits', route: CREDITS_ROUTE, heading: 'Photo credits' }),
  appPage({
    name: 'Lists with its map',
    route: LISTS_ROUTE,
    check: async (page) => {
      await page.locator('main svg a').first().waitFor();
    },
  }),
  appPage({ name: 'a year list', route: listRoute(lists.years[0]!.key) }),
  appPage({ name: 'a state list', route: listRoute(lists.countries.find((c) => c.regions.length > 0)!.regions[0]!.key) }),
  appPage({ name: 'the Outings index', route: OUTINGS_ROUTE }),
  appPage({ name: 'the trip with the most photos', route: outingRoute(trip), tiles: true }),
  appPage({ name: 'a day of that trip with photos', route: outingRoute(tripDays.find((d) => d.photos > 0)!.date) }),
  appPage({ name: 'the outing day with the most photos', route: outingRoute(mostPhotos('day')), tiles: true }),
  appPage({ name: 'an outing of checklists only', route: outingRoute(outings.find((o) => o.kind === 'day' && o.photos === 0)!.key) }),
  appPage({ name: 'the 404 page', route: '/no/such/page/', status: 404, heading: 'Page not found', kept: false }),
];

/** The phone at three device pixels a CSS pixel (a 3× phone's tiles take the largest files), the desktop at one. */
const SCREENS = [
  { name: 'phone', viewport: VIEWPORTS.phone, deviceScaleFactor: 3 },
  { name: 'desktop', viewport: VIEWPORTS.desktop, deviceScaleFactor: 1 },
];

/** Tags the heading each document was parsed with, before any of the app's code can run (its entry script is added after `load`). */
function tagPrerenderedHeading(): void {
  document.addEventListener('DOMContentLoaded', () => {
    const heading = document.querySelector('#root h1');
    if (heading) (heading as HTMLElement & { prerendered?: boolean }).prerendered = true;
  });
}

const { browser } = fileBrowser();

// Concurrent (maxConcurrency a few at a time, each test a tab to itself while it runs): most of
// a test's time is spent waiting for the page to settle (network idle, lazy photos, transitions).
describe.concurrent.each(SCREENS)('on a $name', ({ viewport, deviceScaleFactor }) => {
  const withTab = walkingTabs(browser, {
    viewport,
    deviceScaleFactor,
    prepare: async (page) => {
      await page.addInitScript(listenForViolations);
      await page.addInitScript(tagPrerenderedHeading);
    },
  });

  it.for(PAGE_KINDS)('$name', async (kind, { expect }) => {
    await withTab(async ({ page, errors }) => {
      const url = pageUrl(siteUrl, kind.route);
      if (kind.use?.permissions) await page.context().grantPermissions(kind.use.permissions, { origin: new URL(url).origin });

      const response = await page.goto(url);
      expect(response?.status(), 'status').toBe(kind.status ?? 200);
      expect(response?.request().redirectedFrom(), 'no redirect').toBeNull();
      if (kind.app) {
        await appReady(page);
        const heading = page.locator('#root h1').first();
        await heading.waitFor();
        if (kind.heading !== undefined) expect(await heading.textContent(), 'heading').toBe(kind.heading);
        if (kind.kept) expect(await heading.evaluate((h: HTMLElement & { prerendered?: boolean }) => h.prerendered === true), 'the pre-rendered heading kept').toBe(true);
        await kind.check?.(page, expect);
        await settle(page);
      } else {
        await page.waitForLoadState('networkidle');
        await pageSettled(page);
      }
      if (kind.axe) expect(await seriousViolations(page), 'axe').toEqual([]);
      if (kind.tiles) {
        const tiles = await tileImages(page);
        expect(tiles.length, 'tiles').toBeGreaterThan(0);
        for (const { tile, atMost, atLeast } of tileBounds(tiles)) {
          expect(tile.chosen, JSON.stringify(tile)).toBeLessThanOrEqual(atMost);
          expect(tile.chosen, JSON.stringify(tile)).toBeGreaterThanOrEqual(atLeast);
        }
      }
      if (kind.use) {
        await kind.use.run(page, expect);
        if (kind.use.axe) {
          await settle(page);
          expect(await seriousViolations(page), `axe on ${kind.use.name}`).toEqual([]);
        }
        await kind.use.next?.(page);
        await pageSettled(page);
      }
      expect(await violations(page), 'policy violations').toEqual([]);
      expect(errors, 'errors').toEqual([]);
    });
  });
});
