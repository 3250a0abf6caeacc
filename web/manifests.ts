import { MANIFEST_FILES, type ManifestName } from '../data/manifest-layout.ts';
import type { Manifests } from '../data/manifests.ts';

/**
 * The only code of the site that fetches manifests. Each one is parsed with its
 * schema (never cast), cached for the session, and a failure throws an error that
 * names the file, so the route's error page says what went wrong.
 */

/** Returns the JSON of a manifest given its site-relative path (e.g. `life_list/life_list_structure.json`). */
export type ManifestFetcher = (path: string) => Promise<unknown>;

export class ManifestError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Could not load ${path}: ${reason}`);
    this.name = 'ManifestError';
  }
}

const browserFetcher: ManifestFetcher = async (path) => {
  const response = await fetch(import.meta.env.BASE_URL + path);
  if (!response.ok) throw new ManifestError(path, `HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new ManifestError(path, 'the file is not JSON');
  }
};

let fetcher: ManifestFetcher = browserFetcher;

/**
 * Replaces how manifests are read, e.g. from disk when pre-rendering in Node, or
 * from fixtures in tests. Clears the cache. Pass nothing to restore `fetch`.
 */
export function setManifestFetcher(next?: ManifestFetcher): void {
  fetcher = next ?? browserFetcher;
  for (const entry of Object.values(caches)) entry.reset();
}

// The schemas (and zod) come in their own chunk, only once a manifest is fetched: a
// pre-rendered page hydrates from its embedded data, so its first load needs neither.
let parser: Promise<typeof import('./manifest-schemas.ts')> | undefined;
function loadParser() {
  if (!parser) {
    const attempt = import('./manifest-schemas.ts');
    // A failed download is forgotten, so a later navigation retries.
    attempt.catch(() => {
      if (parser === attempt) parser = undefined;
    });
    parser = attempt;
  }
  return parser;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fetchAndParse<N extends ManifestName>(name: N): Promise<Manifests[N]> {
  const path = MANIFEST_FILES[name];
  // Both downloads at once; a failed fetch is reported first.
  const parsing = loadParser();
  let raw: unknown;
  try {
    raw = await fetcher(path);
  } catch (error) {
    if (error instanceof ManifestError) throw error;
    throw new ManifestError(path, reason(error));
  }
  let parseManifest: Awaited<typeof parsing>['parseManifest'];
  try {
    ({ parseManifest } = await parsing);
  } catch (error) {
    throw new ManifestError(path, `the site's code that checks it could not be loaded (${reason(error)})`);
  }
  const result = parseManifest(name, raw);
  if (!result.ok) throw new ManifestError(path, `not valid (${result.problems.slice(0, 5).join('; ')})`);
  return result.data;
}

/** One cached load per manifest; a failed load is forgotten, so a later navigation retries. */
function cachedLoad<N extends ManifestName>(name: N) {
  let loading: Promise<Manifests[N]> | undefined;
  return {
    get(): Promise<Manifests[N]> {
      if (!loading) {
        const attempt = fetchAndParse(name);
        attempt.catch(() => {
          if (loading === attempt) loading = undefined;
        });
        loading = attempt;
      }
      return loading;
    },
    reset() {
      loading = undefined;
    },
  };
}

const caches: { [N in ManifestName]: ReturnType<typeof cachedLoad<N>> } = {
  birdPhotos: cachedLoad('birdPhotos'),
  lifeListStructure: cachedLoad('lifeListStructure'),
  coverPhotos: cachedLoad('coverPhotos'),
  photoIndex: cachedLoad('photoIndex'),
  info: cachedLoad('info'),
};

/** A manifest, fetched once per session and parsed with its schema; rejects with a ManifestError naming the file. */
export function loadManifest<N extends ManifestName>(name: N): Promise<Manifests[N]> {
  return caches[name].get();
}
