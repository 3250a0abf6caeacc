/**
 * One species of a taxonomy, as every part of pipeline/taxonomy/ holds it (the readers of the
 * publishers' files, the library's file, the look-ups, the edition changes), and the two rules
 * about species those parts share: which names count as another name, and when a species changed.
 */
import { normaliseSpeciesName } from '../../data/species-names.ts';

export interface TaxonomySpecies {
  /** The publisher's species code ('canjay'), which stays with a species across renames; the scientific name for a checklist without codes. */
  code: string;
  /** The taxon concept (`avibase-…`) where the source gives one: it changes when a species is split or lumped. */
  concept?: string;
  /** `Genus epithet`. */
  scientificName: string;
  /** The source's current English name. */
  englishName: string;
  /** The name in the language fetched with `--locale`, if any. */
  localName?: string;
  /** Other English names the source carries (another checklist's, where it differs). */
  otherEnglishNames: readonly string[];
  /** The order's scientific name. */
  order: string;
  /** The family's scientific name. */
  family: string;
  familyEnglish: string;
  /** Field-guide order: sorting by it lists species as the source does. */
  sequence: number;
}

/**
 * `species` with `names` added to its other English names: each name once (by its normalised
 * form), none equal to its current English name or to one it has, empty ones dropped, in order.
 * The same species object when nothing is added.
 */
export function withOtherNames(species: TaxonomySpecies, names: readonly string[]): TaxonomySpecies {
  const seen = new Set([normaliseSpeciesName(species.englishName), ...species.otherEnglishNames.map(normaliseSpeciesName)]);
  const added: string[] = [];
  for (const name of names) {
    const key = normaliseSpeciesName(name);
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    added.push(name);
  }
  return added.length === 0 ? species : { ...species, otherEnglishNames: [...species.otherEnglishNames, ...added] };
}

/** Whether the publisher says the species was split or lumped though it kept its code: both editions give a concept, and they differ. */
export function conceptChanged(before: TaxonomySpecies | undefined, now: TaxonomySpecies): boolean {
  return now.concept !== undefined && before?.concept !== undefined && before.concept !== now.concept;
}
