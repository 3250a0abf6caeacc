import path from 'node:path';
import { problem } from '../report/messages.ts';
import type { Problems } from '../plumbing/problems.ts';
import { comparePaths } from '../scan/photo-list.ts';
import { LIFE_LIST_DIR } from '../scan/plan.ts';
import type { Taxonomy, TaxonomySpecies } from '../taxonomy/taxonomy.ts';

/** A photo's folder (relative to life_list/) that is a species folder put straight into life_list/, which the taxonomy places. */
export function isFlatSpeciesFolder(dir: string): boolean {
  return dir !== '.' && !dir.includes('/');
}

/** The Life List's folders as the owner made them, and the order, family and species folders the taxonomy adds. */
export class FolderTree {
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
    const withPhotos = new Set(files.map((f) => path.posix.dirname(f)).filter(isFlatSpeciesFolder));
    const moved = new Map<string, string>();
    for (const dir of [...withPhotos].sort(comparePaths)) {
      const match = taxonomy.match(dir);
      if (!match) {
        const candidates = taxonomy.ambiguous(dir).map((s) => s.englishName);
        problems.warning(`${LIFE_LIST_DIR}/${dir}`, candidates.length > 0 ? problem.speciesNameAmbiguous(dir, taxonomy.source, candidates) : problem.speciesFolderUnknown(dir, taxonomy.source, taxonomy.closest(dir)));
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
    for (const [dir, name] of this.#unknown) {
      const candidates = taxonomy.ambiguous(name).map((s) => s.englishName);
      problems.warning(`${LIFE_LIST_DIR}/${dir}`, candidates.length > 0 ? problem.speciesNameAmbiguous(name, taxonomy.source, candidates) : problem.speciesNameUnknown(name, taxonomy.source, taxonomy.closest(name)));
    }
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
