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
const trips = entries.filter((o) => o.kind === 'trip');
// The trip with photos (the sample's other trip, on the Texas coast, has none).
const trip = trips.find((o) => o.photos > 0)!;
const tripPage = read(siteDataPaths.outing(trip.key), outingDataSchema);
const photoDay = read(siteDataPaths.outing(tripPage.days!.find((d) => d.photos > 0)!.date), outingDataSchema);
const photographed = photoDay.species.find((s) => s.photos.length > 0)!;
// A day of checklists alone, with a lifer (every export day before the first photo has them).
const checklistDay = entries.map((o) => read(siteDataPaths.outing(o.key), outingDataSchema)).find((o) => o.kind === 'day' && o.photoCount === 0 && o.lifers > 0)!;

/** Chromium for this file, and a visitor's tab for each test (fileBrowser). */
const { withTab } = fileBrowser();

describe('the outings of the sample library', () => {
  it('are one per day in the field, newest first by year; the trip stands for its days', () => {
    expect(index.fromExport).toBe(true);
    const years = index.years.map((y) => y.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(trips.map(({ name, from, to }) => ({ name, from, to }))).toEqual([
      { name: 'South-east Arizona, March 2017', from: '2017-03-14', to: '2017-03-16' },
      { name: 'Texas coast, January 2015', from: '2015-01-17', to: '2015-01-19' },
    ]);
    // The trip's days are on its page, not in the index.
    expect(tripPage.days!.map((d) => d.date)).toEqual(['2017-03-14', '2017-03-15', '2017-03-16']);
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

  it('a day of the trip leads with its photos; a photographed species is marked by a thumbnail that opens the lightbox naming the outing', async () => {
    await withTab(async ({ page, errors }) => {
      const kept = await keepsPrerenderedHeading(page, url(outingRoute(trip.key)));
      expect(kept.kept).toBe(true);
      await page.getByRole('region', { name: 'Days' }).locator(`a[href="${outingRoute(photoDay.key)}"]`).click();
      await page.waitForURL(url(outingRoute(photoDay.key)));
      // The URL changes before the day's page replaces the trip's: wait for the day's own heading.
      await page.locator(`main h1[data-outing="${photoDay.key}"]`).waitFor();
      // The day's photos come first, each a tile that opens the lightbox, before the species seen.
      const wall = page.getByRole('region', { name: 'Photos' });
      await expect(wall.locator('a[href*="photo="]').count()).resolves.toBe(photoDay.photoCount);
      await expect(page.locator('main section').first().getAttribute('aria-labelledby')).resolves.toBe('photos');
      const seen = page.getByRole('region', { name: 'Seen' });
      // Listed compactly: the photographed species with one thumbnail, linked to its first photo; the others plain.
      await expect(seen.locator('li[data-species]').count()).resolves.toBe(photoDay.species.filter((s) => !s.notListed).length);
      await expect(seen.locator('li[data-species] a[href*="photo="]').count()).resolves.toBe(photoDay.species.filter((s) => !s.notListed && s.photos.length > 0).length);
      const item = page.locator(`main li[data-species="${photographed.commonName}"]`);
      const thumbnail = item.locator('a[href*="photo="]');
      await expect(thumbnail.count()).resolves.toBe(1);
      await thumbnail.click();
      await page.waitForURL((u) => u.searchParams.get('photo') === photographed.photos[0]!.id);
      // The photo's panel names its outing.
      expect(photographed.photos[0]!.exif).not.toBeNull();
      await page.getByTestId('photo-outing').locator(`a[href="${outingRoute(photoDay.key)}"]`).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('a day of checklists alone lists its species plainly and marks its lifers', async () => {
    const prerendered = html(outingRoute(checklistDay.key));
    expect(prerendered).toContain('Lifer');
    expect(prerendered).not.toContain('photo=');
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
    const year = read(siteDataPaths.list('2017'), birdListDataSchema);
    expect(year.outings?.map((o) => o.key)).toContain(trip.key);
    expect(html(listRoute('2017'))).toContain(`href="${outingRoute(trip.key)}"`);
    const feed = readFileSync(join(distDir, 'feed.xml'), 'utf8');
    // The newest outing is an entry of its own (its id a URN: the sample has no base URL).
    expect(feed).toContain(`<id>urn:bird-portfolio:outing:${entries[0]!.key}</id>`);
  });
});
