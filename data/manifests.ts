import { z } from 'zod';

/**
 * The manifests the pipeline writes and the site reads. The first three keep the
 * specification's shapes and URLs; `photo-index.json` and `info.json` are ours.
 * Every manifest is parsed with its schema when written, validated, and loaded.
 */

export const MANIFEST_FILES = {
  birdPhotos: 'bird-photos.json',
  lifeListStructure: 'life_list/life_list_structure.json',
  coverPhotos: 'life_list/cover_photos_full_paths.json',
  photoIndex: 'photo-index.json',
  info: 'info.json',
} as const;

export type ManifestName = keyof typeof MANIFEST_FILES;

export const FAV_TAG = 'fav';
export const LOWQ_MARKER = 'lowq';
export const THUMBNAIL_SUFFIX = '_lowq.jpg';

// --- bird-photos.json -------------------------------------------------------

export const birdPhotoEntrySchema = z.object({
  /** 1-based number of the photo within its species; 0 marks an entry to skip. */
  id: z.number().int().min(0),
  tags: z.array(z.string()),
});
export const birdPhotosSchema = z.record(z.string().min(1), z.array(birdPhotoEntrySchema));
export type BirdPhotoEntry = z.infer<typeof birdPhotoEntrySchema>;
export type BirdPhotos = z.infer<typeof birdPhotosSchema>;

// --- life_list/life_list_structure.json ---------------------------------------

/** Keys of a folder object that are not sub-folders. */
export const RESERVED_FOLDER_KEYS = ['file_count', 'files'] as const;

export interface LifeListFolder {
  file_count: number;
  files?: string[];
  [child: string]: LifeListFolder | number | string[] | undefined;
}

export const lifeListFolderSchema: z.ZodType<LifeListFolder> = z.lazy(() =>
  z
    .object({
      file_count: z.number().int().min(0),
      files: z.array(z.string().min(1)).optional(),
    })
    .catchall(lifeListFolderSchema),
);
/** The root is the life_list folder itself. */
export const lifeListStructureSchema = lifeListFolderSchema;
export type LifeListStructure = LifeListFolder;

/** Sub-folders of a level, sorted alphabetically by name. */
export function childFolders(folder: LifeListFolder): Array<[string, LifeListFolder]> {
  return Object.entries(folder)
    .filter((entry): entry is [string, LifeListFolder] => !isReservedKey(entry[0]) && typeof entry[1] === 'object' && !Array.isArray(entry[1]))
    .sort(([a], [b]) => compareNames(a, b));
}

export function isReservedKey(key: string): boolean {
  return (RESERVED_FOLDER_KEYS as readonly string[]).includes(key);
}

/** The specification's leaf rule: exactly two keys, one of them `files`. */
export function isPhotoWall(folder: LifeListFolder): boolean {
  const keys = Object.keys(folder);
  return keys.length === 2 && keys.includes('files');
}

export function isThumbnailName(fileName: string): boolean {
  return fileName.includes(LOWQ_MARKER);
}

/** Follows folder names down from the root; undefined when any of them does not exist. */
export function folderAt(root: LifeListFolder, segments: readonly string[]): LifeListFolder | undefined {
  let current: LifeListFolder | undefined = root;
  for (const name of segments) {
    if (!current || isReservedKey(name) || !Object.hasOwn(current, name)) return undefined;
    const next: unknown = current[name];
    current = typeof next === 'object' && next !== null && !Array.isArray(next) ? (next as LifeListFolder) : undefined;
  }
  return current;
}

export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
}

// --- life_list/cover_photos_full_paths.json -----------------------------------

/** Folder path (slash-joined names under life_list/) → cover thumbnail path (site-relative, e.g. `life_list/A/B/C/x_lowq.jpg`). */
export const coverPhotosSchema = z.record(z.string().min(1), z.string().min(1));
export type CoverPhotos = z.infer<typeof coverPhotosSchema>;

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
const assetPath = z.string().min(1).refine((p) => !p.startsWith('/') && !p.includes('..') && !p.includes('\\'), 'must be a site-relative path');

export const imageFileSchema = z.strictObject({
  path: assetPath,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageFile = z.infer<typeof imageFileSchema>;

export const imageSourceSchema = z.strictObject({
  type: z.enum(['image/webp', 'image/avif']),
  files: z.array(imageFileSchema).min(1),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

export const creditSchema = z.strictObject({
  author: z.string().min(1),
  licence: z.string().min(1),
  licenceUrl: z.url().optional(),
  source: z.string().optional(),
});
export type Credit = z.infer<typeof creditSchema>;

export const photoEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Path of the original under life_list/, slash-separated. */
  source: z.string().min(1),
  species: z.string().min(1),
  /** Folder names from the Life List root down to the species folder. */
  folder: z.array(z.string().min(1)).min(1),
  /** This photo's `id` in bird-photos.json (1-based within its species). */
  number: z.number().int().min(1),
  /** The display file's name as listed in the structure's `files`. */
  fileName: z.string().min(1),
  /** Size of the original after EXIF orientation is applied. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** ThumbHash of the photo, base64. */
  placeholder: z.string().min(1),
  thumbnail: imageFileSchema,
  display: imageFileSchema,
  sources: z.array(imageSourceSchema),
  original: assetPath.optional(),
  featured: z.boolean(),
  /** null when the file carries no EXIF at all: the site then hides the metadata panel. */
  exif: exifDisplaySchema.nullable(),
  /** Day the photo was taken, `YYYY-MM-DD`, for sorting; null when unknown. */
  takenOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** When the pipeline first saw this photo (ISO 8601). */
  addedAt: z.iso.datetime(),
  credit: creditSchema.optional(),
});
export type PhotoEntry = z.infer<typeof photoEntrySchema>;

export const photoIndexSchema = z
  .strictObject({
    version: z.literal(1),
    photos: z.record(z.string(), photoEntrySchema),
  })
  .refine((index) => Object.entries(index.photos).every(([key, photo]) => key === photo.id), 'every key must equal its photo id');
export type PhotoIndex = z.infer<typeof photoIndexSchema>;

// --- info.json --------------------------------------------------------------------

export const infoSchema = z.strictObject({
  owner: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  gear: z.array(z.string()),
  /** Photo ids of the home wall, in the owner's order. */
  featured: z.array(z.string()),
  stats: z.strictObject({
    /** The owner's life count when configured, else the number of species in the Life List. */
    speciesObserved: z.number().int().min(0),
    speciesPhotographed: z.number().int().min(0),
    photos: z.number().int().min(0),
  }),
  publishing: z.strictObject({
    baseUrl: z.url().optional(),
    basePath: z.string(),
    assetOrigin: z.url().optional(),
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
