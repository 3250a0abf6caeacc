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
