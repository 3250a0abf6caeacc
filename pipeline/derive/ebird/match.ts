import { distance } from 'fastest-levenshtein';
import { createSpeciesMatcher, normaliseSpeciesName, type LifeListRecords, type LifeRecord, type MatchedBy } from '../../../data/life-records.ts';
import { compareNames, LIFE_LIST_DIR } from '../../../data/manifest-layout.ts';
import type { EbirdOptions } from '../../../data/site-config.ts';
import { ebird as text } from '../../report/messages.ts';
import type { Problem } from '../../plumbing/problems.ts';

interface FolderMatch {
  /** The species folder as given (path under life_list/, slash-joined, or just its name). */
  folder: string;
  record: LifeRecord;
  by: MatchedBy;
}

export interface MatchResult {
  matches: FolderMatch[];
  /** Folders the export does not contain (each also a warning in `problems`). */
  unmatched: string[];
  /** Species of the life list with at least one photographed folder: the X of 'photographed X of N'. */
  photographedCount: number;
  /** The rest of the life list, in taxonomic order: 'seen, not yet photographed'. */
  notPhotographed: LifeRecord[];
  /** Warnings, with paths under the photos folder (`life_list/<folder>`, `site.json`). */
  problems: Problem[];
}

const CLOSEST = 3;

/**
 * Matches species folders to the life list: the `ebird.names` map of site.json first,
 * then the folder's name as an eBird common name, then as a scientific name, each
 * compared without case, diacritics, hyphens or apostrophes (see `normaliseSpeciesName`),
 * then the scientific name the taxonomy gives the folder's name (`taxonNames`, species name →
 * scientific name), which finds a species eBird has renamed since the folder was.
 * A folder with no match is a warning naming it and the closest eBird names.
 * `speciesFolders` are paths under life_list/ (`Anseriformes/Ducks, Geese, and Waterfowl/Wood Duck`)
 * or bare names; the last segment is the species name.
 */
export function matchFolders(speciesFolders: readonly string[], records: LifeListRecords, config: { ebird?: EbirdOptions | undefined }, taxonNames: ReadonlyMap<string, string> = new Map()): MatchResult {
  const explicit = config.ebird?.names ?? {};
  const matcher = createSpeciesMatcher(records.species, explicit, taxonNames);
  const matches: FolderMatch[] = [];
  const unmatched: string[] = [];
  const problems: Problem[] = [];
  const names = new Set<string>();
  for (const folder of speciesFolders) {
    const name = folder.split('/').pop()!;
    names.add(normaliseSpeciesName(name));
    const found = matcher.match(name);
    if (found) {
      matches.push({ folder, record: found.record, by: found.by });
      continue;
    }
    unmatched.push(folder);
    const mapped = matcher.explicitNameFor(name);
    const reason = mapped === undefined ? text.notInExport(name, closestNames(name, records.species)) : text.mappedNotInExport(name, mapped, closestNames(mapped, records.species));
    problems.push({ path: `${LIFE_LIST_DIR}/${folder}`, severity: 'warning', reason });
  }
  for (const folder of Object.keys(explicit)) {
    if (!names.has(normaliseSpeciesName(folder))) problems.push({ path: 'site.json', severity: 'warning', reason: text.mapUnknownFolder(folder) });
  }
  const photographed = new Set(matches.map((m) => m.record));
  return {
    matches,
    unmatched,
    photographedCount: photographed.size,
    notPhotographed: records.species.filter((s) => !photographed.has(s)),
    problems,
  };
}

/** The eBird common names closest to `name` (by edit distance to the common or scientific name). */
export function closestNames(name: string, species: readonly LifeRecord[], count = CLOSEST): string[] {
  const key = normaliseSpeciesName(name);
  return species
    .map((s) => ({ s, d: Math.min(distance(key, normaliseSpeciesName(s.commonName)), distance(key, normaliseSpeciesName(s.scientificName))) }))
    .sort((a, b) => a.d - b.d || compareNames(a.s.commonName, b.s.commonName))
    .slice(0, count)
    .map(({ s }) => s.commonName);
}
