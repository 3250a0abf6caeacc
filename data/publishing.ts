// No zod here: the site's own code imports this module, and the page carries no schema library.
import { LIFE_LIST_DIR, ORIGINALS_DIR } from './manifest-layout.ts';
import { MEDIA_DIR } from './media-layout.ts';

/**
 * Where the site is served: the one place that says how the base path is found, for the
 * ingest (info.json), the Vite config, the build and the URLs of pages and files.
 */

/** The base path a base URL implies: `https://host/birds` → `/birds/`; none → `/`. */
export function basePathOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '/';
  const pathname = new URL(baseUrl).pathname;
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

export function normaliseBasePath(basePath: string | undefined): string {
  if (!basePath || basePath === '/') return '/';
  return `/${basePath.replace(/^\/+|\/+$/g, '')}/`;
}

/**
 * The base path a build uses, first given wins: an explicit option (`--base`), the
 * BASE_PATH environment variable, then the published settings of the last ingest
 * (site.json's publishing.basePath, else its baseUrl's path), else `/`.
 */
export function resolveBasePath(sources: { option?: string | undefined; env?: string | undefined; published?: string | undefined }): string {
  return normaliseBasePath(sources.option || sources.env || sources.published || '/');
}

/**
 * Where a page's images come from: the asset origin when one is set, else the site's base
 * path. (Head tags and the feed want absolute URLs: web/seo/site-urls.ts puts the site's
 * absolute root in place of the base path.)
 */
export function imageBaseOf(assetOrigin: string | undefined, basePath: string): string {
  return assetOrigin || basePath;
}

/** The asset origin a build uses: VITE_ASSET_ORIGIN, else site.json's publishing.assetOrigin, else the site itself (''). */
export function resolveAssetOrigin(sources: { env?: string | undefined; published?: string | undefined }): string {
  return sources.env || sources.published || '';
}

/**
 * The static hosts the build writes configuration for (site.json's `publishing.host`). Every
 * one serves the site's URL form (data/paths.ts) with no redirect; naming the host only keeps
 * the other hosts' configuration files out of dist/.
 */
export const HOSTS = ['cloudflare-pages', 'github-pages', 'netlify', 'vercel', 'bucket'] as const;
export type Host = (typeof HOSTS)[number];

/**
 * How long a browser or CDN may keep each kind of published file, for the hosts that read
 * caching rules from a file. Vite's bundles carry a hash of their content in their names, so
 * they never change: a year, immutable. Everything else keeps its name when its content
 * changes (a page, a data file, a photo re-exported under the same name), so it is revalidated:
 * a photo is kept a day and then served from cache while it is checked, pages and data files
 * are checked on every visit (an unchanged one costs a 304, not its bytes).
 */
export const CACHE_RULES: ReadonlyArray<{ readonly folder: string | undefined; readonly cacheControl: string }> = [
  { folder: 'assets', cacheControl: 'public, max-age=31536000, immutable' },
  { folder: LIFE_LIST_DIR, cacheControl: 'public, max-age=86400, stale-while-revalidate=604800' },
  { folder: ORIGINALS_DIR, cacheControl: 'public, max-age=86400, stale-while-revalidate=604800' },
  { folder: MEDIA_DIR, cacheControl: 'public, max-age=86400, stale-while-revalidate=604800' },
  { folder: undefined, cacheControl: 'public, max-age=0, must-revalidate' },
];

/** The caching a published file gets: the first rule whose folder holds it, else the rule for every other file. */
export function cacheControlOf(path: string): string {
  const rule = CACHE_RULES.find((r) => r.folder === undefined || path.startsWith(`${r.folder}/`));
  return rule!.cacheControl;
}

// --- where `npm run publish` puts the site (site.json's publishing.deploy) ----------------

/** A folder of a bucket: `s3://bucket/` or `s3://bucket/some/prefix/`. */
export interface BucketFolder {
  bucket: string;
  /** '' or a key prefix ending in '/'. */
  prefix: string;
}

/** A branch of a git repository, as `git:<remote URL>#<branch>` names it. */
export interface GitBranch {
  remote: string;
  branch: string;
}

const BUCKET_FOLDER = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/((?:[^/]+\/)*)$/;
const GIT_BRANCH = /^git:(.+)#([^#\s]+)$/;

/** `s3://bucket/prefix/` → its bucket and prefix; undefined when it is not that form. */
export function bucketFolderOf(url: string): BucketFolder | undefined {
  const match = BUCKET_FOLDER.exec(url);
  return match ? { bucket: match[1]!, prefix: match[2]! } : undefined;
}

/** `git:<remote URL>#<branch>` → its remote and branch; undefined when it is not that form. */
export function gitBranchOf(target: string): GitBranch | undefined {
  const match = GIT_BRANCH.exec(target);
  return match ? { remote: match[1]!, branch: match[2]! } : undefined;
}

/**
 * Whether a published file is one of the photos' image files (renditions, thumbnails,
 * originals) or a recording's or clip's files (which the site fetches from the same origin as
 * the images), which `publishing.assetOrigin` moves to a folder of their own for object
 * storage. The data files beside them (`life_list/*.json`) stay with the pages: the site
 * always fetches its data from itself.
 */
export function isPhotoFile(path: string): boolean {
  return (path.startsWith(`${LIFE_LIST_DIR}/`) && !path.endsWith('.json')) || path.startsWith(`${ORIGINALS_DIR}/`) || path.startsWith(`${MEDIA_DIR}/`);
}
