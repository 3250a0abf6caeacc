import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import Papa from 'papaparse';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebirdChecklistUrl } from '../../data/life-records.ts';
import { OUTINGS_INDEX_LIMIT, outingDataSchema, outingsDataSchema, outingsYearDataSchema } from '../../data/outings.ts';
import { OUTINGS_ROUTE, outingRoute, outingsYearRoute, pageFile } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { buildSite } from '../../web/prerender/build-site.ts';
import { ebirdSecrets, leakedSecrets } from '../../harness/ebird-secrets.ts';
import { seriousViolations, settle, viewportNames, VIEWPORTS } from './axe.ts';
import { keepsPrerenderedHeading, launchBrowser, openPage } from '../../harness/browser.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';

/**
 * A birder with more days in the field than the Outings page lists at once, who opted in to
 * links to their public checklists (publishing.checklistLinks): the index keeps its newest
 * year and gives the older one a page of its own, which is pre-rendered and passes axe; each
 * day links its checklists on eBird, and still no location or comment of the export is published.
 */
const FIRST_DAY = Date.UTC(2024, 0, 1);
/** Every day of 2024 and the first of 2025: past the index's limit. */
const DAYS = OUTINGS_INDEX_LIMIT + 30;
const PHOTO_DAY = '2024-06-01';
const dayOf = (i: number) => new Date(FIRST_DAY + i * 86_400_000).toISOString().slice(0, 10);

/** Two checklists a day (ids S1000…), each with a private location, coordinates and comment. */
function exportCsv(): string {
  const rows = [];
  for (let i = 0; i < DAYS; i++) {
    for (const [n, [common, scientific, order]] of [['Mallard', 'Anas platyrhynchos', '475'], ['Carolina Wren', 'Thryothorus ludovicianus', '26520']].entries()) {
      rows.push({
        'Submission ID': `S${1000 + 2 * i + n}`, 'Common Name': common, 'Scientific Name': scientific, 'Taxonomic Order': order, Count: '2',
        'State/Province': 'US-NC', County: 'Dare', 'Location ID': `L${900000 + i}`, Location: `Pond behind 12 Heron Lane, day ${i}`,
        Latitude: '35.1234567', Longitude: '-75.9876543', Date: dayOf(i), Time: '07:30 AM', Protocol: 'eBird - Traveling Count', 'Duration (Min)': '45',
        'All Obs Reported': '1', 'Distance Traveled (km)': '1.2', 'Area Covered (ha)': '', 'Number of Observers': '1', 'Breeding Code': '',
        'Observation Details': `Under the feeder at the neighbours', visit ${i}`, 'Checklist Comments': `Gate code 4411, visit ${i}`, 'ML Catalog Numbers': '',
      });
    }
  }
  return Papa.unparse(rows);
}

let work: string;
let out: string;
let server: StaticServer;
let browser: Browser;
let csv: string;
const url = (route: string) => pageUrl(server.url, route);
const read = async <T>(path: string, schema: { parse(v: unknown): T }): Promise<T> => schema.parse(JSON.parse(await readFile(join(out, path), 'utf8')));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'outings-many-'));
  const photos = join(work, 'photos');
  const mallards = join(photos, 'life_list', 'Anseriformes', 'Ducks', 'Mallard');
  await mkdir(mallards, { recursive: true });
  await mkdir(join(photos, 'ebird'));
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 60, g: 90, b: 120 } } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: `${PHOTO_DAY.replaceAll('-', ':')} 08:15:00` } })
    .toFile(join(mallards, 'drake.jpg'));
  csv = exportCsv();
  await writeFile(join(photos, 'ebird', 'MyEBirdData.csv'), csv);
  await writeFile(join(photos, 'site.json'), JSON.stringify({ owner: 'Many Days', publishing: { checklistLinks: true } }));
  out = join(work, 'dist');
  await buildSite({ photos, generated: join(work, 'generated'), out, quiet: true, nodeEnv: 'production' });
  server = await startStaticServer({ root: out });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe(`more than ${OUTINGS_INDEX_LIMIT} outings`, () => {
  it('keep only the newest year on the Outings page, which links the other year to its own page', async () => {
    const index = await read(siteDataPaths.outings, outingsDataSchema);
    expect(index.years.map((y) => [y.year, y.count, y.outings?.length])).toEqual([
      [2025, DAYS - 366, DAYS - 366],
      [2024, 366, undefined],
    ]);
    const year = await read(siteDataPaths.outingsYear(2024), outingsYearDataSchema);
    expect(year.outings.map((o) => o.key)).toEqual(Array.from({ length: 366 }, (_, i) => dayOf(365 - i)));
    expect(year.outings.find((o) => o.key === PHOTO_DAY)).toMatchObject({ photos: 1, cover: expect.any(Object) });
    expect(await readFile(join(out, pageFile(OUTINGS_ROUTE)), 'utf8')).toContain(`href="${outingsYearRoute(2024)}"`);
  });

  it('the year page is pre-rendered, and reached from the Outings page', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(url(OUTINGS_ROUTE));
    await page.getByRole('link', { name: '2024', exact: true }).click();
    await page.waitForURL((u) => u.pathname === outingsYearRoute(2024));
    await page.getByRole('heading', { level: 1, name: 'Outings of 2024' }).waitFor();
    expect(await page.locator('main li.outing-card').count()).toBe(366);
    const prerendered = await keepsPrerenderedHeading(page, url(outingsYearRoute(2024)));
    expect(prerendered).toMatchObject({ kept: true, heading: 'Outings of 2024' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.concurrent.each(viewportNames)('the year page on %s', (viewport) => {
  it('passes axe: no serious or critical violations', async ({ expect }) => {
    const { page } = await openPage(browser, VIEWPORTS[viewport]);
    await page.goto(url(outingsYearRoute(2024)));
    await page.locator('main h1').waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('publishing.checklistLinks', () => {
  it("links each day's checklists on eBird, and only the day's", async () => {
    const day = await read(siteDataPaths.outing(PHOTO_DAY), outingDataSchema);
    const ids = [`S${1000 + 2 * 152}`, `S${1000 + 2 * 152 + 1}`];
    expect(dayOf(152)).toBe(PHOTO_DAY);
    expect(day).toMatchObject({ checklists: 2, checklistIds: ids, minutes: 90 });
    const { page } = await openPage(browser);
    await page.goto(url(outingRoute(PHOTO_DAY)));
    for (const id of ids) expect(await page.getByRole('link', { name: id, exact: true }).getAttribute('href')).toBe(ebirdChecklistUrl(id));
    await page.context().close();
  });

  it('publishes no location, coordinate or comment of the export all the same', async () => {
    const ids = new Set(Array.from({ length: 2 * DAYS }, (_, i) => `S${1000 + i}`));
    const secrets = ebirdSecrets(csv).filter((s) => !ids.has(s));
    expect(secrets.length).toBeGreaterThan(3 * DAYS);
    const files = await fg('**/*.{html,json,js,css,xml,txt,webmanifest}', { cwd: out, dot: true });
    const leaks = [];
    for (const file of files) leaks.push(...leakedSecrets(await readFile(join(out, file), 'utf8'), secrets).map((s) => `${file}: ${s}`));
    expect(leaks).toEqual([]);
  });
});
