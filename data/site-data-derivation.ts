import { compareDays } from './paths.ts';
import { countryOf, placeNameOf, placesByCountry } from './region-code.ts';
import { birdListDataSchema, birdLists, type BirdListData, type ListsMaps, type PhotographedSpecies } from './bird-lists.ts';
import { listsMapFiles } from './lists-map-files.ts';
import type { LifeListRecords, LifeRecord } from './life-records.ts';
import { mediaFieldsOf, outingDayOf, outingsOf } from './outings-derivation.ts';
import type { MediaEntry, MediaIndex, PageClip, PageRecording } from './media-schemas.ts';
import type { OutingData, OutingSettings, OutingSummary } from './outings.ts';
import type { TripOutcome } from './trips.ts';
import { childFolders, compareNames, isPhotoWall, type LifeListFolder, type Manifests, type PhotoEntry } from './manifest-schemas.ts';
import {
  creditsDataSchema,
  homeDataSchema,
  levelDataSchema,
  notPhotographedDataSchema,
  searchDataSchema,
  SITE_DATA_DIR,
  siteDataPaths,
  speciesDataSchema,
  type CreditsData,
  type FolderCard,
  type LevelData,
  type PagePhoto,
  type SearchData,
  type SpeciesData,
} from './site-data-schemas.ts';

/** The owner's eBird life list and which species folder stands for which of its species (the ingest matches them). */
export interface LifeListLinks {
  records: LifeListRecords;
  /** Species folder name → its life record. */
  bySpecies: ReadonlyMap<string, LifeRecord>;
  /** The names of the export's regions (from ISO 3166) and the Lists page's maps, made by the ingest. */
  places?: { names: Readonly<Record<string, string>>; maps?: ListsMaps };
}

/**
 * The site's per-page data files (site-data-schemas.ts), derived from the complete manifests. The
 * ingest writes them (pipeline/commit/site-data-set.ts); the site's tests derive their fixtures
 * with it, so both always agree. Returns
 * site-relative path → file content, each parsed by its schema so a derivation bug can never
 * publish a file the site would reject; a string is a file's text as it is (the Lists page's SVG maps).
 */
export function siteDataFiles(manifests: Manifests, life?: LifeListLinks, outings: OutingSettings = { trips: [] }, media?: MediaIndex): Map<string, unknown> {
  return siteDataWithTrips(manifests, life, outings, media).files;
}

/** The site's data files, and what became of each trip of site.json as its pages were made (the ingest reports it). */
export function siteDataWithTrips(manifests: Manifests, life?: LifeListLinks, outings: OutingSettings = { trips: [] }, media?: MediaIndex): { files: Map<string, unknown>; trips: TripOutcome[] } {
  const find = photoFinder(manifests);
  const mediaBySpecies = pageMediaBySpecies(media, outings.lastDay);
  const files = new Map<string, unknown>();
  const pagePhoto = pagePhotoOf(outings.lastDay);
  const home = manifests.info.featured.flatMap((id) => {
    const entry = find.byId(id);
    return entry ? [pagePhoto(entry)] : [];
  });
  files.set(siteDataPaths.home, homeDataSchema.parse({ photos: home }));
  const searchable = addSpeciesPages(files, manifests, find, life, pagePhoto, outings.lastDay, mediaBySpecies, media);
  addLevelPages(files, manifests, find, life, mediaCounts(media));
  const creditedMedia = creditedMediaOf(media);
  files.set(
    siteDataPaths.credits,
    creditsDataSchema.parse({ photos: creditedPhotos(Object.values(manifests.photoIndex.photos)), ...(creditedMedia.length > 0 ? { media: creditedMedia } : {}), ...(manifests.info.taxonomy ? { taxonomy: manifests.info.taxonomy } : {}) }),
  );
  files.set(siteDataPaths.search, searchDataSchema.parse({ species: searchable.sort((a, b) => compareNames(a.name, b.name)) }));
  if (life) addLifeListPages(files, find, life);
  const trips = addOutingPages(files, manifests, find, life, outings, pagePhoto, mediaBySpecies);
  return { files, trips };
}

type PageMedia = PageRecording | PageClip;

