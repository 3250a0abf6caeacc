import path from 'node:path';
import { mediaKindOf, mediaNameKey } from '../../data/media-layout.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import { problem } from '../report/messages.ts';
import type { Problems } from '../plumbing/problems.ts';
import { comparePaths, INBOX_DIR, type ScannedPhoto } from '../scan/photo-list.ts';
import { LIFE_LIST_DIR, planPhoto, stemOf, type PlanSettings } from '../scan/plan.ts';
import type { Taxonomy, TaxonomySpecies } from '../taxonomy/taxonomy.ts';
import { FolderTree, isFlatSpeciesFolder } from './folder-tree.ts';
import type { PhotoFacts } from './photo-facts.ts';

/**
 * Where each photo belongs, decided once: the owner's folder tree first, then the taxonomy (a
 * species folder put directly in life_list/ goes under its order and family; a photo in inbox/
 * goes to the species its keywords name), then the ratings (a rejected photo, or one rated below
 * `publishing.minRating`, is left out). Pure: every later stage sees only the placed photos.
 */

export interface PlacementInput {
  /** Photos under life_list/ that passed the scan's checks, relative to it. */
  lifeListFiles: readonly string[];
  /** Usable folders under life_list/, relative to it. */
  lifeListDirs: readonly string[];
  /** Photos under inbox/, relative to it. */
  inboxFiles: readonly string[];
  /** Facts by path relative to the photos folder (`life_list/…`, `inbox/…`). */
  facts: ReadonlyMap<string, PhotoFacts>;
  /** Absent when nothing needs it (see taxonomyNeeded), or when it could not be had: inbox photos then wait. */
  taxonomy: Taxonomy | undefined;
  names: 'folders' | 'taxonomy';
  minRating: number;
  photosDir: string;
  settings: PlanSettings;
  problems: Problems;
}

export interface Placement {
  /** Photos to publish, sorted by folder then file name. */
  photos: ScannedPhoto[];
  /** Every folder of the placed tree (as name lists), including empty ones. */
  folders: string[][];
  leftOut: { rejected: number; belowRating: number };
  /** Inbox photos that name no species: path (relative to the photos folder), keywords and day, for the report. */
  unplaced: Array<{ path: string; keywords: string[]; takenOn?: string; ambiguous?: { name: string; candidates: string[] } }>;
  /** Inbox photos not placed for want of a taxonomy: published on the first run that has one. */
  waiting: number;
}

/** Whether placing this library needs the taxonomy: a species folder straight in life_list/, an inbox photo, or names shown as the taxonomy has them. */
export function taxonomyNeeded(lifeListFiles: readonly string[], inboxFiles: readonly string[], names: SiteConfig['names']): boolean {
  return inboxFiles.length > 0 || names !== 'folders' || lifeListFiles.some((f) => isFlatSpeciesFolder(path.posix.dirname(f)));
}

interface Candidate {
  /** Relative to the photos folder. */
  source: string;
  /** Where it is published, relative to life_list/. */
  target: string;
  fromInbox: boolean;
}

export function place(input: PlacementInput): Placement {
  const { facts, taxonomy } = input;
  const leftOut = { rejected: 0, belowRating: 0 };
  const rated = (source: string) => {
    const rating = facts.get(source)?.rating ?? 0;
    if (rating === -1) leftOut.rejected++;
    else if (rating < input.minRating) leftOut.belowRating++;
    else return true;
    return false;
  };
  const tree = new FolderTree(input.lifeListDirs, taxonomy);
  const candidates: Candidate[] = [];

  const moved = taxonomy ? tree.placeFlatSpeciesFolders(input.lifeListFiles, input.problems) : new Map<string, string>();
  for (const file of input.lifeListFiles) {
    const source = `${LIFE_LIST_DIR}/${file}`;
    if (!rated(source)) continue;
    const dir = path.posix.dirname(file);
    const target = moved.has(dir) ? `${moved.get(dir)}/${path.posix.basename(file)}` : file;
    candidates.push({ source, target, fromInbox: false });
  }

  const unplaced: Placement['unplaced'] = [];
  let waiting = 0;
  for (const file of [...input.inboxFiles].sort(comparePaths)) {
    const source = `${INBOX_DIR}/${file}`;
    if (!rated(source)) continue;
    if (!taxonomy) {
      waiting++;
      continue;
    }
    const own = facts.get(source);
    const species = own ? speciesNamedBy(own, taxonomy) : [];
    if (species.length === 0) {
      const ambiguous = own ? ambiguousNameOf(own, taxonomy) : undefined;
      unplaced.push({ path: source, keywords: own ? [...own.keywords, ...own.hierarchicalKeywords] : [], ...(own?.takenOn ? { takenOn: own.takenOn } : {}), ...(ambiguous ? { ambiguous } : {}) });
      continue;
    }
    for (const s of species) candidates.push({ source, target: `${tree.speciesFolderFor(s)}/${path.posix.basename(file)}`, fromInbox: true });
  }

  const renamed = input.names === 'taxonomy' && taxonomy ? tree.currentNames() : new Map<string, string>();
  if (taxonomy) tree.reportNames(input.problems, input.names === 'taxonomy');
  const photos = planAll(candidates, renamed, input);
  const folders = tree.folders(renamed);
  return { photos, folders, leftOut, unplaced, waiting };
}

