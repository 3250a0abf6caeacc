/**
 * The ingest's side of the owner's taxonomy: loaded when placement needs it, fetched once (the
 * way `npm run taxonomy` does) when the library has none yet. A failed fetch is a state of this
 * run only: nothing of it is kept, so the next ingest tries again.
 */
import { stat } from 'node:fs/promises';
import { messageOf } from '../../data/error-text.ts';
import { unlessMissing } from '../../node-lib/files.ts';
import { taxonomyText } from '../report/messages.ts';
import { taxonomyUrl } from './download.ts';
import { taxonomyPath } from './library-file.ts';
import { loadTaxonomy, type LoadedTaxonomy } from './taxonomy.ts';

export type IngestTaxonomy = { taxonomy: LoadedTaxonomy } | { unavailable: string };

/** The library's taxonomy; when it has none, fetched first (saying so with `note`). */
export async function taxonomyForPlacement(photosDir: string, today: string, note: (line: string) => void): Promise<IngestTaxonomy> {
  const file = taxonomyPath(photosDir);
  if (!(await unlessMissing(stat(file)))) {
    note(taxonomyText.fetchingForIngest(file, taxonomyUrl()));
    try {
      // The fetch's own modules (CSV reader, download) load only when it happens.
      const { updateTaxonomy } = await import('./update.ts');
      await updateTaxonomy({ photosDir, today });
    } catch (error) {
      return { unavailable: messageOf(error) };
    }
  }
  return loaded(file);
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
