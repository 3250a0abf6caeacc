/**
 * The birds' names in the language the site names them in (data/site-config.ts birdNamesLanguageOf),
 * from the owner's taxonomy (`npm run taxonomy -- --locale de` keeps them in its `local_name` column):
 * given to the published photos' species and to the eBird export's, by scientific name. A species the
 * taxonomy has no name for in that language keeps its English name, and the ingest says how many did, once.
 */
import { sameLanguage } from '../../data/language-tags.ts';
import type { LifeRecord } from '../../data/life-records.ts';
import type { LocalName } from '../../data/local-name.ts';
import type { LifeListLinks } from '../../data/site-data-derivation.ts';
import type { Problems } from '../plumbing/problems.ts';
import { problem } from '../report/messages.ts';
import { TAXONOMY_DIR } from '../taxonomy/library-file.ts';
import type { LoadedTaxonomy } from '../taxonomy/taxonomy.ts';

export interface LocalNames {
  /** The language's BCP 47 tag. */
  lang: string;
  /** The local name of the species a name (English or scientific) stands for; undefined where the taxonomy has none. */
  of(name: string): LocalName | undefined;
}

/**
 * The taxonomy's names in `language`; undefined without a language, or when the library's taxonomy
 * has none in it (reported: the owner is told the command that fetches them).
 */
export function localNamesOf(taxonomy: LoadedTaxonomy | undefined, language: string | undefined, problems: Problems): LocalNames | undefined {
  if (language === undefined) return undefined;
  if (!taxonomy) {
    problems.warning(TAXONOMY_DIR, problem.localNamesNoTaxonomy(language));
    return undefined;
  }
  const fetched = taxonomy.header.locale;
  if (fetched === undefined || !sameLanguage(fetched, language)) {
    problems.warning(TAXONOMY_DIR, problem.localNamesMissing(language, fetched));
    return undefined;
  }
  return {
    lang: language,
    of(name) {
      const local = taxonomy.match(name)?.species.localName;
      return local === undefined ? undefined : { name: local, lang: language };
    },
  };
}

/** The life list with each species' local name, looked up by its scientific name. */
export function withLocalRecordNames<T extends LifeListLinks>(life: T, names: LocalNames | undefined): T {
  if (!names) return life;
  const named = (record: LifeRecord): LifeRecord => {
    const localName = names.of(record.scientificName);
    return localName ? { ...record, localName } : record;
  };
  return {
    ...life,
    records: { ...life.records, species: life.records.species.map(named) },
    bySpecies: new Map([...life.bySpecies].map(([species, record]) => [species, named(record)])),
  };
}

/**
 * Says once how many of the site's species have no name in the language (eBird has names in most
 * languages for the birds of their own region only): they show their English names.
 * `species`: each species of the site (by scientific name where known) → whether it has a local name.
 */
export function reportMissingLocalNames(names: LocalNames | undefined, species: ReadonlyMap<string, boolean>, problems: Problems): void {
  if (!names) return;
  const missing = [...species.values()].filter((named) => !named).length;
  if (missing > 0) problems.warning(TAXONOMY_DIR, problem.localNamesLacking(missing, species.size, names.lang));
}
