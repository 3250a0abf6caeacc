import * as z from 'zod/mini';
import { isoDateSchema, regionCodeSchema } from './life-records.ts';
import { localNameSchema, photoEntrySchema, taxonomyCreditSchema } from './manifest-schemas.ts';
import { creditedMediaSchema, mediaCountFields, pageMediaFields } from './media-schemas.ts';
import { DAY } from './paths.ts';

/**
 * The site's own data files: one per page (a Life List level, a species, the home wall,
 * the credits), cut to what that page shows, so what a visitor fetches is proportional to
 * the page and never to the library. The spec's manifests and the photo index stay the
 * complete published contract; the site itself never fetches them.
 */

// The file names, without zod: the site's entry script imports them and must not carry the schemas.
export { SITE_DATA_DIR, siteDataPaths } from './site-data-paths.ts';

/** What a page needs of one photo: its tiles, the lightbox image and the metadata panel. */
export const pagePhotoSchema = z.extend(
  z.pick(photoEntrySchema, {
    id: true,
    species: true,
    localName: true,
    width: true,
    height: true,
    placeholder: true,
    thumbnail: true,
    display: true,
    sources: true,
    exif: true,
    takenOn: true,
    credit: true,
    title: true,
    caption: true,
  }),
  {
    /** The day of the outing the photo is on, which has its page: absent for an undated photo and for one dated after the ingest's day (a wrong camera clock). */
    outing: z.optional(isoDateSchema),
  },
);
export type PagePhoto = z.infer<typeof pagePhotoSchema>;

export const homeDataSchema = z.strictObject({
  /** The featured photos, in the owner's order. */
  photos: z.array(pagePhotoSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

const nonEmpty = () => z.string().check(z.minLength(1));
const count = () => z.int().check(z.minimum(0));

const folderCardSchema = z.strictObject({
  name: nonEmpty(),
  /** Photos in the folder's subtree. */
  photoCount: count(),
  /** Species folders in the folder's subtree (itself, for a species). */
  speciesCount: count(),
  cover: z.optional(z.pick(photoEntrySchema, { thumbnail: true, placeholder: true, sources: true })),
  /** The folder's field-guide place: its first species' taxonomic order in the eBird export, else the bird taxonomy's sequence; absent when neither knows any of its species. */
  taxonOrder: z.optional(z.number().check(z.positive())),
  /** True when the folder is a species' photo wall, whose page is the same in either order. */
  species: z.optional(z.literal(true)),
  /** A species' name in the site's bird-name language, where the taxonomy has one. */
  localName: z.optional(localNameSchema),
  ...mediaCountFields,
});
export type FolderCard = z.infer<typeof folderCardSchema>;

/**
 * One Life List level. A species folder's level only names its species: its photos are in
 * the species file, which its species page reads too.
 */
export const levelDataSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('folders'),
    segments: z.array(nonEmpty()),
    photoCount: count(),
    ...mediaCountFields,
    /** Visible sub-folders (those with photos, recordings or clips), sorted by name. */
    cards: z.array(folderCardSchema),
  }),
  z.strictObject({
    kind: z.literal('wall'),
    segments: z.array(nonEmpty()).check(z.minLength(1)),
    species: nonEmpty(),
  }),
]);
export type LevelData = z.infer<typeof levelDataSchema>;

/** A region code's name as a visitor reads it: 'Ontario, Canada' (data/region-code.ts placeNameOf). */
const placeSchema = () => z.optional(nonEmpty());

/** What the eBird export says of a species: published by default, so names, a day and a region code only. */
const sightingSchema = z.strictObject({
  scientificName: nonEmpty(),
  firstSeen: isoDateSchema,
  firstRegion: z.optional(regionCodeSchema),
  firstPlace: placeSchema(),
});

const namedRegionSchema = z.strictObject({ code: regionCodeSchema, name: nonEmpty() });
export type Sighting = z.infer<typeof sightingSchema>;

export const speciesDataSchema = z.strictObject({
  species: nonEmpty(),
  /** From the eBird export, when the species folder matched one of its species. */
  sighting: z.optional(sightingSchema),
  /** From the bird taxonomy, when the export does not name the species (or there is no export). */
  scientificName: z.optional(nonEmpty()),
  /** From the bird taxonomy, in the language site.json's `names` asks for. */
  localName: z.optional(localNameSchema),
  /** Also from the export: every year it was seen in, and every country with its states/provinces (names, no locations), by name. */
  seenIn: z.optional(
    z.strictObject({
      years: z.array(z.int()),
      places: z.array(z.extend(namedRegionSchema, { regions: z.optional(z.array(namedRegionSchema)) })),
    }),
  ),
  /** Day of the earliest photo with a known date (same form as a photo's takenOn). */
  firstPhotographed: z.optional(z.string().check(z.regex(DAY))),
  /** The days of the outings it was photographed on, oldest first (each has its outing page). */
  outings: z.optional(z.array(isoDateSchema)),
  /** Folder names from the Life List root down to the species folder. */
  folder: z.array(nonEmpty()).check(z.minLength(1)),
  /** The species' photos in bird-photos.json order (entries with id 0 left out). */
  photos: z.array(pagePhotoSchema),
  /** Its recordings and clips, oldest first. */
  ...pageMediaFields,
});
export type SpeciesData = z.infer<typeof speciesDataSchema>;

export const creditsDataSchema = z.strictObject({
  /** Every photo with a credit line, by species then file. */
  photos: z.array(z.pick(photoEntrySchema, { id: true, species: true, localName: true, thumbnail: true, placeholder: true, sources: true, credit: true })),
  /** Every recording and clip with a credit line, by species then file; absent when none. */
  media: z.optional(z.array(creditedMediaSchema)),
  /** The bird taxonomy the species' names and order come from. */
  taxonomy: z.optional(taxonomyCreditSchema),
});
export type CreditsData = z.infer<typeof creditsDataSchema>;

/** The life list's species that no folder matched: "seen, not yet photographed", in taxonomic order. */
export const notPhotographedDataSchema = z.strictObject({
  /** Countable species in the export (the N of 'X of N'). */
  observed: count(),
  species: z.array(
    z.strictObject({
      commonName: nonEmpty(),
      localName: z.optional(localNameSchema),
      scientificName: nonEmpty(),
      firstSeen: isoDateSchema,
      firstRegion: z.optional(regionCodeSchema),
      firstPlace: placeSchema(),
    }),
  ),
});
export type NotPhotographedData = z.infer<typeof notPhotographedDataSchema>;

/** The search box's list: every species page, by name (and its local name); the scientific name when known. */
export const searchDataSchema = z.strictObject({
  species: z.array(z.strictObject({ name: nonEmpty(), localName: z.optional(localNameSchema), scientificName: z.optional(nonEmpty()) })),
});
export type SearchData = z.infer<typeof searchDataSchema>;
