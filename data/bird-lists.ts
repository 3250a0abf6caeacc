import * as z from 'zod/mini';
import { isoDateSchema, regionCodeSchema, type LifeListRecords, type LifeRecord } from './life-records.ts';
import { compareNames, imageFileSchema, localNameSchema } from './manifest-schemas.ts';
import { countryOf, LIST_KEY, placeNameOf } from './region-code.ts';
import { OUTING_KEY } from './paths.ts';

/**
 * The lists a birder keeps, as eBird's "My eBird" table has them: life, each year, each
 * country and each state/province, every one with its species count and how many of them
 * are photographed. Made from the life records alone (each species' first sighting per year
 * and per region), so it counts as the life list counts. Only species, days, region codes,
 * region names and counts are published: never a location, a coordinate or a comment.
 */

const count = () => z.int().check(z.minimum(0));
const nonEmpty = () => z.string().check(z.minLength(1));

/** A list's key in its URL and data file name: a year (`2024`), a country (`US`) or a state/province (`US-TX`). */
const listKeySchema = z.string().check(z.regex(LIST_KEY, 'must be a year or a region code'));
export type ListKind = 'year' | 'country' | 'region';

export function listKindOf(key: string): ListKind {
  return /^\d{4}$/.test(key) ? 'year' : key.includes('-') ? 'region' : 'country';
}

const listSummarySchema = z.strictObject({ key: listKeySchema, name: nonEmpty(), observed: count(), photographed: count() });
export type ListSummary = z.infer<typeof listSummarySchema>;

/** A map's size, in the units of its shapes' paths. */
const mapSize = { width: z.int().check(z.positive()), height: z.int().check(z.positive()) };

/** The world's map, and one for each country with lists of its own (its states/provinces) where shapes exist. */
const worldAndRegions = <M extends z.ZodMiniObject>(map: M) => z.strictObject({ world: map, regions: z.array(z.extend(map, { country: nonEmpty(), name: nonEmpty() })) });

/** One shape of a map: a country (ISO code) or state/province (eBird code) as an SVG path; `code` is empty for land without one. */
const mapShapeSchema = z.strictObject({ code: z.string(), d: nonEmpty() });
/** A map as the ingest draws it: its size and its shapes (kept with the life list, and written to the map's own file). */
const listsMapSchema = z.strictObject({ ...mapSize, shapes: z.array(mapShapeSchema) });
export type ListsMap = z.infer<typeof listsMapSchema>;
export const listsMapsSchema = worldAndRegions(listsMapSchema);
export type ListsMaps = z.infer<typeof listsMapsSchema>;

/**
 * A map as the Lists page has it: its shapes are in their own file (`file`, site-relative, see
 * data/lists-map-files.ts), fetched only by the Lists page and cached apart from it; the page
 * holds the size and the codes drawn, and shades and links those with a list.
 */
const pageMapSchema = z.strictObject({
  file: nonEmpty(),
  ...mapSize,
  /** Every code the file has a shape for, sorted. */
  codes: z.array(nonEmpty()),
});
export type PageMap = z.infer<typeof pageMapSchema>;
const pageMapsSchema = worldAndRegions(pageMapSchema);
export type PageMaps = z.infer<typeof pageMapsSchema>;

/** The Lists page: eBird's table of lists, and the map. */
export const listsDataSchema = z.strictObject({
  life: z.strictObject({ observed: count(), photographed: count() }),
  /** Newest first; `added`: species new for the life list that year. */
  years: z.array(z.extend(listSummarySchema, { added: count() })),
  /** By name, each with its states/provinces by name. */
  countries: z.array(z.extend(listSummarySchema, { regions: z.array(listSummarySchema) })),
  maps: z.optional(pageMapsSchema),
});
export type ListsData = z.infer<typeof listsDataSchema>;

const listSpeciesSchema = z.strictObject({
  commonName: nonEmpty(),
  /** Its name in the site's bird-name language, where the taxonomy has one. */
  localName: z.optional(localNameSchema),
  scientificName: nonEmpty(),
  /** The first day in this list (year or region). */
  firstSeen: isoDateSchema,
  /** Year lists: the region of that first day, and its name ('Ontario, Canada'). */
  region: z.optional(regionCodeSchema),
  place: z.optional(nonEmpty()),
  /** Year lists: first seen ever that year. */
  newForLife: z.optional(z.literal(true)),
  /** The species page, when the species is photographed, with its first photo's thumbnail. */
  species: z.optional(nonEmpty()),
  thumbnail: z.optional(imageFileSchema),
});

