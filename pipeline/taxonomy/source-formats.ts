/**
 * Reads a published checklist's CSV into taxonomy species. The layouts known, told apart by their
 * column names (each publisher's own spelling):
 * - the eBird API's taxonomy CSV (`SCIENTIFIC_NAME, COMMON_NAME, SPECIES_CODE, …, FAMILY_SCI_NAME`),
 *   what `npm run taxonomy` fetches;
 * - the yearly eBird/Clements download (`eBird_taxonomy_v2025.csv`: `TAXON_ORDER, …, SCI_NAME,
 *   ORDER, FAMILY` with the family as `Corvidae (Crows, Jays, and Magpies)`; `ORDER1` and no
 *   `TAXON_CONCEPT_ID` before 2022);
 * - the `auk` R package's preparation of it (`species_code, taxon_concept_id, scientific_name, …`);
 * - AviList (the Global Avian Checklist, CSV of its spreadsheet, short or extended): one row per
 *   taxon of any rank; the English names of other checklists (`English_name_Clements_v2024`, …)
 *   become the species' other English names.
 * Only species are kept. A species row lacking a field is an error naming its line, never skipped.
 */
import Papa from 'papaparse';
import { normaliseSpeciesName } from '../../data/species-names.ts';
import { PUBLISHERS, type Publisher } from './publishers.ts';
import type { TaxonomySpecies } from './taxonomy.ts';

export type SourceLayout = 'ebird-api' | 'ebird-download' | 'auk' | 'avilist';

export interface SourceRead {
  layout: SourceLayout;
  publisher: Publisher;
  species: TaxonomySpecies[];
  /** Rows that are not species (subspecies, groups, spuhs, hybrids…), by rank or category. */
  skipped: Record<string, number>;
}

/** The edition a file's or URL's name gives (`eBird_taxonomy_v2025.csv`, `AviList-v2025-11Jun-extended.csv`, `&version=2024`). */
export function editionInName(name: string): string | undefined {
  const found = /(?:^|[^a-z0-9])v(?:ersion=)?(20\d\d)(?![0-9])/i.exec(name) ?? /[?&]version=(20\d\d)/.exec(name);
  return found ? `v${found[1]}` : undefined;
}

type Row = Record<string, string>;

const AVILIST_COLUMNS = ['Sequence', 'Taxon_rank', 'Order', 'Family', 'Family_English_name', 'Scientific_name', 'English_name_AviList'];

/** The first of `names` the header has (column names vary between editions). */
const pick = (header: readonly string[], ...names: string[]) => names.find((n) => header.includes(n));

/** `PASSERIFORMES` → `Passeriformes`; a name already in mixed case is left as it is. */
const capitalised = (word: string) => (word === word.toUpperCase() ? word.charAt(0) + word.slice(1).toLowerCase() : word);

