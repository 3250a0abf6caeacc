/**
 * What a new edition of the taxonomy changes, species by species code (the publisher's code stays
 * with a species across renames; its taxon concept changes when it is split or lumped). Pure.
 *
 * A species missing from the new file was split or lumped only when both files are whole
 * editions: a partial list (`--partial`, a regional checklist) simply does not list it.
 */
import { normaliseSpeciesName } from '../../data/species-names.ts';
import { conceptChanged, withOtherNames, type TaxonomySpecies } from './species.ts';

export interface EditionChanges {
  /** Same code, another English name. */
  renamed: Array<{ code: string; from: string; to: string }>;
  /** A code of the old edition the new one no longer has: split or lumped, with the new species it probably went to. */
  gone: Array<{ code: string; name: string; into: string[] }>;
  /** Same code, another taxon concept: the species was split or lumped but kept its code (and maybe not its name); `into` are the species it probably became. */
  reshaped: Array<{ code: string; name: string; now: string; into: string[] }>;
  /** Codes a partial new list does not carry: nothing is known of them, so they are neither split nor lumped. */
  unlisted: Array<{ code: string; name: string }>;
  /** Codes the new edition adds. */
  added: number;
}

export interface CompareOptions {
  /** Both files are whole editions: a code the new one lacks was split or lumped. */
  whole: boolean;
}

const lastWord = (name: string) => normaliseSpeciesName(name).split(' ').at(-1);
const epithet = (scientificName: string) => scientificName.split(' ')[1];

/** The new edition's species that came out of a split or lump: a new code, or an old one whose concept changed. */
function splitOutcomes(before: ReadonlyMap<string, TaxonomySpecies>, next: readonly TaxonomySpecies[]): TaxonomySpecies[] {
  return next.filter((s) => !before.has(s.code) || conceptChanged(before.get(s.code), s));
}

/** The changes from `previous` to `next`, for every species of `previous` (the report picks the owner's). */
export function editionChanges(previous: readonly TaxonomySpecies[], next: readonly TaxonomySpecies[], { whole }: CompareOptions): EditionChanges {
  const before = new Map(previous.map((s) => [s.code, s]));
  const after = new Map(next.map((s) => [s.code, s]));
  // Successors are guessed only between whole editions: against a partial list, nearly every species would look new.
  const outcomes = whole ? splitOutcomes(before, next) : [];
  const changes: EditionChanges = { renamed: [], gone: [], reshaped: [], unlisted: [], added: next.filter((s) => !before.has(s.code)).length };
  for (const old of previous) {
    const now = after.get(old.code);
    if (!now) {
      if (whole) changes.gone.push({ code: old.code, name: old.englishName, into: probableSuccessors(old, outcomes).map((s) => s.englishName) });
      else changes.unlisted.push({ code: old.code, name: old.englishName });
      continue;
    }
    if (conceptChanged(old, now)) changes.reshaped.push({ code: old.code, name: old.englishName, now: now.englishName, into: reshapedInto(old, now, outcomes).map((s) => s.englishName) });
    else if (normaliseSpeciesName(now.englishName) !== normaliseSpeciesName(old.englishName)) changes.renamed.push({ code: old.code, from: old.englishName, to: now.englishName });
  }
  return changes;
}

/** The new species in the same family that share a gone species' epithet or the last word of its name (a goshawk split into goshawks). */
function probableSuccessors(old: TaxonomySpecies, outcomes: readonly TaxonomySpecies[]): TaxonomySpecies[] {
  return outcomes.filter((s) => s.family === old.family && (epithet(s.scientificName) === epithet(old.scientificName) || lastWord(s.englishName) === lastWord(old.englishName)));
}

/** What a species that kept its code through a split or lump became: itself, and the other new species it probably split into. */
function reshapedInto(old: TaxonomySpecies, now: TaxonomySpecies, outcomes: readonly TaxonomySpecies[]): TaxonomySpecies[] {
  return [now, ...probableSuccessors(old, outcomes).filter((s) => s.code !== now.code)];
}

/**
 * The new edition's species with the names the old edition gave them kept as other names, so a
 * folder or keyword under an old name keeps matching: a renamed species keeps its old name; a
 * species split though it kept its code shares them with the species split from it; between whole
 * editions, a gone species' names go to its probable successors. One species with a name: it
 * matches; several: the name is ambiguous, and the ingest lists the candidates rather than guess.
 */
export function withOlderNames(previous: readonly TaxonomySpecies[], next: readonly TaxonomySpecies[], { whole }: Pick<CompareOptions, 'whole'>): TaxonomySpecies[] {
  const after = new Map(next.map((s) => [s.code, s]));
  const outcomes = whole ? splitOutcomes(new Map(previous.map((s) => [s.code, s])), next) : [];
  const older = new Map<string, string[]>();
  const give = (code: string, names: readonly string[]) => older.set(code, [...(older.get(code) ?? []), ...names]);
  for (const old of previous) {
    const names = [old.englishName, ...old.otherEnglishNames];
    const now = after.get(old.code);
    const heirs = now ? (conceptChanged(old, now) ? reshapedInto(old, now, outcomes) : [now]) : probableSuccessors(old, outcomes);
    for (const s of heirs) give(s.code, names);
  }
  return next.map((s) => withOtherNames(s, older.get(s.code) ?? []));
}
