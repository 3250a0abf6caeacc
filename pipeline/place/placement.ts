import path from 'node:path';
import { problem } from '../report/messages.ts';
import type { Problems } from '../plumbing/problems.ts';
import { checkLifeList, comparePaths, INBOX_DIR, type ScannedPhoto } from '../scan/photo-list.ts';
import { LIFE_LIST_DIR, planPhoto, stemOf, type PlanSettings } from '../scan/plan.ts';
import type { Taxonomy, TaxonomySpecies } from '../taxonomy/taxonomy.ts';
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
  /** Absent when nothing needs it (no flat species folder, no inbox photo, folder names kept). */
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
  unplaced: Array<{ path: string; keywords: string[]; takenOn?: string }>;
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
  for (const file of [...input.inboxFiles].sort(comparePaths)) {
    const source = `${INBOX_DIR}/${file}`;
    if (!rated(source)) continue;
    const own = facts.get(source);
    const species = taxonomy && own ? speciesNamedBy(own, taxonomy) : [];
    if (species.length === 0) {
      unplaced.push({ path: source, keywords: own ? [...own.keywords, ...own.hierarchicalKeywords] : [], ...(own?.takenOn ? { takenOn: own.takenOn } : {}) });
      continue;
    }
    for (const s of species) candidates.push({ source, target: `${tree.speciesFolderFor(s)}/${path.posix.basename(file)}`, fromInbox: true });
  }

  const renamed = input.names === 'taxonomy' && taxonomy ? tree.currentNames() : new Map<string, string>();
  if (taxonomy) tree.reportNames(input.problems, input.names === 'taxonomy');
  const photos = planAll(candidates, renamed, input);
  const folders = tree.folders(renamed);
  return { photos, folders, leftOut, unplaced };
}

/** The species a photo's keywords name: any flat keyword, any level of a hierarchical one; the rest (places, 'flight') are ignored. */
export function speciesNamedBy(facts: Pick<PhotoFacts, 'keywords' | 'hierarchicalKeywords'>, taxonomy: Taxonomy): TaxonomySpecies[] {
  const found = new Map<string, TaxonomySpecies>();
  const words = [...facts.keywords, ...facts.hierarchicalKeywords.flatMap((k) => k.split('|'))];
  for (const word of words) {
    const match = word.trim() === '' ? undefined : taxonomy.match(word.trim());
    if (match) found.set(match.species.scientificName, match.species);
  }
  return [...found.values()];
}

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
    const key = (p: typeof plan) => `${dir}/${p.displayName}`.toLowerCase();
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

/** The Life List's folders as the owner made them, and the order, family and species folders the taxonomy adds. */
class FolderTree {
  readonly #dirs: Set<string>;
  readonly #taxonomy: Taxonomy | undefined;
  /** Scientific name → the folder that holds that order, family or species. */
  readonly #orders = new Map<string, string>();
  readonly #families = new Map<string, string>();
  readonly #species = new Map<string, string>();
  /** Species folders the taxonomy matched, by their path, and those it did not. */
  readonly #matched = new Map<string, { name: string; species: TaxonomySpecies; by: string }>();
  readonly #unknown = new Map<string, string>();