/** Distinct names (by their normalised form), none equal to `current`, in the columns' order. */
function otherNames(current: string, candidates: readonly string[]): string[] {
  const seen = new Set([normaliseSpeciesName(current)]);
  const names: string[] = [];
  for (const name of candidates) {
    const key = normaliseSpeciesName(name);
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

export function readSourceCsv(content: string, file: string): SourceRead {
  const parsed = Papa.parse<Row>(content.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transform: (value) => value.trim() });
  const header = parsed.meta.fields ?? [];
  // A short last row is reported by the layout's reader, with what it lacks; a file with one column (no comma) by the header check below.
  const fatal = parsed.errors.find((e) => !(e.type === 'FieldMismatch' && e.code === 'TooFewFields') && e.code !== 'UndetectableDelimiter');
  if (fatal) throw new Error(`${file}: line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  if (AVILIST_COLUMNS.every((c) => header.includes(c))) return readAviList(parsed.data, header, file);
  for (const layout of EBIRD_LAYOUTS) {
    const columns = layout.columns(header);
    if (columns) return readEbird(parsed.data, layout.name, columns, file);
  }
  throw new Error(
    `${file}: not a bird taxonomy this program reads (the eBird API's CSV, the yearly eBird/Clements CSV, auk's, or AviList's); its first line has ${header.slice(0, 12).join(', ') || 'no columns'}${header.length > 12 ? ', …' : ''}`,
  );
}

class RowErrors {
  private readonly lines: string[] = [];
  constructor(private readonly file: string) {}
  /** Line numbers count the header as line 1 (quoted line breaks aside, as a spreadsheet shows them). */
  add(index: number, reason: string) {
    this.lines.push(`line ${index + 2}: ${reason}`);
  }
  throwIfAny() {
    if (this.lines.length === 0) return;
    const shown = this.lines.slice(0, 20).join('\n  ');
    throw new Error(`${this.file}: ${this.lines.length} species row(s) unusable:\n  ${shown}${this.lines.length > 20 ? '\n  …' : ''}`);
  }
}

function readAviList(rows: Row[], header: readonly string[], file: string): SourceRead {
  const otherColumns = header.filter((c) => /^English_name_/.test(c) && c !== 'English_name_AviList');
  const errors = new RowErrors(file);
  const species: TaxonomySpecies[] = [];
  const skipped: Record<string, number> = {};
  // Order and family rows head their species; a species row that leaves them blank inherits them.
  let order = '';
  let family = '';
  let familyEnglish = '';
  rows.forEach((row, index) => {
    const rank = (row.Taxon_rank ?? '').toLowerCase();
    if (row.Order) order = capitalised(row.Order);
    if (row.Family && capitalised(row.Family) !== family) {
      family = capitalised(row.Family);
      familyEnglish = '';
    }
    if (row.Family_English_name) familyEnglish = row.Family_English_name;
    if (rank !== 'species') {
      skipped[rank || '(no rank)'] = (skipped[rank || '(no rank)'] ?? 0) + 1;
      return;
    }
    const englishName = row.English_name_AviList ?? '';
    const sequence = Number(row.Sequence);
    const missing = [!row.Scientific_name && 'Scientific_name', !englishName && 'English_name_AviList', !order && 'Order', !family && 'Family', !familyEnglish && 'Family_English_name'].filter(Boolean);
    if (missing.length > 0) return errors.add(index, `${row.Scientific_name || 'a species'} has no ${missing.join(', ')}`);
    if (!Number.isInteger(sequence) || sequence <= 0) return errors.add(index, `${row.Scientific_name}: Sequence '${row.Sequence}' is not a positive whole number`);
    species.push({
      // The Cornell Lab's code where the extended file carries it, so an eBird edition compares with it.
      code: row.Species_code_Cornell_Lab || row.Scientific_name!,
      scientificName: row.Scientific_name!,
      englishName,
      otherEnglishNames: otherNames(englishName, otherColumns.map((c) => row[c] ?? '')),
      order,
      family,
      familyEnglish,
      sequence,
    });
  });
  errors.throwIfAny();
  return { layout: 'avilist', publisher: PUBLISHERS.avilist, species, skipped };
}

interface EbirdColumns {
  sequence: string;
  category: string;
  code: string;
  concept?: string;
  scientific: string;
  english: string;
  order: string;
  /** `Corvidae (Crows, Jays, and Magpies)` in the yearly download; separate columns elsewhere. */
  family: { combined: string } | { scientific: string; english: string };
}

/** The columns of `wanted` when the header has them all, else undefined. */
function all<K extends string>(header: readonly string[], wanted: Record<K, string>): Record<K, string> | undefined {
  return Object.values<string>(wanted).every((c) => header.includes(c)) ? wanted : undefined;
}

const EBIRD_LAYOUTS: { name: SourceLayout; columns: (header: readonly string[]) => EbirdColumns | undefined }[] = [
  {
    name: 'ebird-api',
    columns(header) {
      const c = all(header, { sequence: 'TAXON_ORDER', category: 'CATEGORY', code: 'SPECIES_CODE', scientific: 'SCIENTIFIC_NAME', english: 'COMMON_NAME', order: 'ORDER', familyScientific: 'FAMILY_SCI_NAME', familyEnglish: 'FAMILY_COM_NAME' });
      return c && { ...c, family: { scientific: c.familyScientific, english: c.familyEnglish } };
    },
  },
  {
    name: 'ebird-download',
    columns(header) {
      const order = pick(header, 'ORDER', 'ORDER1');
      const c = order === undefined ? undefined : all(header, { sequence: 'TAXON_ORDER', category: 'CATEGORY', code: 'SPECIES_CODE', scientific: 'SCI_NAME', english: 'PRIMARY_COM_NAME', family: 'FAMILY' });
      return c && order !== undefined ? { ...c, order, ...(header.includes('TAXON_CONCEPT_ID') ? { concept: 'TAXON_CONCEPT_ID' } : {}), family: { combined: c.family } } : undefined;
    },
  },
  {
    name: 'auk',
    columns(header) {
      const c = all(header, { sequence: 'taxonomic_order', category: 'category', code: 'species_code', scientific: 'scientific_name', english: 'common_name', order: 'order', familyScientific: 'family', familyEnglish: 'family_common' });
      return c && { ...c, ...(header.includes('taxon_concept_id') ? { concept: 'taxon_concept_id' } : {}), family: { scientific: c.familyScientific, english: c.familyEnglish } };
    },
  },
];

function readEbird(rows: Row[], layout: SourceLayout, columns: EbirdColumns, file: string): SourceRead {
  const errors = new RowErrors(file);
  const species: TaxonomySpecies[] = [];
  const skipped: Record<string, number> = {};
  rows.forEach((row, index) => {
    const category = (row[columns.category] ?? '').toLowerCase();
    if (category !== 'species') {
      skipped[category || '(no category)'] = (skipped[category || '(no category)'] ?? 0) + 1;
      return;
    }
    const scientificName = row[columns.scientific] ?? '';
    const englishName = row[columns.english] ?? '';
    const order = row[columns.order] ?? '';
    let family = '';
    let familyEnglish = '';
    if ('combined' in columns.family) {
      const parts = /^(\S+) \((.+)\)$/.exec(row[columns.family.combined] ?? '');
      if (parts) [, family = '', familyEnglish = ''] = parts;
    } else {
      family = row[columns.family.scientific] ?? '';
      familyEnglish = row[columns.family.english] ?? '';
    }
    const sequence = Number(row[columns.sequence]);
    const missing = [!scientificName && 'scientific name', !englishName && 'English name', !order && 'order', !family && 'family', !familyEnglish && "family's English name"].filter(Boolean);
    if (missing.length > 0) return errors.add(index, `${scientificName || 'a species'} has no ${missing.join(', ')}`);
    if (!Number.isInteger(sequence) || sequence <= 0) return errors.add(index, `${scientificName}: ${columns.sequence} '${row[columns.sequence]}' is not a positive whole number`);
    const code = row[columns.code] ?? '';
    if (!code) return errors.add(index, `${scientificName} has no species code`);
    const concept = columns.concept ? row[columns.concept] : undefined;
    species.push({ code, ...(concept ? { concept } : {}), scientificName, englishName, otherEnglishNames: [], order: capitalised(order), family: capitalised(family), familyEnglish, sequence });
  });
  errors.throwIfAny();
  return { layout, publisher: PUBLISHERS.ebird, species, skipped };
}
