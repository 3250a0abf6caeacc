import type { DataTypes, DataKind } from './data-kinds.ts';
import { fullMessageOf } from '../data/error-text.ts';

/**
 * The only code of the site that fetches data files (info.json and the per-page files of
 * data/site-data-schemas.ts), cached for the session; a failure throws an error that names the
 * file (and its HTTP status, so a missing page's file becomes that page's 404).
 *
 * Where they are checked with their schemas: the pipeline parses every file with its schema when
 * it writes it, and the pre-render reads every page's files through a replacement reader, which
 * checks them (setDataFetcher). A visitor's browser reads the files the same build wrote and
 * checked, so it takes them as they are (JSON objects), and zod, its schemas and the parse stay
 * off the page's start: on a phone's CPU they were the longest task before the page responded.
 */

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

/** Resolves in a later task of the page, so the work after it is a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const browserFetcher: DataFetcher = async (path) => {
  // The request starts in a task of its own: the router calls the page's loaders in the task that
  // starts it, and a page's first fetch() is one of that task's costlier calls.
  await nextTask();
  const response = await fetch(import.meta.env.BASE_URL + path);
  if (!response.ok) throw new DataFileError(path, `HTTP ${response.status}`, response.status);
  try {
    return await response.json();
  } catch {
    throw new DataFileError(path, 'the file is not JSON');
  }
};

let fetcher: DataFetcher = browserFetcher;
let checking = false;
const cache = new Map<string, Promise<unknown>>();

/**
 * Replaces how files are read, e.g. from disk when pre-rendering in Node, or from fixtures in
 * tests; files read through a replacement are checked with their schemas. Clears the cache.
 * Pass nothing to restore `fetch`, which takes the build's checked files as they are.
 */
export function setDataFetcher(next?: DataFetcher): void {
  fetcher = next ?? browserFetcher;
  checking = next !== undefined;
  cache.clear();
}

// The schemas (and zod) come in a chunk of their own, loaded only where files are checked,
// alongside the first file read.
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
  if (!checking) return asBuilt(kind, path, await fetchRaw(path));
  // Both downloads at once; a failed fetch is reported first.
  const parsing = loadParser();
  const raw = await fetchRaw(path);
  let parseData: Awaited<typeof parsing>['parseData'];
  try {
    ({ parseData } = await parsing);
  } catch (error) {
    throw new DataFileError(path, `the site's code that checks it could not be loaded (${fullMessageOf(error)})`);
  }
  // Evaluating the schema chunk (zod) and parsing with it would otherwise be one task: on a
  // pre-rendered page's start both come at once, between the entry's evaluation and hydration.
  await nextTask();
  const result = parseData(kind, raw);
  if (!result.ok) throw new DataFileError(path, `not valid (${result.problems.slice(0, 5).join('; ')})`);
  return result.data;
}

async function fetchRaw(path: string): Promise<unknown> {
  try {
    return await fetcher(path);
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, fullMessageOf(error));
  }
}

/** A file the build wrote and checked: every data file is a JSON object. */
function asBuilt<K extends DataKind>(_kind: K, path: string, raw: unknown): DataTypes[K] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new DataFileError(path, 'not valid (not a JSON object)');
  return raw as DataTypes[K];
}

/** A data file, fetched once per session (checked with the schema of its kind through a replacement reader); rejects with a DataFileError naming the file. */
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