  constructor(dirs: readonly string[], taxonomy: Taxonomy | undefined) {
    this.#dirs = new Set(dirs);
    this.#taxonomy = taxonomy;
    if (!taxonomy) return;
    const parents = new Set([...this.#dirs].map((d) => path.posix.dirname(d)));
    for (const dir of [...this.#dirs].sort(comparePaths)) {
      const name = path.posix.basename(dir);
      const depth = dir.split('/').length;
      if (!parents.has(dir)) {
        if (depth > 1) this.#noteSpeciesFolder(dir);
        continue;
      }
      const order = taxonomy.order(name);
      if (depth === 1 && order && !this.#orders.has(order)) this.#orders.set(order, dir);
      const family = taxonomy.family(name);
      if (family && !this.#families.has(family.scientific)) this.#families.set(family.scientific, dir);
    }
  }

  #noteSpeciesFolder(dir: string): TaxonomySpecies | undefined {
    const name = path.posix.basename(dir);
    const match = this.#taxonomy!.match(name);
    if (!match) {
      this.#unknown.set(dir, name);
      return undefined;
    }
    this.#matched.set(dir, { name, species: match.species, by: match.by });
    if (!this.#species.has(match.species.scientificName)) this.#species.set(match.species.scientificName, dir);
    return match.species;
  }

  /**
   * Species folders put directly in life_list/ → their place under the order and family: the
   * owner's folders for them where they exist (by scientific or English name), else the
   * taxonomy's (order by its scientific name, family by its English name).
   */
  placeFlatSpeciesFolders(files: readonly string[], problems: Problems): Map<string, string> {
    const taxonomy = this.#taxonomy!;
    const withPhotos = new Set(files.map((f) => path.posix.dirname(f)).filter((d) => !d.includes('/') && d !== '.'));
    const moved = new Map<string, string>();
    for (const dir of [...withPhotos].sort(comparePaths)) {
      const match = taxonomy.match(dir);
      if (!match) {
        problems.warning(`${LIFE_LIST_DIR}/${dir}`, problem.speciesFolderUnknown(dir, taxonomy.source, taxonomy.closest(dir)));
        continue;
      }
      const existing = this.#species.get(match.species.scientificName);
      const target = existing ?? `${this.#familyFolder(match.species)}/${dir}`;
      this.#dirs.delete(dir);
      this.#add(target);
      this.#matched.set(target, { name: path.posix.basename(target), species: match.species, by: match.by });
      this.#species.set(match.species.scientificName, target);
      moved.set(dir, target);
    }
    return moved;
  }

  /** The folder an inbox photo of this species goes to: its species folder, or a new one under its order and family. */
  speciesFolderFor(species: TaxonomySpecies): string {
    const existing = this.#species.get(species.scientificName);
    if (existing !== undefined) return existing;
    const target = `${this.#familyFolder(species)}/${species.englishName}`;
    this.#add(target);
    this.#matched.set(target, { name: species.englishName, species, by: 'english' });
    this.#species.set(species.scientificName, target);
    return target;
  }

  #familyFolder(species: TaxonomySpecies): string {
    const family = this.#families.get(species.family);
    if (family !== undefined) return family;
    const order = this.#orders.get(species.order) ?? species.order;
    const folder = `${order}/${species.familyEnglish}`;
    this.#orders.set(species.order, order);
    this.#families.set(species.family, folder);
    this.#add(folder);
    return folder;
  }

  #add(dir: string): void {
    const parts = dir.split('/');
    for (let i = 1; i <= parts.length; i++) this.#dirs.add(parts.slice(0, i).join('/'));
  }

  /** Species folders whose name is not the taxonomy's current English name → the same folder under that name. */
  currentNames(): Map<string, string> {
    const renamed = new Map<string, string>();
    for (const [dir, { name, species }] of this.#matched) {
      if (name !== species.englishName) renamed.set(dir, `${path.posix.dirname(dir) === '.' ? '' : `${path.posix.dirname(dir)}/`}${species.englishName}`);
    }
    return renamed;
  }

  /** Names the taxonomy knows under a newer name, and species folders it does not know. */
  reportNames(problems: Problems, renamed: boolean): void {
    const taxonomy = this.#taxonomy!;
    for (const [dir, { name, species, by }] of this.#matched) {
      if (by === 'other-english') problems.warning(`${LIFE_LIST_DIR}/${dir}`, problem.olderName(name, species.englishName, taxonomy.source, renamed));
    }
    for (const [dir, name] of this.#unknown) problems.warning(`${LIFE_LIST_DIR}/${dir}`, problem.speciesNameUnknown(name, taxonomy.source, taxonomy.closest(name)));
  }

  folders(renamed: ReadonlyMap<string, string>): string[][] {
    const all = new Set<string>();
    for (const dir of this.#dirs) {
      const to = renamed.get(dir) ?? dir;
      const parts = to.split('/');
      for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
    }
    return [...all].sort(comparePaths).map((d) => d.split('/'));
  }
}

/** The scan without the disk, for a Life List of the owner's folders only: relative file and folder paths → placed photos and folders. */
export function classify(
  files: string[],
  dirs: string[],
  { lifeListDir, settings, problems }: { lifeListDir: string; settings: PlanSettings; problems: Problems },
): { photos: ScannedPhoto[]; folders: string[][] } {
  const checked = checkLifeList(files, dirs, problems);
  const { photos, folders } = place({
    lifeListFiles: checked.files,
    lifeListDirs: checked.dirs,
    inboxFiles: [],
    facts: new Map(),
    taxonomy: undefined,
    names: 'folders',
    minRating: 0,
    photosDir: path.dirname(lifeListDir),
    settings,
    problems,
  });
  return { photos, folders };
}