/** The species a photo's keywords name: any flat keyword, any level of a hierarchical one; the rest (places, 'flight') are ignored. */
export function speciesNamedBy(facts: Pick<PhotoFacts, 'keywords' | 'hierarchicalKeywords'>, taxonomy: Taxonomy): TaxonomySpecies[] {
  const found = new Map<string, TaxonomySpecies>();
  for (const word of keywordsOf(facts)) {
    const match = taxonomy.match(word);
    if (match) found.set(match.species.scientificName, match.species);
  }
  return [...found.values()];
}

/** A keyword that names no species because two or more share it (an older name after a split), and those species. */
function ambiguousNameOf(facts: Pick<PhotoFacts, 'keywords' | 'hierarchicalKeywords'>, taxonomy: Taxonomy): { name: string; candidates: string[] } | undefined {
  for (const word of keywordsOf(facts)) {
    const candidates = taxonomy.ambiguous(word).map((s) => s.englishName);
    if (candidates.length > 0) return { name: word, candidates };
  }
  return undefined;
}

/** Every keyword, and every level of a hierarchical one, trimmed. */
const keywordsOf = (facts: Pick<PhotoFacts, 'keywords' | 'hierarchicalKeywords'>) =>
  [...facts.keywords, ...facts.hierarchicalKeywords.flatMap((k) => k.split('|'))].map((w) => w.trim()).filter((w) => w !== '');

/** The planned photos: the scan's uniqueness rules, a free name for an inbox photo whose name is taken in its folder. */
function planAll(candidates: readonly Candidate[], renamed: ReadonlyMap<string, string>, input: PlacementInput): ScannedPhoto[] {
  const { problems, settings } = input;
  const finalTarget = (target: string) => {
    const dir = path.posix.dirname(target);
    const to = renamed.get(dir);
    return to === undefined ? target : `${to}/${path.posix.basename(target)}`;
  };
  // The owner's own photos first, so an inbox photo never takes a name from one.
  const ordered = [...candidates].map((c) => ({ ...c, target: finalTarget(c.target) }));
  // Inbox photos in the order of their own paths, so which one takes a free name does not depend on the others' names.
  ordered.sort((a, b) => Number(a.fromInbox) - Number(b.fromInbox) || (a.fromInbox ? comparePaths(a.source, b.source) : 0) || comparePaths(a.target, b.target));

  const speciesHome = new Map<string, string>();
  const publishedNames = new Map<string, string>();
  const photos: ScannedPhoto[] = [];
  for (const candidate of ordered) {
    let plan = planPhoto(candidate.target, settings);
    const dir = plan.folder.join('/');
    const home = speciesHome.get(plan.species);
    if (home === undefined) speciesHome.set(plan.species, dir);
    else if (home !== dir) {
      problems.error(candidate.source, problem.duplicateSpecies(plan.species, `${LIFE_LIST_DIR}/${home}`));
      continue;
    }
    // Case-insensitive: the published site may live on a case-insensitive file system.
    // A recording's or clip's renditions are named after its stem, under media/ (data/media-layout.ts).
    const key = (p: typeof plan) => (mediaKindOf(p.originalName) ? mediaNameKey(p.relativePath) : `${dir}/${p.displayName}`.toLowerCase());
    const taken = publishedNames.get(key(plan));
    if (taken !== undefined) {
      if (!candidate.fromInbox) {
        problems.error(candidate.source, problem.duplicateDisplayName(plan.displayName, taken));
        continue;
      }
      const original = plan.originalName;
      for (let n = 2; publishedNames.has(key(plan)); n++) plan = planPhoto(`${dir}/${stemOf(original)}-${n}${path.posix.extname(original)}`, settings);
      problems.warning(candidate.source, problem.renamedInFolder(plan.originalName, original, `${LIFE_LIST_DIR}/${dir}`));
    }
    publishedNames.set(key(plan), plan.originalName);
    const facts = input.facts.get(candidate.source);
    photos.push({ absolutePath: path.join(input.photosDir, ...candidate.source.split('/')), source: candidate.source, plan, ...(facts ? { facts } : {}) });
  }
  photos.sort((a, b) => comparePaths(a.plan.relativePath, b.plan.relativePath));
  return photos;
}

