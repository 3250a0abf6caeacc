import { compareDays } from './paths.ts';
import { countryOf, placeNameOf, placesByCountry } from './region-code.ts';
import { birdListDataSchema, birdLists, type BirdListData, type ListsMaps, type PhotographedSpecies } from './bird-lists.ts';
import { listsMapFiles } from './lists-map-files.ts';
import type { LifeListRecords, LifeRecord } from './life-records.ts';
import { outingDayOf, outingsOf } from './outings-derivation.ts';
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
export function siteDataFiles(manifests: Manifests, life?: LifeListLinks, outings: OutingSettings = { trips: [] }): Map<string, unknown> {
  return siteDataWithTrips(manifests, life, outings).files;
}

/** The site's data files, and what became of each trip of site.json as its pages were made (the ingest reports it). */
export function siteDataWithTrips(manifests: Manifests, life?: LifeListLinks, outings: OutingSettings = { trips: [] }): { files: Map<string, unknown>; trips: TripOutcome[] } {
  const find = photoFinder(manifests);
  const files = new Map<string, unknown>();
  const pagePhoto = pagePhotoOf(outings.lastDay);
  const home = manifests.info.featured.flatMap((id) => {
    const entry = find.byId(id);
    return entry ? [pagePhoto(entry)] : [];
  });
  files.set(siteDataPaths.home, homeDataSchema.parse({ photos: home }));
  const searchable = addSpeciesPages(files, manifests, find, life, pagePhoto, outings.lastDay);
  addLevelPages(files, manifests, find, life);
  files.set(siteDataPaths.credits, creditsDataSchema.parse({ photos: creditedPhotos(Object.values(manifests.photoIndex.photos)), ...(manifests.info.taxonomy ? { taxonomy: manifests.info.taxonomy } : {}) }));
  files.set(siteDataPaths.search, searchDataSchema.parse({ species: searchable.sort((a, b) => compareNames(a.name, b.name)) }));
  if (life) addLifeListPages(files, find, life);
  const trips = addOutingPages(files, manifests, find, life, outings, pagePhoto);
  return { files, trips };
}

/** Every species' photos as its page shows them (bird_photos.json order, entries with id 0 left out). */
function shownPhotos(manifests: Manifests, find: PhotoFinder): Map<string, PhotoEntry[]> {
  return new Map(Object.entries(manifests.birdPhotos).map(([species, entries]) => [species, entries.flatMap((e) => (e.id === 0 ? [] : (find.bySpeciesNumber(species, e.id) ?? [])))]));
}

/** The Outings page and a page for every day in the field and every trip; returns what became of each trip. */
function addOutingPages(files: Map<string, unknown>, manifests: Manifests, find: PhotoFinder, life: LifeListLinks | undefined, settings: OutingSettings, pagePhoto: (entry: PhotoEntry) => PagePhoto): TripOutcome[] {
  const { index, years, pages, summaries, trips } = outingsOf({
    photosBySpecies: shownPhotos(manifests, find),
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
function addSpeciesPages(files: Map<string, unknown>, manifests: Manifests, find: PhotoFinder, life: LifeListLinks | undefined, pagePhoto: (entry: PhotoEntry) => PagePhoto, lastDay: string | undefined): SearchData['species'] {
  const searchable: SearchData['species'] = [];
  for (const [species, shown] of shownPhotos(manifests, find)) {
    const folder = shown[0]?.folder ?? find.firstOfSpecies(species)?.folder;
    if (!folder) continue;
    const record = life?.bySpecies.get(species);
    // The export's name first; else the taxonomy's, which the ingest gave each photo of the species.
    const scientificName = record?.scientificName ?? find.firstOfSpecies(species)?.scientificName;
    const firstPhotographed = shown.flatMap((p) => (p.takenOn === null ? [] : [p.takenOn])).sort()[0];
    const localName = find.firstOfSpecies(species)?.localName;
    const data: SpeciesData = {
      species,
      ...(localName ? { localName } : {}),
      ...(record ? { sighting: sightingOf(record, life?.places?.names ?? {}), seenIn: seenInOf(record, life?.places?.names ?? {}) } : scientificName ? { scientificName } : {}),
      ...(firstPhotographed !== undefined ? { firstPhotographed } : {}),
      ...outingsOfPhotos(shown, lastDay),
      folder,
      photos: shown.map(pagePhoto),
    };
    files.set(siteDataPaths.species(species), speciesDataSchema.parse(data));
    searchable.push({ name: species, ...(localName ? { localName } : {}), ...(scientificName ? { scientificName } : {}) });
  }
  return searchable;
}

/** The days of the outings a species was photographed on (each has its page), oldest first. */
function outingsOfPhotos(photos: readonly PhotoEntry[], lastDay: string | undefined): { outings?: string[] } {
  const days = [...new Set(photos.flatMap((p) => outingDayOf(p.takenOn, lastDay) ?? []))].sort();
  return days.length > 0 ? { outings: days } : {};
}

/** A page for every Life List level: a species' photo wall, or a folder's cards (empty folders left out). */
function addLevelPages(files: Map<string, unknown>, manifests: Manifests, find: PhotoFinder, life: LifeListLinks | undefined): void {
  const facts = folderFacts(life, find);
  const visit = (folder: LifeListFolder, segments: string[]) => {
    const species = segments.at(-1);
    let level: LevelData;
    if (species !== undefined && isPhotoWall(folder)) {
      level = { kind: 'wall', segments, species };
    } else {
      const visible = childFolders(folder).filter(([, child]) => child.file_count > 0);
      const cards = visible.map(([name, child]): FolderCard => {
        const coverPath = manifests.coverPhotos[[...segments, name].join('/')];
        const cover = coverPath === undefined ? undefined : find.byThumbnail(coverPath);
        const order = facts.taxonOrder(child, name);
        return {
          name,
          photoCount: child.file_count,
          speciesCount: facts.speciesCount(child),
          ...(cover ? { cover: { thumbnail: cover.thumbnail, placeholder: cover.placeholder, sources: cover.sources } } : {}),
          ...(order !== undefined ? { taxonOrder: order } : {}),
          ...(isPhotoWall(child) ? { species: true as const, ...localNameOf(find, name) } : {}),
        };
      });
      level = { kind: 'folders', segments, photoCount: folder.file_count, cards };
      for (const [name, child] of visible) visit(child, [...segments, name]);
    }
    files.set(siteDataPaths.level(segments), levelDataSchema.parse(level));
  };
  visit(manifests.lifeListStructure, []);
}

/** A folder card's counts, each folder's worked out once however deep the tree. */
function folderFacts(life: LifeListLinks | undefined, find: PhotoFinder) {
  const speciesCounts = new Map<LifeListFolder, number>();
  const speciesCount = (folder: LifeListFolder): number => {
    let count = speciesCounts.get(folder);
    if (count === undefined) {
      count = isPhotoWall(folder) ? (folder.file_count > 0 ? 1 : 0) : childFolders(folder).reduce((sum, [, child]) => sum + speciesCount(child), 0);
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
