import { describe, expect, it } from 'vitest';
import { lifeListRecordsSchema, growthByYear } from './life-records.ts';
import { mediaIndexSchema, type MediaIndex } from './media-schemas.ts';
import { OUTINGS_INDEX_LIMIT, type OutingData, type OutingsData } from './outings.ts';
import { outingsOf } from './outings-derivation.ts';
import { tripKey } from './paths.ts';
import { siteDataFiles, type LifeListLinks } from './site-data-derivation.ts';
import { siteDataPaths, type HomeData, type SpeciesData } from './site-data-schemas.ts';
import { LIFE_RECORDS, WOOD_DUCK, fixtureLifeList, fixtureManifests, photos } from '../harness/fixture-site.ts';

// Every fixture photo was taken on this day.
const DAY = '2024-05-17';

function lifeWithDays(days: NonNullable<LifeListLinks['records']['days']>): LifeListLinks {
  const life = fixtureLifeList();
  // The Black Duck is a lifer on the fixture's day.
  const species = life.records.species.map((s) => (s.scientificName === LIFE_RECORDS.blackDuck.scientificName ? { ...s, firstSeen: DAY } : s));
  return {
    ...life,
    records: lifeListRecordsSchema.parse({ observedCount: species.length, species, growth: growthByYear(species), days }),
    places: { names: { US: 'United States', 'US-NC': 'North Carolina' } },
  };
}

const FIELD_DAY = { date: DAY, regions: ['US-NC'], checklists: 2, minutes: 95, species: [LIFE_RECORDS.woodDuck.scientificName, LIFE_RECORDS.blackDuck.scientificName] };

