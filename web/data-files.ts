import type { BirdListData, ListsData } from '../data/bird-lists.ts';
import type { OutingData, OutingsData, OutingsYearData } from '../data/outings.ts';
import type { Info } from '../data/manifest-schemas.ts';
import type { CreditsData, HomeData, LevelData, NotPhotographedData, SearchData, SpeciesData } from '../data/site-data-schemas.ts';
import { fullMessageOf } from '../data/error-text.ts';

/**
 * The only code of the site that fetches data files (info.json and the per-page files of
 * data/site-data-schemas.ts). Each is parsed with its schema (never cast), cached for the session,
 * and a failure throws an error that names the file (and its HTTP status, so a missing
 * page's file becomes that page's 404).
 */

export interface DataTypes {
  info: Info;
  home: HomeData;
  level: LevelData;
  species: SpeciesData;
  credits: CreditsData;
  notPhotographed: NotPhotographedData;
  search: SearchData;
  lists: ListsData;
  list: BirdListData;
  outings: OutingsData;
  outing: OutingData;
  outingsYear: OutingsYearData;
}
export type DataKind = keyof DataTypes;

/** Returns the JSON of a file given its site-relative path; throws a DataFileError with status 404 when there is none. */
export type DataFetcher = (path: string) => Promise<unknown>;

export class DataFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
    /** The HTTP status of a failed fetch (404: no such file). */
    readonly status?: number,
  ) {
    super(`Could not load ${path}: ${reason}`);
    this.name = 'DataFileError';
  }
}

const browserFetcher: DataFetcher = async (path) => {
  const response = await fetch(import.meta.env.BASE_URL + path);
  if (!response.ok) throw new DataFileError(path, `HTTP ${response.status}`, response.status);
  try {
    return await response.json();
  } catch {
    throw new DataFileError(path, 'the file is not JSON');
  }
};

let fetcher: DataFetcher = browserFetcher;
const cache = new Map<string, Promise<unknown>>();

/**
 * Replaces how files are read, e.g. from disk when pre-rendering in Node, or from
 * fixtures in tests. Clears the cache. Pass nothing to restore `fetch`.
 */
export function setDataFetcher(next?: DataFetcher): void {
  fetcher = next ?? browserFetcher;
  cache.clear();
}

// The schemas (and zod) come in their own chunk, fetched alongside the first data file (the
// page's own, right after the entry script), so they never weigh on the entry's evaluation.
let parser: Promise<typeof import('./data-schemas.ts')> | undefined;
function loadParser() {
  if (!parser) {
    const attempt = import('./data-schemas.ts');
    // A failed download is forgotten, so a later navigation retries.
    attempt.catch(() => {
      if (parser === attempt) parser = undefined;
    });
    parser = attempt;
  }
  return parser;
}

async function fetchAndParse<K extends DataKind>(kind: K, path: string): Promise<DataTypes[K]> {
  // Both downloads at once; a failed fetch is reported first.
  const parsing = loadParser();
  let raw: unknown;
  try {
    raw = await fetcher(path);
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, fullMessageOf(error));
  }
  let parseData: Awaited<typeof parsing>['parseData'];
  try {
    ({ parseData } = await parsing);
  } catch (error) {
    throw new DataFileError(path, `the site's code that checks it could not be loaded (${fullMessageOf(error)})`);
  }
  // Evaluating the schema chunk (zod) and parsing with it would otherwise be one task: on a
  // pre-rendered page's start both come at once, between the entry's evaluation and hydration.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const result = parseData(kind, raw);
  if (!result.ok) throw new DataFileError(path, `not valid (${result.problems.slice(0, 5).join('; ')})`);
  return result.data;
}

/** A data file, fetched once per session and parsed with the schema of its kind; rejects with a DataFileError naming the file. */
export function loadDataFile<K extends DataKind>(kind: K, path: string): Promise<DataTypes[K]> {
  const key = `${kind}:${path}`;
  let loading = cache.get(key) as Promise<DataTypes[K]> | undefined;
  if (!loading) {
    const attempt = fetchAndParse(kind, path);
    // A failed load is forgotten, so a later navigation retries.
    attempt.catch(() => {
      if (cache.get(key) === attempt) cache.delete(key);
    });
    cache.set(key, attempt);
    loading = attempt;
  }
  return loading;
}
