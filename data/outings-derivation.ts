import { placeNameOf } from './region-code.ts';
import type { FieldDay, LifeListRecords, LifeRecord } from './life-records.ts';
import { compareNames, type PhotoEntry } from './manifest-schemas.ts';
import { outingDataSchema, outingsDataSchema, outingsYearDataSchema, OUTINGS_INDEX_LIMIT, type OutingData, type OutingSettings, type OutingSpecies, type OutingsData, type OutingSummary, type OutingsYearData, type Trip } from './outings.ts';
import { compareDays, tripKey } from './paths.ts';
import { hasPage, tripOutcomes, type TripOutcome } from './trips.ts';
import type { PagePhoto } from './site-data-schemas.ts';
import type { PageClip, PageRecording } from './media-schemas.ts';

/**
 * The outings derived from the photos' capture days and the export's days (the shapes are in
 * outings.ts): every day in the field with its page, every trip of site.json over its days, and
 * the Outings page that lists them.
 */

export interface OutingInputs {
  /** Every species' shown photos, by species (folder) name, in its page's order. */
  photosBySpecies: ReadonlyMap<string, readonly PhotoEntry[]>;
  toPagePhoto: (photo: PhotoEntry) => PagePhoto;
  /** Featured photo ids: a day's cover is its first featured photo. */
  featured: readonly string[];
  records?: LifeListRecords;
  /** Species folder name → its life record. */
  bySpecies?: ReadonlyMap<string, LifeRecord>;
  /** Region code → name. */
  names?: Readonly<Record<string, string>>;
  settings: OutingSettings;
  /** Every species' recordings and clips as its page has them (each with its day as `takenOn`), by species (folder) name. */
  mediaBySpecies?: ReadonlyMap<string, readonly PageMedia[]>;
}

type PageMedia = PageRecording | PageClip;

interface Day {
  date: string;
  field?: FieldDay;
  /** Species folder name → its photos that day. */
  photos: Map<string, PhotoEntry[]>;
  /** Species folder name → its recordings and clips that day. */
  media: Map<string, PageMedia[]>;
}

/**
 * The day a photo or checklist is on an outing: its own, when it has one and it is not after the
 * last day (the ingest's today; none given, every day counts).
 */
export function outingDayOf(day: string | null | undefined, lastDay: string | undefined): string | undefined {
  return day && (lastDay === undefined || day <= lastDay) ? day : undefined;
}

/** Every day in the field (with photos or checklists), each with what it holds. */
function fieldDays({ photosBySpecies, mediaBySpecies, records, settings }: OutingInputs): Map<string, Day> {
  const days = new Map<string, Day>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) days.set(date, (day = { date, photos: new Map(), media: new Map() }));
    return day;
  };
  // A day with only a recording or a clip is a day in the field too.
  for (const [species, items] of mediaBySpecies ?? []) {
    for (const item of items) {
      const date = outingDayOf(item.takenOn, settings.lastDay);
      if (!date) continue;
      const day = dayOf(date);
      day.media.set(species, [...(day.media.get(species) ?? []), item]);
    }
  }
  for (const field of records?.days ?? []) {
    const date = outingDayOf(field.date, settings.lastDay);
    if (date) dayOf(date).field = field;
  }
  for (const [species, photos] of photosBySpecies) {
    for (const photo of photos) {
      const date = outingDayOf(photo.takenOn, settings.lastDay);
      if (!date) continue;
      const day = dayOf(date);
      const ofSpecies = day.photos.get(species);
      if (ofSpecies) ofSpecies.push(photo);
      else day.photos.set(species, [photo]);
    }
  }
  return days;
}

/**
 * The Outings page and every outing page (the days, then the trips), and what became of each trip
 * of site.json (data/trips.ts): the ingest reports that, so the report says what is published.
 */
