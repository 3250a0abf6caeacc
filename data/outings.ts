import * as z from 'zod/mini';
import { checklistIdSchema, isoDateSchema, regionCodeSchema } from './life-records.ts';
import { localNameSchema, photoEntrySchema } from './manifest-schemas.ts';
import { mediaCountFields, mediaTallyFields, pageMediaFields } from './media-schemas.ts';
import { OUTING_KEY } from './paths.ts';
import { pagePhotoSchema } from './site-data-schemas.ts';

/**
 * The shapes of the outings (derived by outings-derivation.ts; which trips get a page: trips.ts):
 * each day in the field (a day with photos or with checklists) and each trip the
 * owner named in site.json, with what was seen, what was photographed and what was new. Made
 * from the photos' capture days and the export's days (data/life-records.ts), so it counts as
 * the lists count. Published: days, region codes and names, species, counts of species and
 * checklists, minutes in the field. Never a location, a coordinate, a comment or a count of
 * birds: the export's days never held them. A checklist id only when the owner opted in to
 * links to the public checklists (OutingSettings.checklistLinks).
 */

const count = () => z.int().check(z.minimum(0));
const nonEmpty = () => z.string().check(z.minLength(1));

const outingKeySchema = z.string().check(z.regex(OUTING_KEY, 'must be a day YYYY-MM-DD or a trip key'));

/** A named trip of site.json: consecutive days shown together on one outing page. */
export const tripSchema = z
  .strictObject({ name: nonEmpty(), from: isoDateSchema, to: isoDateSchema })
  // Compared only when both are days: otherwise their own problems say enough.
  .check(z.refine((t) => t.from <= t.to, { message: '`from` must not come after `to`', when: (payload) => payload.issues.length === 0 }));
export type Trip = z.infer<typeof tripSchema>;

/**
 * What the outings are derived with besides the manifests and the life list. The ingest makes it
 * (pipeline/derive/outing-settings.ts) and keeps it in cache/, where `validate` reads it back.
 */
export const outingSettingsSchema = z.strictObject({
  /** site.json's trips. */
  trips: z.array(tripSchema),
  /** The last day an outing can be on (the ingest's today): a later day is a clock or export error, reported by the ingest. */
  lastDay: z.optional(isoDateSchema),
  /** publishing.checklistLinks: a day's page links its checklists on eBird. */
  checklistLinks: z.optional(z.boolean()),
});
export type OutingSettings = z.infer<typeof outingSettingsSchema>;

const regionSchema = z.strictObject({ code: regionCodeSchema, name: nonEmpty() });

const outingSpeciesSchema = z.strictObject({
  /** The export's common name, or the species folder's name when the export does not have it. */
  commonName: nonEmpty(),
  /** Its name in the site's bird-name language, where the taxonomy has one. */
  localName: z.optional(localNameSchema),
  scientificName: z.optional(nonEmpty()),
  /** First seen ever on this outing (only with an export). */
  lifer: z.optional(z.literal(true)),
  /** Photographed, but on none of the outing's checklists (only with an export). */
  notListed: z.optional(z.literal(true)),
  /** The species page, when the species is photographed at all. */
  species: z.optional(nonEmpty()),
  /** The photos taken on the outing, in the species page's order. */
  photos: z.array(pagePhotoSchema),
  /** The recordings and clips made on the outing. */
  ...pageMediaFields,
});
export type OutingSpecies = z.infer<typeof outingSpeciesSchema>;

const tripDaySchema = z.strictObject({ date: isoDateSchema, species: count(), lifers: count(), photos: count(), ...mediaTallyFields });

/** One outing's page. */
export const outingDataSchema = z.strictObject({
  key: outingKeySchema,
  kind: z.enum(['day', 'trip']),
  /** A trip's name. */
  name: z.optional(nonEmpty()),
  from: isoDateSchema,
  to: isoDateSchema,
  regions: z.array(regionSchema),
  /** Whether the counts come from an eBird export (else from the photos alone), as the Outings page's. */
  fromExport: z.boolean(),
  /** From the export: checklists submitted and minutes in the field. */
  checklists: z.optional(count()),
  minutes: z.optional(count()),
  /** A day's checklist ids, for links to them on eBird: only with publishing.checklistLinks. */
  checklistIds: z.optional(z.array(checklistIdSchema)),
  /** Species seen (on checklists, counted as the lists count; without an export, photographed). */
  observed: count(),
  lifers: count(),
  photoCount: count(),
  ...mediaCountFields,
  /** A trip's days, each with its own page. */
  days: z.optional(z.array(tripDaySchema)),
  /** The trip a day belongs to. */
  trip: z.optional(z.strictObject({ key: outingKeySchema, name: nonEmpty() })),
  /** Seen species in taxonomic order, then those photographed but not listed. */
  species: z.array(outingSpeciesSchema),
});
export type OutingData = z.infer<typeof outingDataSchema>;

const outingSummarySchema = z.strictObject({
  key: outingKeySchema,
  kind: z.enum(['day', 'trip']),
  name: z.optional(nonEmpty()),
  from: isoDateSchema,
  to: isoDateSchema,
  /** Region names. */
  regions: z.array(nonEmpty()),
  observed: count(),
  lifers: count(),
  photos: count(),
  ...mediaTallyFields,
  cover: z.optional(z.pick(photoEntrySchema, { thumbnail: true, placeholder: true, sources: true })),
});
export type OutingSummary = z.infer<typeof outingSummarySchema>;

/** Past this many entries the Outings page keeps only its newest year's, and every other year has a page of its own. */
export const OUTINGS_INDEX_LIMIT = 400;

/**
 * The Outings page: its entries, newest first, grouped by year. Links the pages, never carries
 * their contents. With more than OUTINGS_INDEX_LIMIT entries, only the newest year's are here.
 */
export const outingsDataSchema = z.strictObject({
  /** Whether the counts come from an eBird export (else from the photos alone). */
  fromExport: z.boolean(),
  years: z.array(z.strictObject({ year: z.int(), count: count(), outings: z.optional(z.array(outingSummarySchema)) })),
});
export type OutingsData = z.infer<typeof outingsDataSchema>;

/** One year of outings, on a page of its own when the index is split. */
export const outingsYearDataSchema = z.strictObject({ fromExport: z.boolean(), year: z.int(), outings: z.array(outingSummarySchema) });
export type OutingsYearData = z.infer<typeof outingsYearDataSchema>;