/** Every species' recordings and clips as its page shows them, oldest first (undated last), each with its outing's day. */
function pageMediaBySpecies(media: MediaIndex | undefined, lastDay: string | undefined): Map<string, PageMedia[]> {
  const bySpecies = new Map<string, MediaEntry[]>();
  for (const entry of Object.values(media?.media ?? {})) bySpecies.set(entry.species, [...(bySpecies.get(entry.species) ?? []), entry]);
  const oldestFirst = (a: MediaEntry, b: MediaEntry) =>
    (a.takenOn ?? '9999') < (b.takenOn ?? '9999') ? -1 : (a.takenOn ?? '9999') > (b.takenOn ?? '9999') ? 1 : compareNames(a.fileName, b.fileName) || (a.id < b.id ? -1 : 1);
  return new Map([...bySpecies].map(([species, entries]) => [species, entries.sort(oldestFirst).map((e) => pageMediaOf(e, outingDayOf(e.takenOn, lastDay)))]));
}

/** What a page carries of a recording or clip (data/media-schemas.ts). */
function pageMediaOf(entry: MediaEntry, outing: string | undefined): PageMedia {
  const common = {
    id: entry.id,
    species: entry.species,
    ...(entry.localName ? { localName: entry.localName } : {}),
    durationSeconds: entry.durationSeconds,
    takenOn: entry.takenOn,
    ...(entry.device ? { device: entry.device } : {}),
    ...(entry.credit ? { credit: entry.credit } : {}),
    ...(entry.title ? { title: entry.title } : {}),
    ...(entry.caption ? { caption: entry.caption } : {}),
    ...(outing !== undefined ? { outing } : {}),
  };
  if (entry.kind === 'recording') return { kind: 'recording', ...common, audio: entry.audio, spectrogram: entry.spectrogram };
  return { kind: 'clip', ...common, width: entry.width, height: entry.height, video: entry.video, hasSound: entry.hasSound, placeholder: entry.placeholder, thumbnail: entry.thumbnail, poster: entry.poster, sources: entry.sources };
}

/** Folder path (slash-joined, every ancestor of a species folder) → its recordings and clips. */
type MediaCounts = ReadonlyMap<string, { recordings: number; clips: number }>;

function mediaCounts(media: MediaIndex | undefined): MediaCounts {
  const counts = new Map<string, { recordings: number; clips: number }>();
  for (const entry of Object.values(media?.media ?? {})) {
    for (let i = 0; i <= entry.folder.length; i++) {
      const key = entry.folder.slice(0, i).join('/');
      const c = counts.get(key) ?? { recordings: 0, clips: 0 };
      if (entry.kind === 'recording') c.recordings++;
      else c.clips++;
      counts.set(key, c);
    }
  }
  return counts;
}

function countFields(counts: MediaCounts, segments: readonly string[]): { recordingCount?: number; clipCount?: number } {
  const c = counts.get(segments.join('/'));
  return { ...(c && c.recordings > 0 ? { recordingCount: c.recordings } : {}), ...(c && c.clips > 0 ? { clipCount: c.clips } : {}) };
}

/** The recordings and clips whose licence asks for a credit, by species then file. */
function creditedMediaOf(media: MediaIndex | undefined): NonNullable<CreditsData['media']> {
  return Object.values(media?.media ?? {})
    .filter((m) => m.credit !== undefined)
    .sort((a, b) => compareNames(a.species, b.species) || compareNames(a.fileName, b.fileName))
    .map((m) => ({ id: m.id, kind: m.kind, species: m.species, ...(m.localName ? { localName: m.localName } : {}), fileName: m.fileName, credit: m.credit! }));
}

/** Every species' photos as its page shows them (bird_photos.json order, entries with id 0 left out). */
function shownPhotos(manifests: Manifests, find: PhotoFinder): Map<string, PhotoEntry[]> {
  return new Map(Object.entries(manifests.birdPhotos).map(([species, entries]) => [species, entries.flatMap((e) => (e.id === 0 ? [] : (find.bySpeciesNumber(species, e.id) ?? [])))]));
}

/** The Outings page and a page for every day in the field and every trip; returns what became of each trip. */
function addOutingPages(files: Map<string, unknown>, manifests: Manifests, find: PhotoFinder, life: LifeListLinks | undefined, settings: OutingSettings, pagePhoto: (entry: PhotoEntry) => PagePhoto, mediaBySpecies: ReadonlyMap<string, readonly PageMedia[]>): TripOutcome[] {
  const { index, years, pages, summaries, trips } = outingsOf({
    photosBySpecies: shownPhotos(manifests, find),
    ...(mediaBySpecies.size > 0 && { mediaBySpecies }),
    toPagePhoto: pagePhoto,
    featured: manifests.info.featured,
    ...(life && { records: life.records, bySpecies: life.bySpecies, names: life.places?.names ?? {} }),
    settings,
  });
  // The Outings page is in the header of every page: it exists, empty, even before the first dated photo.
  files.set(siteDataPaths.outings, index);
  for (const year of years) files.set(siteDataPaths.outingsYear(year.year), year);
  for (const page of pages) files.set(siteDataPaths.outing(page.key), page);
  linkListsToOutings(files, summaries, pages);
  return trips;
}

