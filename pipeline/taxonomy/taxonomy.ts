/**
 * The bird taxonomy, read at ingest only: a species by any English name the owner's checklist
 * carries or by its scientific name, an order or a family by its name, the closest names for one
 * that matches nothing. The browser never loads it (web/ never imports pipeline/).
 */
import { readFile, stat } from 'node:fs/promises';
import { distance } from 'fastest-levenshtein';
import { compareNames } from '../../data/manifest-layout.ts';
import { createNameIndex, normaliseSpeciesName } from '../../data/species-names.ts';
import type { TaxonomyCredit } from '../../data/manifest-schemas.ts';
import { creditOf, parseTaxonomyFile, type TaxonomyFileHeader } from './library-file.ts';
import { taxonomyCreditOf } from './publishers.ts';
import type { TaxonomySpecies } from './species.ts';

export type { TaxonomySpecies };

type TaxonomyMatch = { species: TaxonomySpecies; by: 'english' | 'other-english' | 'scientific' };

export interface Taxonomy {
  /** The source and edition, for reports and credits: 'eBird/Clements Checklist of Birds of the World, v2025'. */
  readonly source: string;
  /** Every species, in field-guide order. */
  readonly species: readonly TaxonomySpecies[];
  /**
   * The species `name` stands for, compared without case, accents, hyphens or apostrophes: a
   * current English name first, then a scientific name (a trinomial or `Genus species (group)`
   * falls back to its binomial), then another English name. An other name that two species
   * share matches neither (see `ambiguous`); so does an unknown name (see `closest`).
   */
  match(name: string): TaxonomyMatch | undefined;
  /** The species an ambiguous other English name could be (two or more); empty for any other name. */
  ambiguous(name: string): readonly TaxonomySpecies[];
  /** Current English names of the `count` species whose names are closest to `name` by edit distance. */
  closest(name: string, count?: number): string[];
  /** The scientific name of the order called `name`. */
  order(name: string): string | undefined;
  /** The family called `name` (scientific or English name); undefined also when two families share an English name. */
  family(name: string): { scientific: string; english: string } | undefined;
  /** The species of that code. */
  byCode(code: string): TaxonomySpecies | undefined;
}

const CLOSEST = 3;

/** Marks a key two entries claim, so that neither is returned. */
const AMBIGUOUS = Symbol('ambiguous');

/** Adds `key → value` unless the key is taken by another value, which makes it ambiguous. */
function claim<V>(map: Map<string, V | typeof AMBIGUOUS>, key: string, value: V, same: (a: V, b: V) => boolean = Object.is): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, value);
  else if (held !== AMBIGUOUS && !same(held, value)) map.set(key, AMBIGUOUS);
}

const unambiguous = <V>(found: V | typeof AMBIGUOUS | undefined): V | undefined => (found === AMBIGUOUS ? undefined : found);

/** A taxonomy over `species` (in any order), its look-up maps built once. Pure: tests build one from a few species. */
export function taxonomyFrom(species: readonly TaxonomySpecies[], source: string): Taxonomy {
  const sorted = [...species].sort((a, b) => a.sequence - b.sequence);
  const { index, byOther, searchable } = indexNames(sorted, source);
  const { orders, families } = indexGroups(sorted, source);
  const byCode = new Map(sorted.map((s) => [s.code, s]));
  return {
    source,
    species: sorted,
    match(name) {
      // Folders, keywords and eBird's names are all looked up by the one rule (data/species-names.ts); other English names come last.
      if (index.isShared(name)) return undefined;
      const found = index.find(name);
      if (found) return { species: found.value, by: found.by === 'name' ? 'english' : 'scientific' };
      const others = byOther.get(normaliseSpeciesName(name));
      return others?.length === 1 ? { species: others[0]!, by: 'other-english' } : undefined;
    },
    ambiguous(name) {
      const key = normaliseSpeciesName(name);
      if (index.isShared(name)) return sorted.filter((s) => normaliseSpeciesName(s.englishName) === key);
      if (index.has(name)) return [];
      const others = byOther.get(key) ?? [];
      return others.length > 1 ? others : [];
    },
    closest: (name, count = CLOSEST) => closestNames(searchable, name, count),
    order: (name) => orders.get(normaliseSpeciesName(name)),
    family: (name) => unambiguous(families.get(normaliseSpeciesName(name))),
    byCode: (code) => byCode.get(code),
  };
}

interface Searchable {
  english: string;
  /** Every name of the species, normalised. */
  keys: string[];
}

