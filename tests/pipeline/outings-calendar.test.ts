import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outingDataSchema } from '../../data/outings.ts';
import { tripKey } from '../../data/paths.ts';
import { siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, ingestArgs, makeTree, publicationStamp, readJson, runCli, writtenTimes, type Tree } from '../../harness/ingest-tree.ts';

/**
 * The outings follow the calendar: a photo or checklist dated after the ingest's day joins its
 * outing on the first ingest on or after its day, with nothing else changed, and an ingest on a
 * day that changes nothing stays a no-op. The clock is the test's (Date faked), not the machine's.
 */

// The fixture photo was taken on 2017-06-05 by its camera's clock.
const PHOTO_DAY = '2017-06-05';
const CHECKLIST_DAY = '2017-06-07';
const TRIP = { name: 'Nikon week, June 2017', from: '2017-06-04', to: '2017-06-10' };
/** A trip within TRIP: its days stay with TRIP, so it never has a page, and the report says so. */
const INNER = { name: 'Pond loop', from: PHOTO_DAY, to: PHOTO_DAY };
const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
const EXPORT = [HEADER, `S2001,Mallard,Anas platyrhynchos,472,2,US-NC,Wake,L901,A pond,35.1,-78.7,${CHECKLIST_DAY},07:10 AM,Incidental,10,1,,,1,,,,`].join('\r\n');

/** Noon of a day on this machine's calendar (the ingest's today is the local day). */
const noonOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};


describe('outings on the days after the ingest', () => {
  let tree: Tree;
  const published = (relative: string) => path.join(tree.publicDir, ...relative.split('/'));
  const exists = async (relative: string) => (await stat(published(relative)).catch(() => undefined)) !== undefined;
  const ingestOn = async (day: string) => {
    vi.setSystemTime(noonOf(day));
    return runCli(ingestArgs(tree, '--quiet'));
  };

  beforeAll(async () => {
    // Only Date is faked: the ingest's timers and ExifTool's run as ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    tree = await makeTree({ files: { 'Anseriformes/Ducks/Mallard/a.jpg': fixture('photos/epy_nikon-d3100_gps.jpg') }, site: { owner: 'Test Owner', trips: [INNER, TRIP] } });
    await mkdir(path.join(tree.photosDir, 'ebird'));
    await writeFile(path.join(tree.photosDir, 'ebird', 'MyEBirdData.csv'), `${EXPORT}\r\n`);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await tree.cleanup();
  });

  it('the day before the photo: the photo, the checklist and the trip are on no outing, each said so', async () => {
    const run = await ingestOn('2017-06-04');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`taken ${PHOTO_DAY} by the camera's clock, after today (2017-06-04): the photo is on no outing until that day`);
    expect(run.stderr).toContain(`a checklist is dated ${CHECKLIST_DAY}, after today (2017-06-04): it is on no outing until that day`);
    expect(run.stderr).toContain(`trip '${TRIP.name}' (${TRIP.from} to ${TRIP.to}) covers no day with photos or checklists, so it has no page`);
    expect(run.stderr).toContain(`trip '${INNER.name}' (${INNER.from} to ${INNER.to}) covers no day with photos or checklists, so it has no page`);
    expect(await exists(siteDataPaths.outing(PHOTO_DAY))).toBe(false);
    expect(await exists(siteDataPaths.outing(tripKey(TRIP.name)))).toBe(false);
    expect(speciesDataSchema.parse(await readJson(published(siteDataPaths.species('Mallard')))).outings).toBeUndefined();
  });

  it('again the same day: nothing is written, the warnings are said again', async () => {
    const times = await writtenTimes(tree);
    const stamp = await publicationStamp(tree);
    const run = await ingestOn('2017-06-04');
    expect(run.stderr).toContain('the photo is on no outing until that day');
    expect(await writtenTimes(tree)).toEqual(times);
    expect(await publicationStamp(tree)).toBe(stamp);
  });

  it("on the photo's day, with nothing else changed: the photo joins its outing, its day and the trip get pages, the build a new stamp", async () => {
    const stamp = await publicationStamp(tree);
    const run = await ingestOn(PHOTO_DAY);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('the photo is on no outing');
    expect(run.stderr).not.toContain(`trip '${TRIP.name}' (${TRIP.from} to ${TRIP.to})`);
    expect(run.stderr).toContain(`trip '${INNER.name}' has all its days in the earlier trip '${TRIP.name}', which keeps them, so it has no page`);
    expect(await exists(siteDataPaths.outing(tripKey(INNER.name)))).toBe(false);
    // The checklist's day has not come yet.
    expect(run.stderr).toContain(`a checklist is dated ${CHECKLIST_DAY}, after today (${PHOTO_DAY})`);
    expect(await publicationStamp(tree)).not.toBe(stamp);
    const day = outingDataSchema.parse(await readJson(published(siteDataPaths.outing(PHOTO_DAY))));
    expect(day.species.map((s) => [s.commonName, s.photos.length])).toEqual([['Mallard', 1]]);
    expect(day.trip?.name).toBe(TRIP.name);
    expect(speciesDataSchema.parse(await readJson(published(siteDataPaths.species('Mallard')))).outings).toEqual([PHOTO_DAY]);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it("a day later, before the checklist's: a no-op", async () => {
    const times = await writtenTimes(tree);
    await ingestOn('2017-06-06');
    expect(await writtenTimes(tree)).toEqual(times);
  });

  it("on the checklist's day: the checklist's day joins the trip, and no warning of a day ahead is left", async () => {
    const run = await ingestOn(CHECKLIST_DAY);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('after today');
    expect(run.stderr).not.toContain(`trip '${TRIP.name}' (${TRIP.from} to ${TRIP.to})`);
    const checklistDay = outingDataSchema.parse(await readJson(published(siteDataPaths.outing(CHECKLIST_DAY))));
    expect(checklistDay).toMatchObject({ checklists: 1, observed: 1, trip: { name: TRIP.name } });
    const trip = outingDataSchema.parse(await readJson(published(siteDataPaths.outing(tripKey(TRIP.name)))));
    expect(trip.days?.map((d) => d.date)).toEqual([PHOTO_DAY, CHECKLIST_DAY]);
  });

  it('with the clock set back before the photo: derived again, the photo off its outing', async () => {
    const run = await ingestOn('2017-06-01');
    expect(run.stderr).toContain('the photo is on no outing until that day');
    expect(await exists(siteDataPaths.outing(PHOTO_DAY))).toBe(false);
  });
});
