import { RESERVED_FOLDER_KEYS } from './manifest-layout.ts';

/**
 * Identity and addressing shared by the pipeline and the site: photo ids,
 * Life List URL paths (folder names joined by '+') and asset URLs.
 */

/** '+' joins Life List path segments in URLs, so it cannot appear in a folder name. */
const LIFE_LIST_SEPARATOR = '+';

/** Names that would collide with the structure manifest's own keys. */
const RESERVED_FOLDER_NAMES = RESERVED_FOLDER_KEYS;

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
 * Every page is a folder holding an `index.html`, and its URL names the folder with a trailing
 * slash (`/species/Bald%20Eagle/`, file `species/Bald Eagle/index.html`). Measured on the hosts'
 * own servers, this is the one form every common host answers with 200 and no redirect:
 * Cloudflare Pages (`wrangler pages dev`: `/x.html` → 308 `/x`, `/x/index.html` → 308 `/x/`),
 * Vercel's `serve` (`/x.html` → 301 `/x`, dropping the query), GitHub Pages and Netlify
 * (`/x` → 301 `/x/` for a folder), nginx, Apache, S3/GCS website hosting and `vite preview`.
 * The spec's forms (`/info`, `/species/{species}`) still reach the page, through the host's
 * redirect or directly, and so do the older `.html` links; `pageKey` names them all one page.
 */
export const PAGE_INDEX = 'index.html';
/** The older form of every page (`/info.html`): still understood by the router, never written. */
const PAGE_EXTENSION = '.html';

export const HOME_ROUTE = '/';
export const INFO_FOLDER = 'info';
export const CREDITS_FOLDER = 'credits';
export const INFO_ROUTE = `/${INFO_FOLDER}/`;
export const CREDITS_ROUTE = `/${CREDITS_FOLDER}/`;
export const NOT_FOUND_FILE = '404.html';
/** The sitemap, the crawlers' rules and the Atom feed, at the top of the site. */
export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';
export const FEED_FILE = 'feed.xml';

/** The router's paths for a page folder: the folder (`info`, which `/info/` and `/info` match) and its older file (`info.html`). */
export function routerPaths(folder: string): [string, string] {
  return [folder, `${folder}${PAGE_EXTENSION}`];
}

/** The lightbox's query parameter: `?photo=<photo id>` opens that photo on its page. */
export const PHOTO_PARAM = 'photo';

/** A page's route from its already-encoded segments: `['species', 'Bald%20Eagle']` → `/species/Bald%20Eagle/`. */
function pageRoute(...encodedSegments: string[]): string {
  return `/${encodedSegments.map((segment) => `${segment}/`).join('')}`;
}

/** Route of a species page, `/species/Bald%20Eagle/` (relative to the site's base path). */
export function speciesRoute(species: string): string {
  return pageRoute('species', encodeURIComponent(species));
}

/** The Life List's two orders: by name (the specification's, the default) or field-guide order from the eBird export. */
const LIFE_LIST_ORDERS = ['alphabetical', 'taxonomic'] as const;
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
  return segments.length === 0 ? pageRoute(folder) : pageRoute(folder, encodeLifeListPath(segments));
}

/** The life list's species without a photo ("seen, not yet photographed"). */
export const NOT_PHOTOGRAPHED_FOLDER = 'not-yet-photographed';
export const NOT_PHOTOGRAPHED_ROUTE = pageRoute(NOT_PHOTOGRAPHED_FOLDER);

/** The table of lists (life, years, countries, states/provinces) and the map; only with an eBird export. */
export const LISTS_FOLDER = 'lists';
export const LISTS_ROUTE = pageRoute(LISTS_FOLDER);

/** One list's page: `/lists/2024/`, `/lists/US/`, `/lists/US-TX/` (the keys of data/bird-lists.ts). */
export function listRoute(key: string): string {
  return pageRoute(LISTS_FOLDER, encodeURIComponent(key));
}

/** The outings: every day in the field, and the owner's named trips. */
export const OUTINGS_FOLDER = 'outings';
export const OUTINGS_ROUTE = pageRoute(OUTINGS_FOLDER);
const DAY_PATTERN = String.raw`\d{4}-\d{2}-\d{2}`;
/** A day as the data files write it, `YYYY-MM-DD` (data/life-records.ts's `isoDateSchema` adds the calendar's check). */
export const DAY = new RegExp(`^${DAY_PATTERN}$`);

/** Two days in calendar order (for `YYYY-MM-DD`, the order of the text); `compareDays(b, a)` puts the newest first. */
export function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An outing's key: its day (`2023-06-08`), or a trip's slug (`trip-arizona-june-2023-…`). Without zod, for the site's first bundle. */
export const OUTING_KEY = new RegExp(`^(?:${DAY_PATTERN}|trip-[a-z0-9-]+)$`);

