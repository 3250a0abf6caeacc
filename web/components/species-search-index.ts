import MiniSearch from 'minisearch';
import type { LocalName } from '../../data/local-name.ts';
import { speciesNameTerms } from '../../data/species-names.ts';

/** One species the search box can find; the lead's loader supplies them. */
export interface SpeciesSearchEntry {
  /** Its English name (or the owner's folder name). */
  name: string;
  /** Its name in the site's bird-name language, where the taxonomy has one. */
  localName?: LocalName;
  scientificName: string;
  /** Where choosing it goes (a species page). */
  href: string;
}

export type SpeciesSearchFn = (query: string, limit?: number) => SpeciesSearchEntry[];

/**
 * A MiniSearch index of the species, built in the browser when the search box is first
 * used (this module and MiniSearch are loaded only then). Names are split on spaces and
 * hyphens and compared without case, diacritics or apostrophes; every word of the query
 * must match a word of the local, English or scientific name, in any order, as a prefix or with
 * small typos when nothing matches as typed (one edit in a word of 4 letters, two in longer ones, so a swap of two letters is tolerated).
 */
export function buildSpeciesIndex(entries: readonly SpeciesSearchEntry[]): SpeciesSearchFn {
  const index = new MiniSearch<{ id: number; name: string; localName: string; scientificName: string }>({
    fields: ['localName', 'name', 'scientificName'],
    storeFields: [],
    tokenize: speciesNameTerms,
    processTerm: (term) => term || null,
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length <= 3 ? false : term.length === 4 ? 1 : 2),
      combineWith: 'AND',
      boost: { localName: 2, name: 2 },
    },
  });
  index.addAll(entries.map((e, id) => ({ id, name: e.name, localName: e.localName?.name ?? '', scientificName: e.scientificName })));
  return (query, limit = 10) => {
    // Typo tolerance only when the words as typed (or their beginnings) find nothing:
    // 'heron' lists the herons, not also 'Tern' and 'Wren'.
    const exact = index.search(query, { fuzzy: false });
    return (exact.length > 0 ? exact : index.search(query))
      .slice(0, limit)
      .map((r) => entries[r.id as number]!);
  };
}
