/**
 * The ingest's side of the owner's taxonomy: loaded when placement needs it, fetched once (the
 * way `npm run taxonomy` does) when the library has none yet. A failed fetch is a state of this
 * run only: nothing of it is kept, so the next ingest tries again. The last taxonomy placement
 * used is kept in the cache, so photos it placed stay published if the library's goes missing.
 */
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '../../data/error-text.ts';
import { unlessMissing, writeAtomically } from '../../node-lib/files.ts';
import { taxonomyText } from '../report/messages.ts';
import { taxonomyUrl } from './download.ts';
import { taxonomyPath } from './library-file.ts';
import { loadTaxonomy, type LoadedTaxonomy } from './taxonomy.ts';

/** The taxonomy, or why there is none; `lastUsed` when it is the cache's copy of the one the last placement used. */
export type IngestTaxonomy = { taxonomy: LoadedTaxonomy; lastUsed?: { why: string } } | { unavailable: string };

/** In the cache folder: a copy of the last taxonomy placement used. */
const LAST_USED = 'taxonomy-last-used.tsv';

/**
 * The library's taxonomy; when it has none, fetched first (saying so with `note`). When it can be
 * had neither way, the copy of the one the last placement used, so nothing it placed disappears.
 */
export async function taxonomyForPlacement(photosDir: string, cacheDir: string, today: string, note: (line: string) => void): Promise<IngestTaxonomy> {
  const file = taxonomyPath(photosDir);
  const copy = path.join(cacheDir, LAST_USED);
  if (!(await unlessMissing(stat(file)))) {
    note(taxonomyText.fetchingForIngest(shown(file), taxonomyUrl()));
    try {
      // The fetch's own modules (CSV reader, download) load only when it happens.
      const { updateTaxonomy } = await import('./update.ts');
      await updateTaxonomy({ photosDir, today });
    } catch (error) {
      return lastUsed(copy, messageOf(error));
    }
  }
  const had = await loaded(file);
  if ('unavailable' in had) return lastUsed(copy, had.unavailable);
  await keepCopy(file, copy);
  return had;
}

/** A path as the owner typed it: relative to the folder they run in when it is inside it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** The cache's copy of the last taxonomy used, standing in for one that cannot be had (`why`). */
async function lastUsed(copy: string, why: string): Promise<IngestTaxonomy> {
  if (!(await unlessMissing(stat(copy)))) return { unavailable: why };
  const had = await loaded(copy);
  return 'taxonomy' in had ? { taxonomy: had.taxonomy, lastUsed: { why } } : { unavailable: why };
}

/** Copies the library's taxonomy into the cache when it differs from the copy there (a new edition). */
async function keepCopy(file: string, copy: string): Promise<void> {
  const [source, kept] = await Promise.all([stat(file), unlessMissing(stat(copy))]);
  if (kept && kept.size === source.size && kept.mtimeMs >= source.mtimeMs) return;
  await writeAtomically(copy, (temp) => copyFile(file, temp));
}

/** The library's taxonomy if it has one (never fetched): for the scientific names of a library placement did not need it for. */
export async function taxonomyIfPresent(photosDir: string): Promise<IngestTaxonomy | undefined> {
  const file = taxonomyPath(photosDir);
  return (await unlessMissing(stat(file))) ? loaded(file) : undefined;
}

async function loaded(file: string): Promise<IngestTaxonomy> {
  try {
    return { taxonomy: await loadTaxonomy(file) };
  } catch (error) {
    return { unavailable: messageOf(error) };
  }
}