export function outingsOf(inputs: OutingInputs): { index: OutingsData; years: OutingsYearData[]; pages: OutingData[]; summaries: OutingSummary[]; trips: TripOutcome[] } {
  const days = fieldDays(inputs);
  const sorted = [...days.values()].sort((a, b) => compareDays(a.date, b.date));
  const outcomes = tripOutcomes(inputs.settings.trips, sorted.map((d) => d.date));
  const trips = outcomes.filter(hasPage);
  const tripOfDay = new Map<string, Trip>();
  for (const { trip, dates } of trips) for (const date of dates) tripOfDay.set(date, trip);
  const context = pageContext(inputs);

  const pages: OutingData[] = [];
  const summaries: OutingSummary[] = [];
  const dayPages = new Map<string, OutingData>();
  for (const day of sorted) {
    const trip = tripOfDay.get(day.date);
    const page = outingPage(context, [day], { key: day.date, kind: 'day', from: day.date, to: day.date, ...(trip && { trip: { key: tripKey(trip.name), name: trip.name } }) });
    pages.push(page);
    dayPages.set(day.date, page);
    if (!trip) summaries.push(summaryOf(inputs, page));
  }
  for (const { trip, dates } of trips) {
    const ofTrip = dates.map((date) => dayPages.get(date)!);
    const page = outingPage(
      context,
      dates.map((date) => days.get(date)!),
      {
        key: tripKey(trip.name),
        kind: 'trip',
        name: trip.name,
        from: dates[0]!,
        to: dates.at(-1)!,
        days: ofTrip.map((p) => ({ date: p.from, species: p.observed, lifers: p.lifers, photos: p.photoCount, ...tallyOf(p) })),
      },
    );
    pages.push(page);
    summaries.push(summaryOf(inputs, page));
  }

  const byYear = new Map<number, OutingSummary[]>();
  for (const s of summaries.sort((a, b) => compareDays(b.from, a.from))) {
    const year = Number(s.from.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), s]);
  }
  const fromExport = inputs.records !== undefined;
  const split = summaries.length > OUTINGS_INDEX_LIMIT;
  const index = outingsDataSchema.parse({
    fromExport,
    years: [...byYear].map(([year, outings], i) => ({ year, count: outings.length, ...((!split || i === 0) && { outings }) })),
  });
  const years = split ? [...byYear].slice(1).map(([year, outings]) => outingsYearDataSchema.parse({ fromExport, year, outings })) : [];
  return { index, years, pages, summaries, trips: outcomes };
}

type PageHead = Pick<OutingData, 'key' | 'kind' | 'from' | 'to'> & Partial<Pick<OutingData, 'name' | 'days' | 'trip'>>;

/** What the outing pages look species up in, made once for all of them. */
interface PageContext extends OutingInputs {
  /** Scientific name → the export's record. */
  recordOf: ReadonlyMap<string, LifeRecord>;
  /** Scientific name → the species folder that stands for it. */
  folderOf: ReadonlyMap<string, string>;
}

function pageContext(inputs: OutingInputs): PageContext {
  const recordOf = new Map((inputs.records?.species ?? []).map((r) => [r.scientificName, r]));
  const folderOf = new Map<string, string>();
  for (const [folder, record] of inputs.bySpecies ?? []) if (!folderOf.has(record.scientificName)) folderOf.set(record.scientificName, folder);
  return { ...inputs, recordOf, folderOf };
}

/** One outing's page over its days. */
function outingPage(context: PageContext, days: readonly Day[], head: PageHead): OutingData {
  const { records, names = {}, settings } = context;
  const { species, observed } = speciesOf(context, days);
  const regionCodes = [...new Set(days.flatMap((d) => d.field?.regions ?? []))].sort();
  const fields = days.flatMap((d) => (d.field ? [d.field] : []));
  return outingDataSchema.parse({
    ...head,
    regions: regionCodes.map((code) => ({ code, name: placeNameOf(code, names) })),
    fromExport: records !== undefined,
    ...(records && { checklists: fields.reduce((n, f) => n + f.checklists, 0), minutes: fields.reduce((n, f) => n + f.minutes, 0) }),
    // A trip's page links its days, and each day its own checklists.
    ...(settings.checklistLinks && head.kind === 'day' && fields.length > 0 && { checklistIds: fields.flatMap((f) => f.checklistIds ?? []) }),
    // Without an export, what was photographed is what was seen.
    observed: records ? observed : species.length,
    lifers: species.filter((s) => s.lifer).length,
    photoCount: species.reduce((n, s) => n + s.photos.length, 0),
    ...countsOf(species),
    species,
  });
}

