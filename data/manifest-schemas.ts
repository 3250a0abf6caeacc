import * as z from 'zod/mini';
import { lifeGrowthYearSchema } from './life-records.ts';
import { localNameSchema } from './local-name.ts';
import type { LifeListFolder } from './manifest-layout.ts';
import { DAY } from './paths.ts';
import { HOSTS } from './publishing.ts';

/**
 * The manifests the pipeline writes and the site reads. The first three keep the
 * specification's shapes and URLs; `photo-index.json` and `info.json` are ours.
 * Every manifest is parsed with its schema when written, validated, and loaded.
 * zod/mini, not full zod: the browser parses these too, and full zod would cost
 * more gzipped JavaScript than React itself.
 */

export { localNameSchema } from './local-name.ts';
export {
  MANIFEST_FILES,
  FAV_TAG,
  LOWQ_MARKER,
  
  LIFE_LIST_DIR,
  
  
  isOwnThumbnail,
  
  
  childFolders,
  
  isPhotoWall,
  isThumbnailName,
  folderAt,
  compareNames,
  type ManifestName,
  type LifeListFolder,
} from './manifest-layout.ts';

const nonEmpty = () => z.string().check(z.minLength(1));
const positiveInt = () => z.int().check(z.positive());

// --- bird-photos.json -------------------------------------------------------

const birdPhotoEntrySchema = z.object({
  /** 1-based number of the photo within its species; 0 marks an entry to skip. */
  id: z.int().check(z.minimum(0)),
  tags: z.array(z.string()),
});
export const birdPhotosSchema = z.record(z.string().check(z.minLength(1)), z.array(birdPhotoEntrySchema));
export type BirdPhotos = z.infer<typeof birdPhotosSchema>;

// --- life_list/life_list_structure.json ---------------------------------------

const lifeListFolderSchema: z.ZodMiniType<LifeListFolder> = z.lazy(() =>
  z.catchall(
    z.object({
      file_count: z.int().check(z.minimum(0)),
      files: z.optional(z.array(nonEmpty())),
    }),
    lifeListFolderSchema,
  ),
);
/** The root is the life_list folder itself. */
export const lifeListStructureSchema = lifeListFolderSchema;
type LifeListStructure = LifeListFolder;

// --- life_list/cover_photos_full_paths.json -----------------------------------

/** Folder path (slash-joined names under life_list/) → cover thumbnail path (site-relative, e.g. `life_list/A/B/C/x_lowq.jpg`). */
export const coverPhotosSchema = z.record(nonEmpty(), nonEmpty());
type CoverPhotos = z.infer<typeof coverPhotosSchema>;

// --- photo-index.json -----------------------------------------------------------

/** Camera metadata ready for display; every field is 'Unknown' when the photo does not say. */
export const exifDisplaySchema = z.strictObject({
  camera: z.string(),
  lens: z.string(),
  focalLength: z.string(),
  aperture: z.string(),
  iso: z.string(),
  shutterSpeed: z.string(),
  dateTaken: z.string(),
});
export type ExifDisplay = z.infer<typeof exifDisplaySchema>;

/** Site-relative path of a published file (no leading slash, not URL-encoded). */
const assetPath = z.string().check(
  z.minLength(1),
  z.refine((p) => !p.startsWith('/') && !p.includes('..') && !p.includes('\\'), 'must be a site-relative path'),
);

export const imageFileSchema = z.strictObject({
  path: assetPath,
  width: positiveInt(),
  height: positiveInt(),
});
export type ImageFile = z.infer<typeof imageFileSchema>;

