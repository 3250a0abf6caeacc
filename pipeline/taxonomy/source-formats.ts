/**
 * Reads a published checklist's CSV into taxonomy species, for scripts/vendor-taxonomy.ts. Two
 * layouts are known, told apart by their column names:
 * - AviList (the Global Avian Checklist, CSV of its spreadsheet, short or extended): one row per
 *   taxon of any rank; the English names of other checklists (`English_name_Clements_v2024`,
 *   `English_name_BirdLife_v9`, …) become the species' other English names.
 * - The eBird/Clements taxonomy CSV (`eBird_taxonomy_v2025.csv`) or the eBird API's taxonomy CSV:
 *   one row per taxon, spuhs, slashes, hybrids and forms included; one English name each.
 * Only species are kept. A species row lacking a field is an error naming its line, never skipped.
 */
import Papa from 'papaparse';
import { normaliseSpeciesName } from '../../data/species-names.ts';
import type { TaxonomySpecies } from './taxonomy.ts';

export type SourceFormat = 'avilist' | 'ebird';

export interface SourceRead {
  format: SourceFormat;
  species: TaxonomySpecies[];
  /** Rows that are not species (subspecies, groups, spuhs, hybrids…), by rank or category. */
  skipped: Record<string, number>;
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
  const fatal = parsed.errors.find((e) => e.type !== 'FieldMismatch' || e.code !== 'TooFewFields');
  if (fatal) throw new Error(`${file}: line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  if (AVILIST_COLUMNS.every((c) => header.includes(c))) return readAviList(parsed.data, header, file);
  const ebird = ebirdColumns(header);
  if (ebird) return readEbird(parsed.data, ebird, file);
  throw new Error(`${file}: neither an AviList CSV (columns ${AVILIST_COLUMNS.join(', ')}) nor an eBird taxonomy CSV (TAXON_ORDER, CATEGORY, SCI_NAME, PRIMARY_COM_NAME, ORDER, FAMILY); its columns are ${header.join(', ')}`);
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
  return { format: 'avilist', species, skipped };
}

interface EbirdColumns {
  sequence: string;
  category: string;
  scientific: string;
  english: string;
  order: string;
  /** `Corvidae (Crows, Jays, and Magpies)` in the checklist download; separate columns in the API's CSV. */
  family: { combined: string } | { scientific: string; english: string };
}

function ebirdColumns(header: readonly string[]): EbirdColumns | undefined {
  const sequence = pick(header, 'TAXON_ORDER');
  const category = pick(header, 'CATEGORY');
  const scientific = pick(header, 'SCI_NAME', 'SCIENTIFIC_NAME');
  const english = pick(header, 'PRIMARY_COM_NAME', 'COMMON_NAME');
  const order = pick(header, 'ORDER', 'ORDER1');
  const familyScientific = pick(header, 'FAMILY_SCI_NAME');
  const familyEnglish = pick(header, 'FAMILY_COM_NAME');
  const combined = pick(header, 'FAMILY');
  const family = familyScientific && familyEnglish ? { scientific: familyScientific, english: familyEnglish } : combined ? { combined } : undefined;
  if (!sequence || !category || !scientific || !english || !order || !family) return undefined;
  return { sequence, category, scientific, english, order, family };
}

function readEbird(rows: Row[], columns: EbirdColumns, file: string): SourceRead {
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
    species.push({ scientificName, englishName, otherEnglishNames: [], order: capitalised(order), family: capitalised(family), familyEnglish, sequence });
  });
  errors.throwIfAny();
  return { format: 'ebird', species, skipped };
}