/** Each year, country and state/province list links the outings of the index it covers (a trip once, not its days). */
function linkListsToOutings(files: Map<string, unknown>, summaries: readonly OutingSummary[], pages: readonly OutingData[]): void {
  const regionsOf = new Map(pages.map((p) => [p.key, p.regions.map((r) => r.code)]));
  const entries = summaries
    .map((o) => ({ ...o, regionCodes: regionsOf.get(o.key) ?? [] }))
    .sort((a, b) => compareDays(a.from, b.from));
  const listFolder = `${SITE_DATA_DIR}/lists/`;
  for (const [path, content] of files) {
    if (!path.startsWith(listFolder)) continue;
    const list = content as BirdListData;
    const covered = entries.filter((o) =>
      list.kind === 'year' ? o.from.slice(0, 4) <= list.key && o.to.slice(0, 4) >= list.key : o.regionCodes.some((code) => code === list.key || countryOf(code) === list.key),
    );
    if (covered.length === 0) continue;
    files.set(path, birdListDataSchema.parse({ ...list, outings: covered.map((o) => ({ key: o.key, from: o.from, to: o.to, ...(o.name !== undefined && { name: o.name }) })) }));
  }
}

type PhotoFinder = ReturnType<typeof photoFinder>;

/** A page for every species with a photo or a folder; returns what the search box finds (every one of them). */
function addSpeciesPages(
  files: Map<string, unknown>,
  manifests: Manifests,
  find: PhotoFinder,
  life: LifeListLinks | undefined,
  pagePhoto: (entry: PhotoEntry) => PagePhoto,
  lastDay: string | undefined,
  mediaBySpecies: ReadonlyMap<string, readonly PageMedia[]>,
  media?: MediaIndex,
): SearchData['species'] {
  const searchable: SearchData['species'] = [];
  const photographed = shownPhotos(manifests, find);
  // A species with recordings or clips and no photo has its page too.
  const firstMedia = new Map<string, MediaEntry>();
  for (const entry of Object.values(media?.media ?? {})) if (!firstMedia.has(entry.species)) firstMedia.set(entry.species, entry);
  for (const species of mediaBySpecies.keys()) if (!photographed.has(species)) photographed.set(species, []);
  for (const [species, shown] of photographed) {
    const folder = shown[0]?.folder ?? find.firstOfSpecies(species)?.folder ?? firstMedia.get(species)?.folder;
    if (!folder) continue;
    const record = life?.bySpecies.get(species);
    // The export's name first; else the taxonomy's, which the ingest gave each photo of the species.
    const scientificName = record?.scientificName ?? find.firstOfSpecies(species)?.scientificName ?? firstMedia.get(species)?.scientificName;
    const firstPhotographed = shown.flatMap((p) => (p.takenOn === null ? [] : [p.takenOn])).sort()[0];
    const localName = find.firstOfSpecies(species)?.localName ?? firstMedia.get(species)?.localName;
    const ofSpecies = mediaBySpecies.get(species) ?? [];
    const data: SpeciesData = {
      species,
      ...(localName ? { localName } : {}),
      ...(record ? { sighting: sightingOf(record, life?.places?.names ?? {}), seenIn: seenInOf(record, life?.places?.names ?? {}) } : scientificName ? { scientificName } : {}),
      ...(firstPhotographed !== undefined ? { firstPhotographed } : {}),
      ...outingsOfPhotos(shown, lastDay, ofSpecies),
      folder,
      photos: shown.map(pagePhoto),
      ...mediaFieldsOf(ofSpecies),
    };
    files.set(siteDataPaths.species(species), speciesDataSchema.parse(data));
    searchable.push({ name: species, ...(localName ? { localName } : {}), ...(scientificName ? { scientificName } : {}) });
  }
  return searchable;
}

/** The days of the outings a species was photographed on (each has its page), oldest first. */
function outingsOfPhotos(photos: readonly PhotoEntry[], lastDay: string | undefined, media: readonly PageMedia[] = []): { outings?: string[] } {
  const days = [...new Set([...photos.flatMap((p) => outingDayOf(p.takenOn, lastDay) ?? []), ...media.flatMap((m) => m.outing ?? [])])].sort();
  return days.length > 0 ? { outings: days } : {};
}