/** `/outings/2023-06-08/`, or a trip's `/outings/trip-…/`. */
export function outingRoute(key: string): string {
  return pageRoute(OUTINGS_FOLDER, encodeURIComponent(key));
}

/** One year of the outings, `/outings/year/2019/`: only when the Outings page has too many to hold. */
export function outingsYearRoute(year: number): string {
  return pageRoute(OUTINGS_FOLDER, 'year', String(year));
}

/** A trip's key, from its name (the hash keeps two names that slug alike apart). */
export function tripKey(name: string): string {
  return `trip-${slugWithHash(name)}`;
}

/** The folder of the photos' share pages. */
export const PHOTO_SHARE_FOLDER = 'photo';

/** A shared photo's own small page: static hosts ignore `?photo=`, so a link preview needs a path. */
export function photoShareRoute(id: string): string {
  return pageRoute(PHOTO_SHARE_FOLDER, encodeURIComponent(id));
}

/** The in-app deep link of a photo: its species page with the lightbox open on it. */
export function photoAppRoute(species: string, id: string): string {
  return `${speciesRoute(species)}?${PHOTO_PARAM}=${encodeURIComponent(id)}`;
}

/** A recording's element id on its species page (the fragment of its link): `recording-<id>`. */
export function recordingAnchor(id: string): string {
  return `recording-${id}`;
}

/**
 * A recording's stable, shareable address: its species page, scrolled to its player
 * (`/species/Bald%20Eagle/#recording-<id>`). A fragment, not a page of its own: every host
 * serves it as the species page's file, and the player is in that page's pre-rendered HTML.
 */
export function recordingRoute(species: string, id: string): string {
  return `${speciesRoute(species)}#${recordingAnchor(id)}`;
}

/** A route parameter without the older page extension: `Bald Eagle.html` → `Bald Eagle`. */
export function withoutPageExtension(param: string | undefined): string {
  if (param === undefined) return '';
  return param.endsWith(PAGE_EXTENSION) ? param.slice(0, -PAGE_EXTENSION.length) : param;
}

/**
 * A page's path in folder form, as it is spelled otherwise: `/x`, `/x.html`, `/x/index`
 * (serve's clean form of `/x/index.html`) and `/x/index.html` all give `/x/`. Written without
 * references outside itself, in the syntax every browser runs: the pre-rendered page's
 * hydration guard carries its source with pageKey's (web/prerender/inline-scripts.ts).
 */
export function pageFolderPath(path: string): string {
  return path.replace(/\/index(?:\.html)?$|\.html$/, '').replace(/\/?$/, '/');
}

/**
 * The one spelling of a page's path under any form a host serves it: `/x`, `/x/`, `/x.html`,
 * `/x/index.html`, `/x/index`, percent-encoded or not, with or without the base path, all give
 * `/x` (the home page `/`). Written in the syntax every browser runs, referring to nothing but
 * pageFolderPath: the pre-rendered page's hydration guard carries both sources
 * (hydrationGuardScript in web/prerender/inline-scripts.ts), so that script and the app compare
 * paths by this one rule.
 */
export function pageKey(pathname: string, basePath: string): string {
  var path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as it is: it can only match a page spelled the same way.
  }
  var base = basePath.replace(/\/+$/, '');
  if (base !== '' && (path === base || path.indexOf(base + '/') === 0)) path = path.slice(base.length);
  path = pageFolderPath(path).replace(/\/+$/, '');
  return path.charAt(0) === '/' ? path : '/' + path;
}

/**
 * The file a static host serves for a URL path of the site, as the plainest host (a bucket,
 * nginx without rules) looks it up: the percent-decoded path under the base path as it is, or
 * for a path ending in '/' that folder's index.html; no other form of a page's path (a host
 * that serves those serves the file of `pageFolderPath`). Site-relative, '/'-separated;
 * undefined for a path outside the base path, with a malformed escape, or reaching above it.
 */
export function servedFile(urlPath: string, basePath: string): string | undefined {
  if (!urlPath.startsWith(basePath)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath.slice(basePath.length));
  } catch {
    return undefined;
  }
  const segments: string[] = [];
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.pop() === undefined) return undefined;
    } else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  if (urlPath.endsWith('/')) segments.push(PAGE_INDEX);
  return segments.length === 0 ? undefined : segments.join('/');
}

/** Where a page's route is written under dist/: the percent-decoded path, which static hosts look up on disk. */
export function pageFile(route: string): string {
  const path = route.split('?')[0] ?? '';
  if (path === HOME_ROUTE) return PAGE_INDEX;
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
  return [...decoded, PAGE_INDEX].join('/');
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
