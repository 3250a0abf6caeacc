/**
 * What the owner has of each species of a taxonomy, for the report of what a new edition changes:
 * the photos in a species folder under life_list/ (named by the folder, directly or through the
 * taxonomy), the inbox photos its keywords name (flat, any level of a hierarchical one, English or
 * scientific, from the photo or its sidecar: the ingest's own reading and rule), and the records
 * of the eBird export. Read-only: nothing here writes a file (the keyword cache is read, not saved).
 */
import path from 'node:path';
import { messageOf } from '../../data/error-text.ts';
import { findEbirdExport } from '../derive/ebird/find-export.ts';
import { openEbirdExport } from '../derive/ebird/open-export.ts';
import { parseEbirdCsv } from '../derive/ebird/parse-export.ts';
import { readFacts } from '../place/photo-facts.ts';
import { speciesNamedBy } from '../place/placement.ts';
import { endExiftool } from '../photos/exiftool-process.ts';
import { Problems } from '../plumbing/problems.ts';
import { INBOX_DIR, run as scanPhotos } from '../scan/photo-list.ts';
import type { Taxonomy } from './taxonomy.ts';

/** The owner's holding of one species: photos (in folders and placed by keywords) and eBird records. */
interface Holding {
  photos: number;
  ebirdRecords: number;
}

export interface OwnersSpecies {
  /** By the species' code in the taxonomy given. */
  bySpecies: Map<string, Holding>;
  /** Sources that could not be read (`ebird/MyEBirdData.csv: …`): the report says its counts leave them out. */
  unread: string[];
}

/** The owner's species in `taxonomy` (the edition being replaced), with what they hold of each. */
export async function ownersSpecies(photosDir: string, cacheDir: string, taxonomy: Taxonomy): Promise<OwnersSpecies> {
  const bySpecies = new Map<string, Holding>();
  const holding = (code: string) => bySpecies.get(code) ?? bySpecies.set(code, { photos: 0, ebirdRecords: 0 }).get(code)!;
  const unread: string[] = [];
  const found = await scanPhotos({ photosDir, problems: new Problems() });
  for (const dir of found.lifeListDirs) {
    const match = taxonomy.match(path.posix.basename(dir));
    if (match) holding(match.species.code);
  }
  for (const file of found.lifeListFiles) {
    const match = taxonomy.match(path.posix.basename(path.posix.dirname(file)));
    if (match) holding(match.species.code).photos++;
  }
  try {
    for (const species of await inboxSpecies(found.inboxFiles, found.sidecars, photosDir, cacheDir, taxonomy)) for (const code of species) holding(code).photos++;
  } catch (error) {
    unread.push(`${INBOX_DIR}: ${messageOf(error)}`);
  }
  const ebird = await ebirdRecords(photosDir);
  if ('unread' in ebird) unread.push(ebird.unread);
  else
    for (const { commonName, scientificName, records } of ebird.byName.values()) {
      // A record counts once for its species: by its common name when that names one, else by its scientific name.
      const match = taxonomy.match(commonName) ?? taxonomy.match(scientificName);
      if (match) holding(match.species.code).ebirdRecords += records;
    }
  return { bySpecies, unread };
}

/** For each inbox photo, the codes of the species its keywords name, as the ingest places it. */
async function inboxSpecies(inboxFiles: readonly string[], sidecars: ReadonlyMap<string, string>, photosDir: string, cacheDir: string, taxonomy: Taxonomy): Promise<string[][]> {
  if (inboxFiles.length === 0) return [];
  const requests = inboxFiles.map((f) => `${INBOX_DIR}/${f}`).map((photo) => ({ photo, sidecar: sidecars.get(photo) }));
  try {
    const { facts } = await readFacts(requests, photosDir, cacheDir, new Problems(), {}, { saveCache: false });
    return requests.map(({ photo }) => {
      const own = facts.get(photo);
      return own ? speciesNamedBy(own, taxonomy).map((s) => s.code) : [];
    });
  } finally {
    await endExiftool();
  }
}

/** The eBird export's records by the name each gives (common and scientific), or why it could not be read; none when there is no export. */
type NamedRecords = { commonName: string; scientificName: string; records: number };

async function ebirdRecords(photosDir: string): Promise<{ byName: Map<string, NamedRecords> } | { unread: string }> {
  const byName = new Map<string, NamedRecords>();
  try {
    const { found } = await findEbirdExport(photosDir);
    if (!found) return { byName };
    const opened = await openEbirdExport(found);
    if (!opened.ok) return { unread: `${found.shown}: ${opened.reason}` };
    try {
      const outcome = await parseEbirdCsv(opened.stream, (row) => {
        const key = `${row.commonName}\0${row.scientificName}`;
        const named = byName.get(key) ?? byName.set(key, { commonName: row.commonName, scientificName: row.scientificName, records: 0 }).get(key)!;
        named.records++;
      });
      if (!outcome.ok) return { unread: `${opened.shown}: ${outcome.reason}` };
    } finally {
      opened.close();
    }
  } catch (error) {
    return { unread: `ebird: ${messageOf(error)}` };
  }
  return { byName };
}
