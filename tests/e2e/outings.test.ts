import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { birdListDataSchema } from '../../data/bird-lists.ts';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { listRoute, OUTINGS_ROUTE, outingRoute, pageFile, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { appReady, keepsPrerenderedHeading } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { pageUrl } from '../../harness/site-url.ts';

/**
 * The outings of the sample library (photos with capture days, the export's checklists, and the
 * trip of its site.json) on the built site: the index, a trip, a day with photos, a day of
 * checklists alone, and the links to them from the species, list and photo pages. Expected values
 * come from the built site's data files.
 */
const siteUrl = inject('siteUrl');
const distDir = inject('distDir');
const url = (route: string) => pageUrl(siteUrl, route);
const read = <T>(path: string, schema: { parse(v: unknown): T }): T => schema.parse(JSON.parse(readFileSync(join(distDir, path), 'utf8')));
const html = (route: string) => readFileSync(join(distDir, pageFile(route)), 'utf8');

const index = read(siteDataPaths.outings, outingsDataSchema);
const entries = index.years.flatMap((y) => (y.outings ?? []));
const trip = entries.find((o) => o.kind === 'trip')!;
const tripPage = read(siteDataPaths.outing(trip.key), outingDataSchema);
const photoDay = read(siteDataPaths.outing(tripPage.days!.find((d) => d.photos > 0)!.date), outingDataSchema);
const photographed = photoDay.species.find((s) => s.photos.length > 0)!;
// A day of checklists alone, with a lifer (every export day before the first photo has them).
const checklistDay = entries.map((o) => read(siteDataPaths.outing(o.key), outingDataSchema)).find((o) => o.kind === 'day' && o.photoCount === 0 && o.lifers > 0)!;

/** Chromium for this file, and a tab of its own for each test. */
const { withTab } = fileBrowser();

describe('the outings of the sample library', () => {
  it('are one per day in the field, newest first by year; the trip stands for its days', () => {
    expect(index.fromExport).toBe(true);
    const years = index.years.map((y) => y.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(trip).toMatchObject({ name: 'Winter trip, February 2014', from: '2014-02-05', to: '2014-02-11' });
    // The trip's days are on its page, not in the index.
    expect(tripPage.days!.map((d) => d.date)).toEqual(['2014-02-05', '2014-02-07', '2014-02-08', '2014-02-09', '2014-02-11']);
    for (const day of tripPage.days!) expect(entries.some((o) => o.key === day.date)).toBe(false);
    expect(photoDay.trip).toEqual({ key: trip.key, name: trip.name });
    // Species on the day's checklists first, in taxonomic order; a photo of a species not on them is still shown.
    expect(photoDay.species.length).toBeGreaterThan(0);
    expect(checklistDay.checklists).toBeGreaterThan(0);
    expect(checklistDay.species.every((s) => s.photos.length === 0)).toBe(true);
  });

  it('the Outings page is pre-rendered, linked from the header, and opens the trip', async () => {
    expect(html(OUTINGS_ROUTE)).toContain(`href="${outingRoute(trip.key)}"`);
    await withTab(async ({ page, errors }) => {
      await page.goto(url('/'));
      await appReady(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outings' }).click();
      await page.waitForURL(url(OUTINGS_ROUTE));
      await page.locator('main h1', { hasText: 'Outings' }).waitFor();
      await expect(page.locator('main h2').allTextContents()).resolves.toEqual(index.years.map((y) => String(y.year)));
      await page.getByRole('link', { name: trip.name }).click();
      await page.waitForURL(url(outingRoute(trip.key)));
      await page.locator('main h1', { hasText: trip.name }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('a day of the trip shows each species with its photos, which open the lightbox naming the outing', async () => {
    await withTab(async ({ page, errors }) => {
      const kept = await keepsPrerenderedHeading(page, url(outingRoute(trip.key)));
      expect(kept.kept).toBe(true);
      await page.getByRole('region', { name: 'Days' }).locator(`a[href="${outingRoute(photoDay.key)}"]`).click();
      await page.waitForURL(url(outingRoute(photoDay.key)));
      const item = page.locator(`main li[data-species="${photographed.commonName}"]`);
      // Each photo is a tile that opens the lightbox.
      const tiles = item.locator('a[href*="photo="]');
      await expect(tiles.count()).resolves.toBe(photographed.photos.length);
      await tiles.first().click();
      await page.waitForURL((u) => u.searchParams.get('photo') === photographed.photos[0]!.id);
      // The photo's panel names its outing.
      expect(photographed.photos[0]!.exif).not.toBeNull();
      await page.getByTestId('photo-outing').locator(`a[href="${outingRoute(photoDay.key)}"]`).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('a day of checklists alone marks its lifers and says what was not photographed', async () => {
    const prerendered = html(outingRoute(checklistDay.key));
    expect(prerendered).toContain('Lifer');
    expect(prerendered).toContain('Not photographed');
    await withTab(async ({ page, errors }) => {
      const kept = await keepsPrerenderedHeading(page, url(outingRoute(checklistDay.key)));
      expect(kept.kept).toBe(true);
      await expect(page.locator('main li[data-species]').count()).resolves.toBe(checklistDay.species.length);
      await expect(page.locator('main li[data-species]', { hasText: 'Lifer' }).count()).resolves.toBe(checklistDay.lifers);
      expect(errors).toEqual([]);
    });
  });

  it('the species page, the year list and the feed link the outings', async () => {
    const species = read(siteDataPaths.species(photographed.species!), speciesDataSchema);
    expect(species.outings).toContain(photoDay.key);
    expect(html(speciesRoute(photographed.species!))).toContain(`href="${outingRoute(photoDay.key)}"`);
    const year = read(siteDataPaths.list('2014'), birdListDataSchema);
    expect(year.outings?.map((o) => o.key)).toContain(trip.key);
    expect(html(listRoute('2014'))).toContain(`href="${outingRoute(trip.key)}"`);
    const feed = readFileSync(join(distDir, 'feed.xml'), 'utf8');
    // The newest outing is an entry of its own (its id a URN: the sample has no base URL).
    expect(feed).toContain(`<id>urn:bird-portfolio:outing:${entries[0]!.key}</id>`);
  });
});
