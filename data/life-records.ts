import * as z from 'zod/mini';
import { localNameSchema } from './local-name.ts';
import { DAY } from './paths.ts';
import { REGION_CODE } from './region-code.ts';
import { createNameIndex, normaliseSpeciesName } from './species-names.ts';

export { binomialOf, normaliseSpeciesName, speciesNameTerms } from './species-names.ts';

/**
 * What the site publishes from the owner's eBird export ("Download My Data"), and the
 * rules for matching species folder names to eBird's names. Shared by the pipeline
 * (which writes the file) and the site (which reads it); nothing here touches the disk.
 *
 * Privacy: only names, taxonomic order, dates and region codes (`US-NC`) are published.
 * The objects are strict, so a coordinate, location name or comment can never ride along:
 * parsing such an object fails. A day's checklist ids stay in the pipeline's cache and reach
 * an outing page only when the owner opts in (`publishing.checklistLinks`, data/outings.ts).
 */

/** `YYYY-MM-DD`, a real calendar day: every day of site.json and of the data files. */
export const isoDateSchema = z.string().check(
  // Aborts: a text that is no date needs no calendar check.
  z.regex(DAY, { message: 'must be a date YYYY-MM-DD', abort: true }),
  z.refine((s) => isCalendarDate(s), 'must be a real calendar day'),
);

/** An eBird region code: country (`US`) or country and subdivision (`US-NC`, `GB-ENG`, `CA-ON`). */
export const regionCodeSchema = z.string().check(z.regex(REGION_CODE, 'must be a region code such as US-NC'));

const yearSchema = z.int().check(z.minimum(1000), z.maximum(9999));

/** A species' first sighting in one year of the export, and the region of that day. */
const yearSightingSchema = z.strictObject({ year: yearSchema, firstSeen: isoDateSchema, region: z.optional(regionCodeSchema) });

/** A species' first sighting in one region (eBird's State/Province code, or a country's own code). */
const regionSightingSchema = z.strictObject({ region: regionCodeSchema, firstSeen: isoDateSchema });

/** One species of the life list, as eBird counts it (subspecies groups folded into their species). */
export const lifeRecordSchema = z.strictObject({
  commonName: z.string().check(z.minLength(1)),
  scientificName: z.string().check(z.minLength(1)),
  /** eBird/Clements taxonomic order: sorting by it gives field-guide order. */
  taxonOrder: z.number().check(z.positive()),
  /** Its name in the site's bird-name language, from the owner's taxonomy (added by the ingest, never read from the export). */
  localName: z.optional(localNameSchema),
  /** Day of the first observation. */
  firstSeen: isoDateSchema,
  /** Region of the first observation (eBird's State/Province column); absent when the export had none. */
  firstRegion: z.optional(regionCodeSchema),
  /** Every year it was counted in, in order: the year lists are made of these. */
  years: z.optional(z.array(yearSightingSchema)),
  /** Every region it was counted in, by code: the country and state/province lists are made of these. */
  regions: z.optional(z.array(regionSightingSchema)),
});
export type LifeRecord = z.infer<typeof lifeRecordSchema>;

export const lifeGrowthYearSchema = z.strictObject({
  year: yearSchema,
  /** Species first seen in that year (0 for a year between two birding years). */
  added: z.int().check(z.minimum(0)),
});
export type LifeGrowthYear = z.infer<typeof lifeGrowthYearSchema>;

/** eBird's Submission ID (`S123456789`): its public checklist is at ebirdChecklistUrl(id). */
export const CHECKLIST_ID = /^S\d{1,12}$/;
export const checklistIdSchema = z.string().check(z.regex(CHECKLIST_ID, 'must be an eBird checklist id such as S123456789'));

export { ebirdChecklistUrl } from './ebird-links.ts';

/**
 * One day of the export: what the outing pages are made of. Never a location, a comment or a
 * count of birds; the checklist ids are for links the owner may opt in to.
 */
export const fieldDaySchema = z.strictObject({
  date: isoDateSchema,
  /** State/province codes (a country's own code where the export had no subdivision), sorted. */
  regions: z.array(regionCodeSchema),
  /** Distinct checklists submitted that day. */
  checklists: z.int().check(z.minimum(0)),
  /** Their ids, sorted, where the export gave them in eBird's form (absent in a cache from before they were kept). */
  checklistIds: z.optional(z.array(checklistIdSchema)),
  /** Minutes in the field: the sum of those checklists' durations (0 when none gave one). */
  minutes: z.int().check(z.minimum(0)),
  /** Countable species seen that day, by the scientific name of their life record, in taxonomic order. */
  species: z.array(z.string().check(z.minLength(1))),
});
export type FieldDay = z.infer<typeof fieldDaySchema>;