/** The name look-ups: current English and scientific names (the one rule of data/species-names.ts), other English names, and every name for closest(). */
function indexNames(sorted: readonly TaxonomySpecies[], source: string) {
  const scientificNames = new Set<string>();
  const names: { value: TaxonomySpecies; nameKey: string; scientificKey: string }[] = [];
  const byOther = new Map<string, TaxonomySpecies[]>();
  // Each name is normalised once (the costliest part of building the index): the keys serve both the maps and closest().
  const searchable: Searchable[] = [];
  for (const s of sorted) {
    const english = normaliseSpeciesName(s.englishName);
    const scientific = normaliseSpeciesName(s.scientificName);
    const others = s.otherEnglishNames.map(normaliseSpeciesName);
    if (scientificNames.has(scientific)) throw new Error(`${source}: ${s.scientificName} is listed twice`);
    scientificNames.add(scientific);
    names.push({ value: s, nameKey: english, scientificKey: scientific });
    for (const other of others) {
      const list = byOther.get(other);
      if (!list) byOther.set(other, [s]);
      else if (!list.includes(s)) list.push(s);
    }
    searchable.push({ english: s.englishName, keys: [english, ...others, scientific] });
  }
  return { index: createNameIndex(names), byOther, searchable };
}

/** Orders by their scientific name; families by their scientific or English name (an English name two families share finds neither). */
function indexGroups(sorted: readonly TaxonomySpecies[], source: string) {
  const orders = new Map<string, string>();
  const families = new Map<string, { scientific: string; english: string } | typeof AMBIGUOUS>();
  const familyByScientific = new Map<string, { scientific: string; english: string; order: string }>();
  for (const s of sorted) {
    orders.set(normaliseSpeciesName(s.order), s.order);
    const family = familyByScientific.get(s.family);
    if (!family) familyByScientific.set(s.family, { scientific: s.family, english: s.familyEnglish, order: s.order });
    else if (family.english !== s.familyEnglish || family.order !== s.order) {
      throw new Error(`${source}: ${s.scientificName} puts ${s.family} in ${s.order} as '${s.familyEnglish}', an earlier species in ${family.order} as '${family.english}'`);
    }
  }
  for (const { scientific, english } of familyByScientific.values()) {
    const family = { scientific, english };
    families.set(normaliseSpeciesName(scientific), family);
    claim(families, normaliseSpeciesName(english), family);
  }
  return { orders, families };
}

/** Current English names of the `count` species whose names are closest to `name` by edit distance. */
function closestNames(searchable: readonly Searchable[], name: string, count: number): string[] {
  if (count < 1) return [];
  const key = normaliseSpeciesName(name);
  // The best `count` so far, nearest first; a key whose length alone puts it further than the
  // last of them (edit distance ≥ length difference) is not compared.
  const best: { english: string; d: number }[] = [];
  const worse = (a: { english: string; d: number }, b: { english: string; d: number }) => a.d > b.d || (a.d === b.d && compareNames(a.english, b.english) > 0);
  for (const s of searchable) {
    let d = Infinity;
    for (const k of s.keys) {
      const bound = best.length === count ? best[count - 1]!.d : Infinity;
      if (Math.abs(k.length - key.length) > Math.min(d, bound)) continue;
      d = Math.min(d, distance(key, k));
    }
    if (d === Infinity) continue;
    const candidate = { english: s.english, d };
    if (best.length === count && !worse(best[count - 1]!, candidate)) continue;
    let at = best.length;
    while (at > 0 && worse(best[at - 1]!, candidate)) at--;
    best.splice(at, 0, candidate);
    if (best.length > count) best.pop();
  }
  return best.map((b) => b.english);
}

const loaded = new Map<string, Promise<LoadedTaxonomy>>();

/** A taxonomy read from a library's file, with what the file says of itself. */
export interface LoadedTaxonomy extends Taxonomy {
  readonly header: TaxonomyFileHeader;
  /** What the site's Credits page names. */
  readonly credit: TaxonomyCredit;
}

/**
 * The taxonomy in `file` (a library's, see library-file.ts), read, validated and indexed once per
 * process and edition (later calls share the first one's result; a file replaced since is read
 * again). The ingest calls it only when a photo's place needs the taxonomy, so a run that places
 * nothing new never pays for it.
 */
export async function loadTaxonomy(file: string): Promise<LoadedTaxonomy> {
  const info = await stat(file);
  const key = `${file}\0${info.size}\0${info.mtimeMs}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = readTaxonomy(file);
    loaded.set(key, pending);
    // A failed read is not cached: the next call reports the file's state afresh.
    pending.catch(() => loaded.delete(key));
  }
  return pending;
}

async function readTaxonomy(file: string): Promise<LoadedTaxonomy> {
  const { header, species } = parseTaxonomyFile(await readFile(file, 'utf8'), file);
  return { ...taxonomyFrom(species, creditOf(header)), header, credit: taxonomyCreditOf(header) };
}