describe('the outing pages', () => {
  it('without an export, makes a day of the photos alone: the species photographed, no checklists, nothing of eBird', () => {
    const files = siteDataFiles(fixtureManifests());
    const day = files.get(siteDataPaths.outing(DAY)) as OutingData;
    expect(day.species.map((s) => [s.commonName, s.photos.length])).toEqual([
      ["Franklin's Gull", 1],
      ['Mallard', 1],
      ['Ménétries’s Warbler', 1],
      ['Wood Duck', 2],
    ]);
    expect(day).toMatchObject({ kind: 'day', from: DAY, to: DAY, regions: [], observed: 4, lifers: 0, photoCount: 5 });
    expect(day.checklists).toBeUndefined();
    expect(day.species.some((s) => s.notListed || s.lifer)).toBe(false);
    const index = files.get(siteDataPaths.outings) as OutingsData;
    expect(index.fromExport).toBe(false);
    // The cover is the day's first featured photo.
    expect(index.years).toEqual([{ year: 2024, count: 1, outings: [expect.objectContaining({ key: DAY, observed: 4, photos: 5, lifers: 0, cover: expect.objectContaining({ thumbnail: photos.gull.thumbnail }) })] }]);
  });

  it('with an export: the day\'s species in taxonomic order with its lifers and photos, then those photographed but not listed', () => {
    const files = siteDataFiles(fixtureManifests(), lifeWithDays([FIELD_DAY]));
    const day = files.get(siteDataPaths.outing(DAY)) as OutingData;
    expect(day.species.map((s) => ({ name: s.commonName, lifer: s.lifer, notListed: s.notListed, page: s.species, photos: s.photos.map((p) => p.id) }))).toEqual([
      { name: 'Wood Duck', lifer: undefined, notListed: undefined, page: 'Wood Duck', photos: [photos.duckDrake.id, photos.duckHen.id] },
      { name: 'American Black Duck', lifer: true, notListed: undefined, page: undefined, photos: [] },
      { name: 'Mallard', lifer: undefined, notListed: true, page: 'Mallard', photos: [photos.mallard.id] },
      { name: "Franklin's Gull", lifer: undefined, notListed: true, page: "Franklin's Gull", photos: [photos.gull.id] },
      { name: 'Ménétries’s Warbler', lifer: undefined, notListed: true, page: 'Ménétries’s Warbler', photos: [photos.warbler.id] },
    ]);
    expect(day).toMatchObject({ regions: [{ code: 'US-NC', name: 'North Carolina, United States' }], checklists: 2, minutes: 95, observed: 2, lifers: 1, photoCount: 5 });
    const species = files.get(siteDataPaths.species('Wood Duck')) as SpeciesData;
    expect(species.outings).toEqual([DAY]);
  });

  it("links a day's checklists on eBird only when the owner opts in, and a trip's only through its days", () => {
    const day = { ...FIELD_DAY, checklistIds: ['S101', 'S102'] };
    const trip = { name: 'Carolina, May 2024', from: '2024-05-15', to: '2024-05-18' };
    const off = siteDataFiles(fixtureManifests(), lifeWithDays([day]), { trips: [trip] });
    expect((off.get(siteDataPaths.outing(DAY)) as OutingData).checklistIds).toBeUndefined();
    expect(JSON.stringify([...off.values()])).not.toContain('S101');
    const on = siteDataFiles(fixtureManifests(), lifeWithDays([day]), { trips: [trip], checklistLinks: true });
    expect((on.get(siteDataPaths.outing(DAY)) as OutingData).checklistIds).toEqual(['S101', 'S102']);
    expect((on.get(siteDataPaths.outing(tripKey(trip.name))) as OutingData).checklistIds).toBeUndefined();
  });

  it('makes a checklist-only day an outing too, and a named trip one page over its days, listed in the index instead of them', () => {
    const before = { ...FIELD_DAY, date: '2024-05-16', checklists: 1, minutes: 30, species: [LIFE_RECORDS.gull.scientificName] };
    const trip = { name: 'Carolina, May 2024', from: '2024-05-15', to: '2024-05-18' };
    const files = siteDataFiles(fixtureManifests(), lifeWithDays([before, FIELD_DAY]), { trips: [trip] });
    const key = tripKey(trip.name);
    const page = files.get(siteDataPaths.outing(key)) as OutingData;
    expect(page).toMatchObject({ kind: 'trip', name: trip.name, from: '2024-05-16', to: DAY, checklists: 3, minutes: 125, observed: 3, lifers: 1 });
    expect(page.days).toEqual([
      { date: '2024-05-16', species: 1, lifers: 0, photos: 0 },
      { date: DAY, species: 2, lifers: 1, photos: 5 },
    ]);
    // The gull is on the trip's checklists (the 16th), so it is listed, with its photo of the 17th.
    const gull = page.species.find((s) => s.commonName === "Franklin's Gull")!;
    expect(gull.notListed).toBeUndefined();
    expect(gull.photos.map((p) => p.id)).toEqual([photos.gull.id]);
    expect((files.get(siteDataPaths.outing('2024-05-16')) as OutingData).trip).toEqual({ key, name: trip.name });
    const index = files.get(siteDataPaths.outings) as OutingsData;
    expect(index.years.flatMap((y) => (y.outings ?? []).map((o) => o.key))).toEqual([key]);
  });

  it('publishes no page for a trip whose days are all in an earlier trip, which keeps them', () => {
    const carolina = { name: 'Carolina, May 2024', from: '2024-05-15', to: '2024-05-18' };
    const inner = { name: 'Inner Loop', from: DAY, to: DAY };
    const files = siteDataFiles(fixtureManifests(), undefined, { trips: [inner, carolina] });
    expect(files.has(siteDataPaths.outing(tripKey(inner.name)))).toBe(false);
    expect((files.get(siteDataPaths.outing(DAY)) as OutingData).trip).toEqual({ key: tripKey(carolina.name), name: carolina.name });
    expect((files.get(siteDataPaths.outings) as OutingsData).years.flatMap((y) => (y.outings ?? []).map((o) => o.key))).toEqual([tripKey(carolina.name)]);
  });

  it('puts no photo or checklist dated after the last day on an outing', () => {
    const files = siteDataFiles(fixtureManifests(), lifeWithDays([FIELD_DAY]), { trips: [], lastDay: '2024-05-16' });
    expect(files.has(siteDataPaths.outing(DAY))).toBe(false);
    expect(files.get(siteDataPaths.outings)).toEqual({ fromExport: true, years: [] });
    expect((files.get(siteDataPaths.species('Wood Duck')) as SpeciesData).outings).toBeUndefined();
  });

  it("gives a page's photo the day of its outing only when that day is one, so the lightbox never links a missing page", () => {
    const onTheDay = siteDataFiles(fixtureManifests(), undefined, { trips: [], lastDay: DAY });
    expect((onTheDay.get(siteDataPaths.species('Wood Duck')) as SpeciesData).photos.map((p) => p.outing)).toEqual([DAY, DAY]);
    expect((onTheDay.get(siteDataPaths.home) as HomeData).photos.map((p) => p.outing)).toEqual([DAY, DAY]);
    // Dated after the ingest's day (a wrong camera clock): on no outing, so no outing day.
    const future = siteDataFiles(fixtureManifests(), undefined, { trips: [], lastDay: '2024-05-16' });
    expect((future.get(siteDataPaths.species('Wood Duck')) as SpeciesData).photos.map((p) => p.outing)).toEqual([undefined, undefined]);
    expect((future.get(siteDataPaths.home) as HomeData).photos.every((p) => p.outing === undefined)).toBe(true);
  });
});

