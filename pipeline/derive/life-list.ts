import type { LifeRecord } from '../../data/life-records.ts';
import { placeNamesLanguageOf, type SiteConfig } from '../../data/site-config.ts';
import type { LifeListLinks } from '../../data/site-data-derivation.ts';
import { matchFolders, readLifeRecords } from './ebird/read-life-records.ts';
import { chooseExport, loadLastGood, saveLastGood } from './ebird/last-good-export.ts';
import { regionNamesAndMaps, unmappedRegions } from './ebird/region-maps.ts';
import { ebird as text } from '../report/messages.ts';
import { LIFE_LIST_DIR } from '../scan/plan.ts';
import type { Problem, Problems } from '../plumbing/problems.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';

/** The life list to publish, and what the run's summary says of it. */
export interface ReadLifeList extends LifeListLinks {
  /** The file read, relative to the photos folder. */
  source: string;
  /** Species of the export with a photographed folder. */
  photographed: number;
}

/**
 * Stage: the owner's eBird life list (photos/ebird/, optional) and which species folder stands for
 * which of its species. Undefined without a usable export: the site is then as it was
 * before eBird. The reader's and the matcher's problems go into the run's problems. What
 * is returned holds only names, taxonomic order, days and region codes (data/life-records.ts).
 */
export async function lifeListOf(
  { photosDir, cacheDir, acceptSmallerExport, now }: { photosDir: string; cacheDir: string; acceptSmallerExport: boolean; now: string },
  photos: readonly PublishedPhoto[],
  site: SiteConfig,
  problems: Problems,
  /** Species name → its scientific name in the taxonomy, for folders named before eBird renamed their species. */
  taxonNames: ReadonlyMap<string, { scientificName: string }> = new Map(),
): Promise<ReadLifeList | undefined> {
  const loadProblems: Problem[] = [];
  const lastGood = await loadLastGood(cacheDir, loadProblems);
  const read = chooseExport(await readLifeRecords(photosDir), lastGood, { acceptSmaller: acceptSmallerExport, now });
  for (const problem of [...loadProblems, ...read.problems]) report(problems, problem);
  if (read.save) await saveLastGood(cacheDir, read.save);
  if (!read.records || read.source === undefined) return undefined;

  // Only folders with published photos: they are the species pages the records attach to.
  const folders = [...new Set(photos.map((p) => p.plan.folder.join('/')))];
  const matched = matchFolders(folders, read.records, site, new Map([...taxonNames].map(([species, taxon]) => [species, taxon.scientificName])));
  for (const problem of matched.problems) report(problems, problem);
  const bySpecies = new Map<string, LifeRecord>();
  for (const match of matched.matches) bySpecies.set(match.folder.split('/').at(-1) ?? match.folder, match.record);
  warnPhotographedBeforeSeen(photos, matched.matches, problems);
  const regions = regionNamesAndMaps(read.records, placeNamesLanguageOf(site));
  // Named, not dropped in silence: the owner can tell a missing shape from a missing list.
  const unmapped = unmappedRegions(regions);
  if (unmapped.length > 0) problems.warning(read.source, text.regionsNotMapped(unmapped));
  return { records: read.records, bySpecies, places: regions, source: read.source, photographed: matched.photographedCount };
}

/**
 * A photo taken before the species' first sighting in the export means the export lacks that
 * sighting (an older trip never entered in eBird, or entered under another species).
 */
function warnPhotographedBeforeSeen(photos: readonly PublishedPhoto[], matches: readonly { folder: string; record: LifeRecord }[], problems: Problems): void {
  const byFolder = new Map(matches.map((m) => [m.folder, m.record]));
  const earliest = new Map<string, PublishedPhoto>();
  for (const photo of photos) {
    const folder = photo.plan.folder.join('/');
    const takenOn = photo.record.takenOn;
    if (!takenOn || !byFolder.has(folder)) continue;
    const known = earliest.get(folder)?.record.takenOn;
    if (!known || takenOn < known) earliest.set(folder, photo);
  }
  for (const [folder, photo] of earliest) {
    const record = byFolder.get(folder)!;
    if (photo.record.takenOn! < record.firstSeen) problems.warning(photo.source ?? `${LIFE_LIST_DIR}/${photo.plan.relativePath}`, text.photographedBeforeSeen(photo.record.takenOn!, record.firstSeen));
  }
}

function report(problems: Problems, problem: Problem): void {
  if (problem.severity === 'error') problems.error(problem.path, problem.reason);
  else problems.warning(problem.path, problem.reason);
}
