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

/** The asset origin a build uses: VITE_ASSET_ORIGIN, else site.json's publishing.assetOrigin, else the site itself (''). */
export function resolveAssetOrigin(sources: { env?: string | undefined; published?: string | undefined }): string {
  return sources.env || sources.published || '';
}