/** One list's page: its species in taxonomic order. */
export const birdListDataSchema = z.strictObject({
  key: listKeySchema,
  kind: z.enum(['year', 'country', 'region']),
  name: nonEmpty(),
  /** A state/province's country. */
  country: z.optional(z.strictObject({ key: listKeySchema, name: nonEmpty() })),
  observed: count(),
  photographed: count(),
  species: z.array(listSpeciesSchema),
  /** The outings (days, or the trips they belong to) in this year or region, oldest first. */
  outings: z.optional(z.array(z.strictObject({ key: z.string().check(z.regex(OUTING_KEY)), from: isoDateSchema, to: isoDateSchema, name: z.optional(nonEmpty()) }))),
});
export type BirdListData = z.infer<typeof birdListDataSchema>;

/** What a photographed species' entry links to: its page, and a thumbnail. */
export interface PhotographedSpecies {
  species: string;
  thumbnail?: z.infer<typeof imageFileSchema>;
}

export interface ListInputs {
  records: LifeListRecords;
  /** Scientific name → the species page that shows it. */
  photographed: ReadonlyMap<string, PhotographedSpecies>;
  /** Region code (country or state/province) → its name. */
  names: Readonly<Record<string, string>>;
  /** The maps, as the page references them (data/lists-map-files.ts makes them and their files). */
  maps?: PageMaps;
}

interface Entry {
  record: LifeRecord;
  firstSeen: string;
  region?: string;
  newForLife?: true;
}

/** The Lists page and every list page, from the life records. */
export function birdLists({ records, photographed, names, maps }: ListInputs): { lists: ListsData; pages: BirdListData[] } {
  const byKey = new Map<string, Entry[]>();
  const add = (key: string, entry: Entry) => {
    const entries = byKey.get(key) ?? [];
    entries.push(entry);
    byKey.set(key, entries);
  };
  for (const record of records.species) {
    const firstYear = record.firstSeen.slice(0, 4);
    for (const y of record.years ?? []) {
      add(String(y.year), { record, firstSeen: y.firstSeen, ...(y.region !== undefined && { region: y.region }), ...(String(y.year) === firstYear && { newForLife: true as const }) });
    }
    const byCountry = new Map<string, string>();
    for (const r of record.regions ?? []) {
      if (r.region.includes('-')) add(r.region, { record, firstSeen: r.firstSeen });
      const country = countryOf(r.region);
      const known = byCountry.get(country);
      if (known === undefined || r.firstSeen < known) byCountry.set(country, r.firstSeen);
    }
    for (const [country, firstSeen] of byCountry) add(country, { record, firstSeen });
  }

  const nameOf = (key: string) => (listKindOf(key) === 'year' ? key : (names[key] ?? key));
  const pages: BirdListData[] = [];
  const summaries = new Map<string, ListSummary & { added: number }>();
  for (const [key, entries] of byKey) {
    // Records are in taxonomic order, and each list keeps it.
    const species = entries.map(({ record, firstSeen, region, newForLife }) => {
      const photo = photographed.get(record.scientificName);
      return {
        commonName: record.commonName,
        ...(record.localName && { localName: record.localName }),
        scientificName: record.scientificName,
        firstSeen,
        ...(region !== undefined && { region, place: placeNameOf(region, names) }),
        ...(newForLife && { newForLife }),
        ...(photo && { species: photo.species }),
        ...(photo?.thumbnail && { thumbnail: photo.thumbnail }),
      };
    });
    const kind = listKindOf(key);
    const summary = { key, name: nameOf(key), observed: species.length, photographed: species.filter((s) => s.species !== undefined).length };
    summaries.set(key, { ...summary, added: species.filter((s) => s.newForLife).length });
    pages.push(birdListDataSchema.parse({ ...summary, kind, ...(kind === 'region' && { country: { key: countryOf(key), name: nameOf(countryOf(key)) } }), species }));
  }

  const all = [...summaries.values()];
  const byName = (a: ListSummary, b: ListSummary) => compareNames(a.name, b.name);
  const plain = ({ key, name, observed, photographed: p }: ListSummary) => ({ key, name, observed, photographed: p });
  const lists = listsDataSchema.parse({
    life: { observed: records.observedCount, photographed: records.species.filter((s) => photographed.has(s.scientificName)).length },
    years: all.filter((s) => listKindOf(s.key) === 'year').sort((a, b) => b.key.localeCompare(a.key)),
    countries: all
      .filter((s) => listKindOf(s.key) === 'country')
      .sort(byName)
      .map((country) => ({ ...plain(country), regions: all.filter((s) => listKindOf(s.key) === 'region' && countryOf(s.key) === country.key).sort(byName).map(plain) })),
    ...(maps && { maps }),
  });
  return { lists, pages };
}