/** Seen species in taxonomic order, each with its photos, then those photographed but not listed; `observed` counts the seen. */
function speciesOf({ records, bySpecies, toPagePhoto, recordOf, folderOf }: PageContext, days: readonly Day[]): { species: OutingSpecies[]; observed: number } {
  const dates = new Set(days.map((d) => d.date));
  const seen = new Set<string>();
  for (const day of days) for (const name of day.field?.species ?? []) seen.add(name);
  const photosOf = new Map<string, PhotoEntry[]>();
  for (const day of days) for (const [species, photos] of day.photos) photosOf.set(species, (photosOf.get(species) ?? []).concat(photos));
  const mediaOf = new Map<string, PageMedia[]>();
  for (const day of days) for (const [species, items] of day.media) mediaOf.set(species, (mediaOf.get(species) ?? []).concat(items));
  // A species recorded or filmed but not photographed that day is on the outing all the same.
  for (const species of mediaOf.keys()) if (!photosOf.has(species)) photosOf.set(species, []);

  const entries: (OutingSpecies & { order: number })[] = [];
  const shown = new Set<string>();
  for (const scientificName of seen) {
    const record = recordOf.get(scientificName);
    if (!record) continue;
    const folder = folderOf.get(scientificName);
    const photos = folder === undefined ? [] : (photosOf.get(folder) ?? []);
    if (folder !== undefined) shown.add(folder);
    entries.push({
      order: record.taxonOrder,
      commonName: record.commonName,
      ...(record.localName && { localName: record.localName }),
      scientificName,
      ...(dates.has(record.firstSeen) && { lifer: true as const }),
      ...(folder !== undefined && { species: folder }),
      photos: photos.map(toPagePhoto),
      ...mediaFieldsOf(folder === undefined ? [] : (mediaOf.get(folder) ?? [])),
    });
  }
  entries.sort((a, b) => a.order - b.order || compareNames(a.commonName, b.commonName));
  // Photographed, but not on the day's checklists (or no export at all): by taxonomic order where known, else by name.
  const extra = [...photosOf]
    .filter(([folder]) => !shown.has(folder))
    .map(([folder, photos]) => {
      const record = bySpecies?.get(folder);
      return {
        order: record?.taxonOrder ?? Number.POSITIVE_INFINITY,
        commonName: record?.commonName ?? folder,
        ...((record?.localName ?? photos[0]?.localName ?? mediaOf.get(folder)?.[0]?.localName) && { localName: record?.localName ?? photos[0]?.localName ?? mediaOf.get(folder)![0]!.localName! }),
        ...(record && { scientificName: record.scientificName }),
        ...(records && { notListed: true as const }),
        species: folder,
        photos: photos.map(toPagePhoto),
        ...mediaFieldsOf(mediaOf.get(folder) ?? []),
      };
    })
    .sort((a, b) => a.order - b.order || compareNames(a.commonName, b.commonName));
  return { species: [...entries, ...extra].map(({ order: _order, ...s }) => s), observed: entries.length };
}

/** A species' recordings and clips on an outing, each list left out when empty. */
export function mediaFieldsOf(items: readonly PageMedia[]): { recordings?: PageRecording[]; clips?: PageClip[] } {
  const recordings = items.filter((m): m is PageRecording => m.kind === 'recording');
  const clips = items.filter((m): m is PageClip => m.kind === 'clip');
  return { ...(recordings.length > 0 && { recordings }), ...(clips.length > 0 && { clips }) };
}

/** An outing's counts of recordings and clips, each left out when zero. */
function countsOf(species: readonly OutingSpecies[]): { recordingCount?: number; clipCount?: number } {
  const recordings = species.reduce((n, s) => n + (s.recordings?.length ?? 0), 0);
  const clips = species.reduce((n, s) => n + (s.clips?.length ?? 0), 0);
  return { ...(recordings > 0 && { recordingCount: recordings }), ...(clips > 0 && { clipCount: clips }) };
}

/** A page's recording and clip counts as a card or a trip's day list names them. */
function tallyOf(page: OutingData): { recordings?: number; clips?: number } {
  return { ...(page.recordingCount !== undefined && { recordings: page.recordingCount }), ...(page.clipCount !== undefined && { clips: page.clipCount }) };
}

function summaryOf({ featured }: OutingInputs, page: OutingData): OutingSummary {
  const photos = page.species.flatMap((s) => s.photos);
  const featuredSet = new Set(featured);
  const cover = photos.find((p) => featuredSet.has(p.id)) ?? photos[0];
  return {
    key: page.key,
    kind: page.kind,
    ...(page.name !== undefined && { name: page.name }),
    from: page.from,
    to: page.to,
    regions: page.regions.map((r) => r.name),
    observed: page.observed,
    lifers: page.lifers,
    photos: page.photoCount,
    ...tallyOf(page),
    ...(cover && { cover: { thumbnail: cover.thumbnail, placeholder: cover.placeholder, sources: cover.sources } }),
  };
}
