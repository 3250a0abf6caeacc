import { RESERVED_FOLDER_KEYS } from './manifest-layout.ts';

/**
 * Identity and addressing shared by the pipeline and the site: photo ids,
 * Life List URL paths (folder names joined by '+') and asset URLs.
 */

/** '+' joins Life List path segments in URLs, so it cannot appear in a folder name. */
export const LIFE_LIST_SEPARATOR = '+';

/** Names that would collide with the structure manifest's own keys. */
export const RESERVED_FOLDER_NAMES = RESERVED_FOLDER_KEYS;

/** Why a folder name cannot be used in the Life List, or undefined when it can. */
export function folderNameProblem(name: string): string | undefined {
  if (name.includes(LIFE_LIST_SEPARATOR)) return `contains '${LIFE_LIST_SEPARATOR}', which separates folders in Life List links`;
  if ((RESERVED_FOLDER_NAMES as readonly string[]).includes(name)) return `'${name}' is reserved by the Life List structure file`;
  // JSON parsers and zod drop or mishandle an own '__proto__' key: the folder would silently vanish.
  if (name === '__proto__') return `'__proto__' cannot be a key of the Life List structure file`;
  if (name.length === 0) return 'is empty';
  if (name.trim() !== name) return 'starts or ends with a space';
  return undefined;
}

/** `['Anseriformes', 'Ducks, Geese']` → `Anseriformes+Ducks%2C%20Geese` (for the `/life-list/…` route). */
export function encodeLifeListPath(segments: readonly string[]): string {
  return segments.map((s) => encodeURIComponent(s)).join(LIFE_LIST_SEPARATOR);
}

/** Inverse of encodeLifeListPath; accepts both the encoded form and an already-decoded router param. */
export function decodeLifeListPath(param: string | undefined): string[] {
  if (!param) return [];
  return withoutPageExtension(param).split(LIFE_LIST_SEPARATOR).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
}

/**
 * Every page is one file, and its URL names that file (`/species/Bald%20Eagle.html`): a plain
 * bucket, nginx, GitHub Pages and every other static host serve it without rewrite rules or
 * redirects. The router also accepts the same paths without `.html` (the dev server, old links).
 */
export const PAGE_EXTENSION = '.html';

export const HOME_ROUTE = '/';
export const INFO_ROUTE = `/info${PAGE_EXTENSION}`;
export const CREDITS_ROUTE = `/credits${PAGE_EXTENSION}`;
export const NOT_FOUND_FILE = '404.html';

/** The lightbox's query parameter: `?photo=<photo id>` opens that photo on its page. */
export const PHOTO_PARAM = 'photo';

/** Route of a species page, `/species/Bald%20Eagle.html` (relative to the site's base path). */
export function speciesRoute(species: string): string {
  return `/species/${encodeURIComponent(species)}${PAGE_EXTENSION}`;
}

/** The Life List's two orders: by name (the specification's, the default) or field-guide order from the eBird export. */
export const LIFE_LIST_ORDERS = ['alphabetical', 'taxonomic'] as const;
export type LifeListOrder = (typeof LIFE_LIST_ORDERS)[number];

/**
 * The folder of each order's Life List pages. The order is in the path, not the query
 * string, because static hosts ignore query strings: each order is its own pre-rendered
 * file. The taxonomic pages get a folder of their own (not `/life-list/taxonomic…`), which
 * no folder name can collide with.
 */
export const LIFE_LIST_FOLDERS: Record<LifeListOrder, string> = { alphabetical: 'life-list', taxonomic: 'life-list-taxonomic' };

export function lifeListRoute(segments: readonly string[], order: LifeListOrder = 'alphabetical'): string {
  const folder = LIFE_LIST_FOLDERS[order];
  return segments.length === 0 ? `/${folder}${PAGE_EXTENSION}` : `/${folder}/${encodeLifeListPath(segments)}${PAGE_EXTENSION}`;
}

/** The life list's species without a photo ("seen, not yet photographed"). */
export const NOT_PHOTOGRAPHED_ROUTE = `/not-yet-photographed${PAGE_EXTENSION}`;

/** A shared photo's own small page: static hosts ignore `?photo=`, so a link preview needs a path. */
export function photoShareRoute(id: string): string {
  return `/photo/${encodeURIComponent(id)}${PAGE_EXTENSION}`;
}

/** The in-app deep link of a photo: its species page with the lightbox open on it. */
export function photoAppRoute(species: string, id: string): string {
  return `${speciesRoute(species)}?${PHOTO_PARAM}=${encodeURIComponent(id)}`;
}

/** A route parameter without the page extension: `Bald Eagle.html` → `Bald Eagle`. */
export function withoutPageExtension(param: string | undefined): string {
  if (param === undefined) return '';
  return param.endsWith(PAGE_EXTENSION) ? param.slice(0, -PAGE_EXTENSION.length) : param;
}

/** Where a page's route is written under dist/: the percent-decoded path, which static hosts look up on disk. */
export function pageFile(route: string): string {
  const path = route.split('?')[0] ?? '';
  if (path === HOME_ROUTE) return 'index.html';
  const segments = path.split('/').filter((s) => s !== '');
  const decoded = segments.map((segment) => {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      throw new Error(`The route ${route} holds an invalid percent-encoding`);
    }
    if (name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new Error(`The route ${route} cannot be written as a file (segment '${name}')`);
    return name;
  });
  const file = decoded.join('/');
  return file.endsWith(PAGE_EXTENSION) ? file : `${file}${PAGE_EXTENSION}`;
}

/**
 * URL of a published file: `base` is the asset origin or base path (ending in '/'),
 * `path` the site-relative path from a manifest. Every segment is percent-encoded,
 * so folder names with spaces, commas, '#' or '?' stay one path.
 */
export function assetUrl(base: string, path: string): string {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return prefix + path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The one stable id of a photo, from its path under life_list/: a readable slug of
 * the file name plus a hash of the whole path, so equal file names in two folders
 * never collide and the id survives re-ingests. Pure JS so the site can use it too.
 */
export function photoId(relativePath: string): string {
  const normalised = relativePath.normalize('NFC').replaceAll('\\', '/');
  const fileName = normalised.slice(normalised.lastIndexOf('/') + 1);
  const stem = fileName.includes('.') ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  return `${slugOf(stem)}-${hashOf(normalised)}`;
}

/** A readable, file- and URL-safe key for any name: its slug plus a hash of the whole name (`Night-Heron` and `Night Heron` differ). */
export function slugWithHash(text: string): string {
  const normalised = text.normalize('NFC');
  return `${slugOf(normalised)}-${hashOf(normalised)}`;
}

function slugOf(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      // Trimmed after the cut too, so a long name never leaves 'slug--hash'.
      .replace(/^-+|-+$/g, '') || 'photo'
  );
}

function hashOf(text: string): string {
  return fnv1a32(text).toString(36).padStart(7, '0');
}

function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