/** The life list read from the export; the site publishes it split into per-page data files (data/site-data-derivation.ts). */
export const lifeListRecordsSchema = z
  .strictObject({
    /** Countable species observed: the life count. */
    observedCount: z.int().check(z.minimum(0)),
    /** Every countable species, in taxonomic order. */
    species: z.array(lifeRecordSchema),
    /** Species added per year, every year from the first to the last, in order. */
    growth: z.array(lifeGrowthYearSchema),
    /** Every day with a checklist, oldest first: the outings. */
    days: z.optional(z.array(fieldDaySchema)),
  })
  .check(
    z.refine((l) => l.species.length === l.observedCount, 'observedCount must equal the number of species'),
    z.refine((l) => l.growth.reduce((sum, y) => sum + y.added, 0) === l.observedCount, 'growth must add up to observedCount'),
    z.refine((l) => l.species.every((s, i) => i === 0 || l.species[i - 1]!.taxonOrder <= s.taxonOrder), 'species must be in taxonomic order'),
  );
export type LifeListRecords = z.infer<typeof lifeListRecordsSchema>;

export function isCalendarDate(s: string): boolean {
  if (!DAY.test(s)) return false;
  const [y, mo, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Species first seen per year, every year from the first to the last (empty list for no species). */
export function growthByYear(species: readonly Pick<LifeRecord, 'firstSeen'>[]): LifeGrowthYear[] {
  if (species.length === 0) return [];
  const perYear = new Map<number, number>();
  for (const s of species) {
    const year = Number(s.firstSeen.slice(0, 4));
    perYear.set(year, (perYear.get(year) ?? 0) + 1);
  }
  const years = [...perYear.keys()];
  const [first, last] = [Math.min(...years), Math.max(...years)];
  const growth: LifeGrowthYear[] = [];
  for (let year = first; year <= last; year++) growth.push({ year, added: perYear.get(year) ?? 0 });
  return growth;
}

// --- Name matching ----------------------------------------------------------------

/** What a folder name was matched by: site.json's map, its own name, or the scientific name the taxonomy gives it (a name eBird has since changed). */
export type MatchedBy = 'site.json' | 'common name' | 'scientific name' | 'taxonomy';

/**
 * Finds the life record a species folder stands for: the explicit `names` map of
 * site.json first (its value may be an eBird common or scientific name), then the
 * folder name as a common name, then as a scientific name (the one rule of
 * data/species-names.ts), then the scientific name the taxonomy gives the folder's species
 * (`taxonNames`, folder name → scientific name), so that a folder named before eBird renamed
 * its species still finds it. Undefined when nothing matches.
 */
export function createSpeciesMatcher(species: readonly LifeRecord[], explicit: Readonly<Record<string, string>> = {}, taxonNames: ReadonlyMap<string, string> = new Map()) {
  const index = createNameIndex(species.map((s) => ({ value: s, nameKey: normaliseSpeciesName(s.commonName), scientificKey: normaliseSpeciesName(s.scientificName) })));
  const byName = (name: string): { record: LifeRecord; by: MatchedBy } | undefined => {
    const found = index.find(name);
    return found && { record: found.value, by: found.by === 'name' ? 'common name' : 'scientific name' };
  };
  const explicitByKey = new Map(Object.entries(explicit).map(([folder, name]) => [normaliseSpeciesName(folder), name]));
  return {
    /** The eBird name site.json maps this folder to, if any. */
    explicitNameFor: (folder: string): string | undefined => explicitByKey.get(normaliseSpeciesName(folder)),
    match(folder: string): { record: LifeRecord; by: MatchedBy } | undefined {
      const mapped = explicitByKey.get(normaliseSpeciesName(folder));
      if (mapped !== undefined) {
        const found = byName(mapped);
        return found ? { record: found.record, by: 'site.json' } : undefined;
      }
      const found = byName(folder);
      if (found) return found;
      const scientific = taxonNames.get(folder);
      const record = scientific === undefined ? undefined : index.byScientificName(scientific);
      return record && { record, by: 'taxonomy' };
    },
  };
}