describe('the Outings index', () => {
  it(`keeps only its newest year's entries past ${OUTINGS_INDEX_LIMIT}, and gives every other year a page of its own`, () => {
    // A photo a day for 401 days from the start of 2023.
    const days = Array.from({ length: OUTINGS_INDEX_LIMIT + 1 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10));
    const gull = days.map((takenOn, i) => ({ ...photos.gull, id: `gull-${i}`, takenOn }));
    const { index, years, pages } = outingsOf({ photosBySpecies: new Map([["Franklin's Gull", gull]]), toPagePhoto: ({ id, species, width, height, placeholder, thumbnail, display, sources, exif, takenOn }) => ({ id, species, width, height, placeholder, thumbnail, display, sources, exif, takenOn }), featured: [], settings: { trips: [] } });
    expect(pages).toHaveLength(days.length);
    expect(index.years.map((y) => [y.year, y.count, y.outings?.length])).toEqual([
      [2024, 36, 36],
      [2023, 365, undefined],
    ]);
    expect(years.map((y) => [y.year, y.outings.length, y.outings[0]!.key])).toEqual([[2023, 365, '2023-12-31']]);
  });
});

describe('the outings of recordings and clips', () => {
  /** Two recordings of the Wood Duck and a clip of it, on the fixture's day, as the pipeline indexes them. */
  function mediaOfTheDay(): MediaIndex {
    const common = { species: 'Wood Duck', folder: WOOD_DUCK, durationSeconds: 12, takenOn: DAY, addedAt: '2024-05-18T08:00:00Z' };
    const recording = (id: string) => ({
      ...common,
      kind: 'recording',
      id,
      source: `life_list/${WOOD_DUCK.join('/')}/${id}.wav`,
      fileName: `${id}.wav`,
      audio: [{ path: `media/${id}.m4a`, type: 'audio/mp4', bytes: 1000 }],
      spectrogram: { image: { path: `media/${id}_spectrogram.webp`, width: 1200, height: 300 }, maxFrequencyHz: 11025 },
    });
    const clip = {
      ...common,
      kind: 'clip',
      id: 'wood-duck-swims',
      source: `life_list/${WOOD_DUCK.join('/')}/swims.mov`,
      fileName: 'swims.mov',
      width: 1920,
      height: 1080,
      video: [{ path: 'media/swims.mp4', type: 'video/mp4', bytes: 5000 }],
      hasSound: true,
      placeholder: photos.duckDrake.placeholder,
      thumbnail: photos.duckDrake.thumbnail,
      poster: photos.duckDrake.thumbnail,
      sources: photos.duckDrake.sources,
    };
    const media = [recording('wood-duck-whistle'), recording('wood-duck-call'), clip];
    return mediaIndexSchema.parse({ version: 1, media: Object.fromEntries(media.map((m) => [m.id, m])) });
  }

  it("counts them on the day's page, on its card in the Outings index and in a trip's list of days", () => {
    const trip = { name: 'Carolina, May 2024', from: '2024-05-16', to: '2024-05-18' };
    const before = { ...FIELD_DAY, date: '2024-05-16', species: [LIFE_RECORDS.gull.scientificName] };
    const files = siteDataFiles(fixtureManifests(), lifeWithDays([before, FIELD_DAY]), { trips: [trip] }, mediaOfTheDay());
    const day = files.get(siteDataPaths.outing(DAY)) as OutingData;
    expect(day).toMatchObject({ recordingCount: 2, clipCount: 1 });
    const page = files.get(siteDataPaths.outing(tripKey(trip.name))) as OutingData;
    expect(page).toMatchObject({ recordingCount: 2, clipCount: 1 });
    expect(page.days).toEqual([
      { date: '2024-05-16', species: 1, lifers: 0, photos: 0 },
      { date: DAY, species: 2, lifers: 1, photos: 5, recordings: 2, clips: 1 },
    ]);
    const index = files.get(siteDataPaths.outings) as OutingsData;
    expect(index.years[0]!.outings).toEqual([expect.objectContaining({ key: tripKey(trip.name), photos: 5, recordings: 2, clips: 1 })]);
  });

  it('leaves the counts out of a card with none, so a photos-only site keeps its files as they were', () => {
    const index = siteDataFiles(fixtureManifests()).get(siteDataPaths.outings) as OutingsData;
    const card = index.years[0]!.outings![0]!;
    expect(Object.keys(card)).not.toContain('recordings');
    expect(Object.keys(card)).not.toContain('clips');
  });
});