/** A page for every Life List level: a species' photo wall, or a folder's cards (empty folders left out). */
function addLevelPages(files: Map<string, unknown>, manifests: Manifests, find: PhotoFinder, life: LifeListLinks | undefined, counts: MediaCounts): void {
  const facts = folderFacts(life, find, counts);
  const visit = (folder: LifeListFolder, segments: string[]) => {
    const species = segments.at(-1);
    let level: LevelData;
    if (species !== undefined && isPhotoWall(folder)) {
      level = { kind: 'wall', segments, species };
    } else {
      // Hidden only when they have no photos and no recordings or clips.
      const visible = childFolders(folder).filter(([name, child]) => child.file_count > 0 || counts.has([...segments, name].join('/')));
      const cards = visible.map(([name, child]): FolderCard => {
        const coverPath = manifests.coverPhotos[[...segments, name].join('/')];
        const cover = coverPath === undefined ? undefined : find.byThumbnail(coverPath);
        const order = facts.taxonOrder(child, name);
        return {
          name,
          photoCount: child.file_count,
          speciesCount: facts.speciesCount(child, [...segments, name]),
          ...(cover ? { cover: { thumbnail: cover.thumbnail, placeholder: cover.placeholder, sources: cover.sources } } : {}),
          ...(order !== undefined ? { taxonOrder: order } : {}),
          ...(isPhotoWall(child) ? { species: true as const, ...localNameOf(find, name) } : {}),
          ...countFields(counts, [...segments, name]),
        };
      });
      level = { kind: 'folders', segments, photoCount: folder.file_count, ...countFields(counts, segments), cards };
      for (const [name, child] of visible) visit(child, [...segments, name]);
    }
    files.set(siteDataPaths.level(segments), levelDataSchema.parse(level));
  };
  visit(manifests.lifeListStructure, []);
}

/** A folder card's counts, each folder's worked out once however deep the tree. */
function folderFacts(life: LifeListLinks | undefined, find: PhotoFinder, media: MediaCounts) {
  const speciesCounts = new Map<LifeListFolder, number>();
  const speciesCount = (folder: LifeListFolder, segments: readonly string[]): number => {
    let count = speciesCounts.get(folder);
    if (count === undefined) {
      count = isPhotoWall(folder) ? (folder.file_count > 0 || media.has(segments.join('/')) ? 1 : 0) : childFolders(folder).reduce((sum, [name, child]) => sum + speciesCount(child, [...segments, name]), 0);
      speciesCounts.set(folder, count);
    }
    return count;
  };
  const taxonOrders = new Map<LifeListFolder, number | undefined>();
  // A folder's field-guide place is its first species' taxonomic order (data/taxonomic-order.ts sorts by it):
  // the eBird export's when there is one, else the bird taxonomy's sequence the ingest gave the species' photos.
  // The two are never mixed, as their numbers are not on one scale.
  const speciesOrder = life ? (species: string) => life.bySpecies.get(species)?.taxonOrder : (species: string) => find.firstOfSpecies(species)?.taxonSequence;
  const taxonOrder = (folder: LifeListFolder, name: string): number | undefined => {
    if (taxonOrders.has(folder)) return taxonOrders.get(folder);
    let order: number | undefined;
    if (isPhotoWall(folder)) order = speciesOrder(name);
    else
      for (const [childName, child] of childFolders(folder)) {
        const o = taxonOrder(child, childName);
        if (o !== undefined && (order === undefined || o < order)) order = o;
      }
    taxonOrders.set(folder, order);
    return order;
  };
  return { speciesCount, taxonOrder };
}

/** The photos whose licence asks for a credit, by species then file. */
function creditedPhotos(photos: readonly PhotoEntry[]): CreditsData['photos'] {
  return photos
    .filter((p) => p.credit !== undefined)
    .sort((a, b) => compareNames(a.species, b.species) || compareNames(a.display.path, b.display.path))
    .map((p) => ({ id: p.id, species: p.species, ...(p.localName ? { localName: p.localName } : {}), thumbnail: p.thumbnail, placeholder: p.placeholder, sources: p.sources, ...(p.credit ? { credit: p.credit } : {}) }));
}

