/**
 * Species-name normalisation with no dependencies, so the browser's search box can use
 * it without pulling in the schemas.
 */

/**
 * The form two species names are compared in: letter case, diacritics, apostrophes,
 * hyphens, underscores and runs of spaces do not matter. `Yellow-crowned Night-Heron`,
 * `yellow crowned night heron` and `Yellow-crowned Night Heron` are the same;
 * `Franklin's Gull` and `Franklins Gull` too; `Ca\u0301ckling` and `Cackling` too.
 */
export function normaliseSpeciesName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc`\u00b4]/g, '')
    .replace(/[\s\-\u2010-\u2015_.]+/g, ' ')
    .trim();
}

/** The words of a name as the search index stores them: normalised, split on spaces and hyphens. */
export function speciesNameTerms(name: string): string[] {
  const normalised = normaliseSpeciesName(name);
  return normalised === '' ? [] : normalised.split(' ');
}

/** The binomial (`Genus species`) of a scientific name, normalised; undefined when it has fewer than two words. */
export function binomialOf(scientificName: string): string | undefined {
  const words = normaliseSpeciesName(scientificName.replace(/[[(].*$/, '')).split(' ');
  return words.length >= 2 ? `${words[0]} ${words[1]}` : undefined;
}

/** How a name found its species: by the species' own (common or current English) name, or by its scientific name. */
export type NameMatchKind = 'name' | 'scientific';

/**
 * The one rule a species name is looked up by, for folder names, keywords and eBird alike:
 * compared as normaliseSpeciesName compares them, a species' name first, then its scientific
 * name (a trinomial or `Genus species (group)` falls back to its binomial). A name that two
 * species share matches neither. Keys are given normalised, so a caller that needs them for
 * something else normalises each name once.
 */
export function createNameIndex<T>(entries: Iterable<{ value: T; nameKey: string; scientificKey: string }>) {
  const byName = new Map<string, T | typeof SHARED>();
  const byScientific = new Map<string, T>();
  for (const { value, nameKey, scientificKey } of entries) {
    const held = byName.get(nameKey);
    if (held === undefined) byName.set(nameKey, value);
    else if (held !== value) byName.set(nameKey, SHARED);
    if (!byScientific.has(scientificKey)) byScientific.set(scientificKey, value);
  }
  return {
    find(name: string): { value: T; by: NameMatchKind } | undefined {
      const key = normaliseSpeciesName(name);
      const named = byName.get(key);
      if (named === SHARED) return undefined;
      if (named !== undefined) return { value: named, by: 'name' };
      const scientific = byScientific.get(key) ?? byScientific.get(binomialOf(name) ?? '\0');
      return scientific === undefined ? undefined : { value: scientific, by: 'scientific' };
    },
    /** Whether two species share this name (so it matches neither). */
    isShared: (name: string): boolean => byName.get(normaliseSpeciesName(name)) === SHARED,
    /** Whether the name is some species' name or scientific name (exactly, no binomial fallback). */
    has: (name: string): boolean => {
      const key = normaliseSpeciesName(name);
      return byName.has(key) || byScientific.has(key);
    },
    /** The species of a scientific name (or its binomial). */
    byScientificName: (name: string): T | undefined => byScientific.get(normaliseSpeciesName(name)) ?? byScientific.get(binomialOf(name) ?? '\0'),
  };
}

const SHARED = Symbol('shared name');
