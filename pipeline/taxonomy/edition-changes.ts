/**
 * What a new edition of the taxonomy changes, species by species code (the publisher's code stays
 * with a species across renames; its taxon concept changes when it is split or lumped). Pure.
 */
import { normaliseSpeciesName } from '../../data/species-names.ts';
import type { TaxonomySpecies } from './taxonomy.ts';

export interface EditionChanges {
  /** Same code, another English name. */
  renamed: Array<{ code: string; from: string; to: string }>;
  /** A code of the old edition the new one no longer has: split or lumped, with the new species it probably went to. */
  gone: Array<{ code: string; name: string; into: string[] }>;
  /** Same code, another taxon concept: the species was split or lumped but kept its code. */
  reshaped: Array<{ code: string; name: string }>;
  /** Codes the new edition adds. */
  added: number;
}

const lastWord = (name: string) => normaliseSpeciesName(name).split(' ').at(-1);
const epithet = (scientificName: string) => scientificName.split(' ')[1];

/** The changes from `previous` to `next`; `mine` picks the species (of the old edition) the report lists. */
export function editionChanges(previous: readonly TaxonomySpecies[], next: readonly TaxonomySpecies[], mine: (s: TaxonomySpecies) => boolean = () => true): EditionChanges {
  const before = new Map(previous.map((s) => [s.code, s]));
  const after = new Map(next.map((s) => [s.code, s]));
  const reshapedCodes = new Set(next.filter((s) => s.concept && before.get(s.code)?.concept && before.get(s.code)!.concept !== s.concept).map((s) => s.code));
  // A split's or lump's outcome: a new code, or an old one whose concept changed.
  const outcomes = next.filter((s) => !before.has(s.code) || reshapedCodes.has(s.code));
  const changes: EditionChanges = { renamed: [], gone: [], reshaped: [], added: next.filter((s) => !before.has(s.code)).length };
  for (const old of previous) {
    const now = after.get(old.code);
    if (!now) {
      if (mine(old)) changes.gone.push({ code: old.code, name: old.englishName, into: probableSuccessors(old, outcomes).map((s) => s.englishName) });
      continue;
    }
    if (!mine(old)) continue;
    if (normaliseSpeciesName(now.englishName) !== normaliseSpeciesName(old.englishName)) changes.renamed.push({ code: old.code, from: old.englishName, to: now.englishName });
    if (reshapedCodes.has(old.code)) changes.reshaped.push({ code: old.code, name: now.englishName });
  }
  return changes;
}

/** The new species in the same family that share a gone species' epithet or the last word of its name (a goshawk split into goshawks). */
function probableSuccessors(old: TaxonomySpecies, outcomes: readonly TaxonomySpecies[]): TaxonomySpecies[] {
  return outcomes.filter((s) => s.family === old.family && (epithet(s.scientificName) === epithet(old.scientificName) || lastWord(s.englishName) === lastWord(old.englishName)));
}

/**
 * The new edition's species with the names the old edition gave them kept as other names, so a
 * folder or keyword under an old name keeps matching: a renamed species keeps its old name; a gone
 * species' names go to its probable successors (one: it matches; several: the name is ambiguous,
 * and the ingest lists the candidates rather than guess).
 */
export function withOlderNames(previous: readonly TaxonomySpecies[], next: readonly TaxonomySpecies[]): TaxonomySpecies[] {
  const after = new Map(next.map((s) => [s.code, s]));
  const before = new Map(previous.map((s) => [s.code, s]));
  const outcomes = next.filter((s) => !before.has(s.code) || (s.concept && before.get(s.code)?.concept && before.get(s.code)!.concept !== s.concept));
  const older = new Map<string, string[]>();
  const give = (code: string, names: readonly string[]) => older.set(code, [...(older.get(code) ?? []), ...names]);
  for (const old of previous) {
    const names = [old.englishName, ...old.otherEnglishNames];
    if (after.has(old.code)) give(old.code, names);
    else for (const s of probableSuccessors(old, outcomes)) give(s.code, names);
  }
  return next.map((s) => {
    const names = older.get(s.code);
    if (!names) return s;
    const seen = new Set([normaliseSpeciesName(s.englishName), ...s.otherEnglishNames.map(normaliseSpeciesName)]);
    const added = names.filter((n) => {
      const key = normaliseSpeciesName(n);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return added.length === 0 ? s : { ...s, otherEnglishNames: [...s.otherEnglishNames, ...added] };
  });
}