/** With an eBird export: the lists, one page a list, and the species seen but not yet photographed. */
function addLifeListPages(files: Map<string, unknown>, find: PhotoFinder, life: LifeListLinks): void {
  const photographed = new Set([...life.bySpecies.values()].map((s) => s.scientificName));
  const rest = life.records.species.filter((s) => !photographed.has(s.scientificName));
  const photographedBy = new Map<string, PhotographedSpecies>();
  for (const [species, record] of life.bySpecies) {
    if (photographedBy.has(record.scientificName)) continue;
    const first = find.firstOfSpecies(species);
    photographedBy.set(record.scientificName, { species, ...(first && { thumbnail: first.thumbnail }) });
  }
  // The maps' shapes in files of their own (SVG text, not JSON): the Lists page references them.
  const maps = life.places?.maps && listsMapFiles(life.places.maps);
  const { lists, pages } = birdLists({ records: life.records, photographed: photographedBy, names: life.places?.names ?? {}, ...(maps && { maps: maps.maps }) });
  files.set(siteDataPaths.lists, lists);
  for (const [file, svg] of maps?.files ?? []) files.set(file, svg);
  for (const page of pages) files.set(siteDataPaths.list(page.key), page);
  files.set(
    siteDataPaths.notPhotographed,
    notPhotographedDataSchema.parse({
      observed: life.records.observedCount,
      species: rest.map((s) => ({ commonName: s.commonName, ...(s.localName && { localName: s.localName }), ...sightingOf(s, life.places?.names ?? {}) })),
    }),
  );
}

/**
 * The manifests name a photo three ways, each as the spec's file format has it: featured photos
 * by id (info.json), a species' photos by number (bird_photos.json), covers by thumbnail path
 * (cover_photos.json). All three resolve here, against photo-index.json.
 */
function photoFinder(manifests: Manifests) {
  const photos = Object.values(manifests.photoIndex.photos);
  const bySpecies = new Map<string, Map<number, PhotoEntry>>();
  for (const photo of photos) {
    const numbers = bySpecies.get(photo.species) ?? new Map<number, PhotoEntry>();
    numbers.set(photo.number, photo);
    bySpecies.set(photo.species, numbers);
  }
  const byThumbnail = new Map(photos.map((p) => [p.thumbnail.path, p]));
  return {
    byId: (id: string): PhotoEntry | undefined => manifests.photoIndex.photos[id],
    bySpeciesNumber: (species: string, number: number): PhotoEntry | undefined => bySpecies.get(species)?.get(number),
    firstOfSpecies: (species: string): PhotoEntry | undefined => bySpecies.get(species)?.values().next().value,
    byThumbnail: (path: string): PhotoEntry | undefined => byThumbnail.get(path),
  };
}

/** The years and places of a species' sightings: each country by name, with its states/provinces by name. */
function seenInOf(record: LifeRecord, names: Readonly<Record<string, string>>) {
  const places = placesByCountry((record.regions ?? []).map((r) => r.region), names, compareNames);
  return { years: (record.years ?? []).map((y) => y.year), places };
}

/** What a species page publishes of its life record: never more than names, a day and a region code (and its name). */
function sightingOf(record: LifeRecord, names: Readonly<Record<string, string>>) {
  return {
    scientificName: record.scientificName,
    firstSeen: record.firstSeen,
    ...(record.firstRegion !== undefined ? { firstRegion: record.firstRegion, firstPlace: placeNameOf(record.firstRegion, names) } : {}),
  };
}

/** A species folder's local name (its photos have it from the ingest), for its card. */
function localNameOf(find: PhotoFinder, species: string) {
  const localName = find.firstOfSpecies(species)?.localName;
  return localName ? { localName } : {};
}

/** A page's photo, with the day of its outing when it is on one. */
function pagePhotoOf(lastDay: string | undefined): (entry: PhotoEntry) => PagePhoto {
  return (entry) => pagePhotoWithOuting(entry, outingDayOf(entry.takenOn, lastDay));
}

function pagePhotoWithOuting(entry: PhotoEntry, outing: string | undefined): PagePhoto {
  return {
    id: entry.id,
    species: entry.species,
    ...(entry.localName ? { localName: entry.localName } : {}),
    width: entry.width,
    height: entry.height,
    placeholder: entry.placeholder,
    thumbnail: entry.thumbnail,
    display: entry.display,
    sources: entry.sources,
    exif: entry.exif,
    takenOn: entry.takenOn,
    ...(entry.credit ? { credit: entry.credit } : {}),
    ...(entry.title ? { title: entry.title } : {}),
    ...(entry.caption ? { caption: entry.caption } : {}),
    ...(outing !== undefined ? { outing } : {}),
  };
}