export const imageSourceSchema = z.strictObject({
  type: z.enum(['image/webp', 'image/avif']),
  files: z.array(imageFileSchema).check(z.minLength(1)),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

export const creditSchema = z.strictObject({
  author: nonEmpty(),
  licence: nonEmpty(),
  licenceUrl: z.optional(z.url()),
  source: z.optional(z.string()),
});
export type Credit = z.infer<typeof creditSchema>;


export const photoEntrySchema = z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  /** Path of the original under life_list/, slash-separated. */
  source: nonEmpty(),
  species: nonEmpty(),
  /** The species' scientific name in the bird taxonomy, where the taxonomy knows the species' name. */
  scientificName: z.optional(nonEmpty()),
  /**
   * The species' place in the bird taxonomy's field-guide sequence, next to its scientific name:
   * the taxonomic order of a site without an eBird export (with one, the export's order is used).
   */
  taxonSequence: z.optional(positiveInt()),
  /** The species' name in the language site.json's `names` asks for, from the bird taxonomy. */
  localName: z.optional(localNameSchema),
  /** Folder names from the Life List root down to the species folder. */
  folder: z.array(nonEmpty()).check(z.minLength(1)),
  /** This photo's `id` in bird-photos.json (1-based within its species). */
  number: z.int().check(z.minimum(1)),
  /** The display file's name as listed in the structure's `files`. */
  fileName: nonEmpty(),
  /** Size of the original after EXIF orientation is applied. */
  width: positiveInt(),
  height: positiveInt(),
  /** ThumbHash of the photo, base64. */
  placeholder: nonEmpty(),
  thumbnail: imageFileSchema,
  display: imageFileSchema,
  sources: z.array(imageSourceSchema),
  original: z.optional(assetPath),
  featured: z.boolean(),
  /**
   * null when the file carries no EXIF at all, or none that could be read (ExifTool, or exifr
   * where ExifTool cannot run): the site then hides the metadata panel.
   */
  exif: z.nullable(exifDisplaySchema),
  /** Day the photo was taken, `YYYY-MM-DD`, for sorting; null when unknown. */
  takenOn: z.nullable(z.string().check(z.regex(DAY))),
  /** When the pipeline first saw this photo (ISO 8601). */
  addedAt: z.iso.datetime(),
  credit: z.optional(creditSchema),
  /** The photographer's own words from the file (XMP dc:title / IPTC Headline, dc:description / Caption-Abstract, dc:subject / Keywords). */
  title: z.optional(nonEmpty()),
  caption: z.optional(nonEmpty()),
  keywords: z.optional(z.array(nonEmpty())),
  /** IPTC location names, only when site.json's privacy.publishLocationNames is on. */
  location: z.optional(nonEmpty()),
});
export type PhotoEntry = z.infer<typeof photoEntrySchema>;

export const photoIndexSchema = z
  .strictObject({
    version: z.literal(1),
    photos: z.record(z.string(), photoEntrySchema),
  })
  .check(z.refine((index) => Object.entries(index.photos).every(([key, photo]) => key === photo.id), 'every key must equal its photo id'));
export type PhotoIndex = z.infer<typeof photoIndexSchema>;

// --- info.json --------------------------------------------------------------------

/** The bird taxonomy the species' names and order come from, credited as its publisher asks. */
export const taxonomyCreditSchema = z.strictObject({
  /** 'eBird/Clements Checklist of Birds of the World'. */
  source: nonEmpty(),
  /** 'v2025'. */
  edition: nonEmpty(),
  /** The publisher's page. */
  url: z.optional(z.url()),
});
export type TaxonomyCredit = z.infer<typeof taxonomyCreditSchema>;

export const infoSchema = z.strictObject({
  owner: nonEmpty(),
  /** site.json's `language` (a canonical BCP 47 tag): the build writes the site in it. Absent from an older ingest's file: English. */
  language: z.optional(nonEmpty()),
  title: nonEmpty(),
  description: z.string(),
  gear: z.array(z.string()),
  /** Photo ids of the home wall, in the owner's order. */
  featured: z.array(z.string()),
  stats: z.strictObject({
    /** The owner's life count when configured, else the eBird export's, else the number of species in the Life List. */
    speciesObserved: z.int().check(z.minimum(0)),
    speciesPhotographed: z.int().check(z.minimum(0)),
    photos: z.int().check(z.minimum(0)),
    /** Published recordings and clips; absent when none. */
    recordings: z.optional(z.int().check(z.positive())),
    clips: z.optional(z.int().check(z.positive())),
    /** From the owner's eBird export; absent without one. */
    lifeList: z.optional(
      z.strictObject({
        /** Countable species in the export. */
        observed: z.int().check(z.minimum(0)),
        /** Species of the export with at least one photographed folder: the X of 'photographed X of N'. */
        photographed: z.int().check(z.minimum(0)),
        /** Species added per year, from first-seen dates. */
        growth: z.array(lifeGrowthYearSchema),
      }),
    ),
  }),
  /** Absent when no taxonomy named the species. */
  taxonomy: z.optional(taxonomyCreditSchema),
  publishing: z.strictObject({
    baseUrl: z.optional(z.url()),
    basePath: z.string(),
    assetOrigin: z.optional(z.url()),
    host: z.optional(z.enum(HOSTS)),
  }),
});
export type Info = z.infer<typeof infoSchema>;

export const manifestSchemas = {
  birdPhotos: birdPhotosSchema,
  lifeListStructure: lifeListStructureSchema,
  coverPhotos: coverPhotosSchema,
  photoIndex: photoIndexSchema,
  info: infoSchema,
} as const;

export type Manifests = {
  birdPhotos: BirdPhotos;
  lifeListStructure: LifeListStructure;
  coverPhotos: CoverPhotos;
  photoIndex: PhotoIndex;
  info: Info;
};
