import { assetUrl } from '../../data/paths.ts';
import { imageBaseOf, normaliseBasePath } from '../../data/publishing.ts';

export { normaliseBasePath };

/** The public part of site.json's `publishing` settings, as info.json carries it. */
export interface PublishingSettings {
  /** Absolute address of the site, e.g. `https://birds.example.org/portfolio/`. */
  baseUrl?: string | undefined;
  /** Path prefix the site is served under, `/` or e.g. `/portfolio/`. */
  basePath: string;
  /** Where images are served from when not the site itself (a CDN). */
  assetOrigin?: string | undefined;
}

/**
 * Every URL the head tags, sitemap and feed write. With a base URL they are
 * absolute; without one they are path-absolute (`/portfolio/info`), which HTML
 * (canonical) resolves but OpenGraph, sitemaps and most preview bots do not.
 */
export interface SiteUrls {
  readonly absolute: boolean;
  /** The site's root: `https://host/portfolio/` or `/portfolio/`. */
  readonly root: string;
  /** URL of a page from its route relative to the base path (`/species/Bald%20Eagle`, already encoded). */
  page(route: string): string;
  /** URL of a published file from its manifest path (`life_list/A/x.jpg`, not encoded). */
  asset(path: string): string;
}

/** The absolute root URL, or undefined without a base URL. See the README for how baseUrl and basePath combine. */
export function absoluteRoot(baseUrl: string | undefined, basePath: string): string | undefined {
  if (!baseUrl) return undefined;
  const url = new URL(baseUrl);
  url.search = '';
  url.hash = '';
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  // baseUrl names the host only: the site lives under basePath on it.
  if (path === '/') return new URL(basePath, url.origin).href;
  return url.origin + path;
}

export function createSiteUrls(settings: PublishingSettings): SiteUrls {
  const basePath = normaliseBasePath(settings.basePath);
  const absolute = absoluteRoot(settings.baseUrl, basePath);
  const root = absolute ?? basePath;
  const assetBase = imageBaseOf(settings.assetOrigin, root);
  return {
    absolute: absolute !== undefined,
    root,
    page: (route) => (route === '/' || route === '' ? root : root + route.replace(/^\/+/, '')),
    asset: (path) => assetUrl(assetBase, path),
  };
}
