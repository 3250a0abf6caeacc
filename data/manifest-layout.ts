/**
 * The part of the manifest contract that needs no schema: file names and the
 * Life List helpers. Kept apart from `manifest-schemas.ts` so the site's entry chunk can
 * use them without zod, which it loads only when it fetches a manifest.
 * `manifest-schemas.ts` re-exports all of it.
 */

export const MANIFEST_FILES = {
  birdPhotos: 'bird-photos.json',
  lifeListStructure: 'life_list/life_list_structure.json',
  coverPhotos: 'life_list/cover_photos_full_paths.json',
  photoIndex: 'photo-index.json',
  info: 'info.json',
} as const;

export type ManifestName = keyof typeof MANIFEST_FILES;

/**
 * Beside photo-index.json, the recordings' and clips' complete index (data/media-schemas.ts):
 * written with the manifests as one set, kept out of MANIFEST_FILES so the spec's photo
 * manifests and the code that walks them stay photos only.
 */
export const MEDIA_INDEX_FILE = 'media-index.json';

export const FAV_TAG = 'fav';
export const LOWQ_MARKER = 'lowq';
export const THUMBNAIL_SUFFIX = '_lowq.jpg';

/** The published folders: the Life List's renditions, and the originals when the owner publishes them. */
export const LIFE_LIST_DIR = 'life_list';
export const ORIGINALS_DIR = 'originals';

/**
 * In the ingest's cache/ folder (never published): a token that changes whenever the ingest
 * may have changed public/. The build skips its work while it is the one it last built from.
 */
export const PUBLICATION_STAMP_FILE = 'publication-stamp';

/** `x_lowq.jpg`: our own thumbnails, which a photos folder may hold from an older export; never a photo. */
export function isOwnThumbnail(fileName: string): boolean {
  return /_lowq\./i.test(fileName);
}

/** A file name without its extension: `DSC_0042.NEF` → `DSC_0042`. */
export function stemOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The names of one photo's renditions, from its stem: the display JPEG, the `_lowq` thumbnail, the srcset files. */
export const renditionNames = {
  display: (stem: string) => `${stem}.jpg`,
  thumbnail: (stem: string) => `${stem}${THUMBNAIL_SUFFIX}`,
  source: (stem: string, width: number, format: string) => `${stem}-${width}.${format}`,
};

/** Keys of a folder object that are not sub-folders, so no folder may have these names. */
export const RESERVED_FOLDER_KEYS = ['file_count', 'files'] as const;

export interface LifeListFolder {
  file_count: number;
  files?: string[];
  [child: string]: LifeListFolder | number | string[] | undefined;
}

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

// One collator for every comparison (localeCompare with options builds one per call), made on
// first use: building it loads ICU's collation data, ~8 ms that every page's script would pay
// at start-up though only a few pages sort names in the browser.
let nameCollator: Intl.Collator | undefined;

/**
 * The one order of names, for folders, species, places and lists alike: English, case and
 * accents ignored, numbers by value ('Gull 2' before 'Gull 10').
 */
export function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return nameCollator.compare(a, b);
}
