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
 * Each layout maps its rows to one shape, and one check (speciesOf) keeps the species: a row cut
 * part-way or a species row lacking a field is an error naming its line, never skipped.
 */
import Papa from 'papaparse';
import { taxonomyText } from '../report/messages.ts';
import { PUBLISHERS, type Publisher } from './publishers.ts';
import { withOtherNames, type TaxonomySpecies } from './species.ts';

type SourceLayout = 'ebird-api' | 'ebird-download' | 'auk' | 'avilist';

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

export function readSourceCsv(content: string, file: string): SourceRead {
  const parsed = Papa.parse<Row>(content.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transform: (value) => value.trim() });
  const header = parsed.meta.fields ?? [];
  // A row with fewer fields than the header was cut part-way (the shared check names it); a file with one column (no comma) is reported by the header check below.
  const fatal = parsed.errors.find((e) => !(e.type === 'FieldMismatch' && e.code === 'TooFewFields') && e.code !== 'UndetectableDelimiter');
  if (fatal) throw new Error(`${file}: line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  const source: SourceRows = { rows: parsed.data, columns: header.length, file };
  if (AVILIST_COLUMNS.every((c) => header.includes(c))) return readAviList(source, header);
  for (const layout of EBIRD_LAYOUTS) {
    const columns = layout.columns(header);
    if (columns) return readEbird(source, layout.name, columns);
  }
  throw new Error(
    `${file}: not a bird taxonomy this program reads (the eBird API's CSV, the yearly eBird/Clements CSV, auk's, or AviList's); its first line has ${header.slice(0, 12).join(', ') || 'no columns'}${header.length > 12 ? ', …' : ''}`,
  );
}

/** A layout's rows, and the header's width: a row with fewer fields was cut part-way. */
interface SourceRows {
  rows: Row[];
  columns: number;
  file: string;
}

/** A row as its layout reads it: the one shape the shared check (speciesOf) takes. */
interface RowFields {
  /** The row's category or rank, lower case: only 'species' is kept. */
  kind: string;
  scientificName: string;
  englishName: string;
  order: string;
  family: string;
  familyEnglish: string;
  /** As written: it must be a positive whole number. */
  sequence: string;
  /** The publisher's species code; undefined where the layout has none (the scientific name then stands for it). */
  code: string | undefined;
  concept?: string;
  /** Other English names, in the columns' order. */
  otherNames?: readonly string[];
}

/** What a layout's messages call each field (its column's name, or a plain word), and its rows' kind ('category', 'rank'). */
type FieldLabels = Record<'kind' | 'scientificName' | 'englishName' | 'order' | 'family' | 'familyEnglish' | 'sequence' | 'code', string>;

const REQUIRED = ['scientificName', 'englishName', 'order', 'family', 'familyEnglish'] as const;

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

/**
 * The one check every layout's rows go through: a row cut part-way (fewer fields than the header)
 * is an error whatever its kind; other kinds than species are counted and left out; a species
 * lacking a field, with a sequence that is not a positive whole number, or with an empty code is
 * an error naming its line. Rows are read in order (`fieldsOf` may carry an order or family down).
 */
function speciesOf(source: SourceRows, labels: FieldLabels, fieldsOf: (row: Row) => RowFields): Pick<SourceRead, 'species' | 'skipped'> {
  const errors = new RowErrors(source.file);
  const species: TaxonomySpecies[] = [];
  const skipped: Record<string, number> = {};
  source.rows.forEach((row, index) => {
    const fields = fieldsOf(row);
    const width = Object.keys(row).length;
    if (width < source.columns) return errors.add(index, taxonomyText.rowCut(fields.scientificName || fields.kind, width, source.columns));
    if (fields.kind !== 'species') {
      const kind = fields.kind || `(no ${labels.kind})`;
      skipped[kind] = (skipped[kind] ?? 0) + 1;
      return;
    }
    const missing = REQUIRED.filter((key) => !fields[key]).map((key) => labels[key]);
    if (missing.length > 0) return errors.add(index, `${fields.scientificName || 'a species'} has no ${missing.join(', ')}`);
    const sequence = Number(fields.sequence);
    if (!Number.isInteger(sequence) || sequence <= 0) return errors.add(index, `${fields.scientificName}: ${labels.sequence} '${fields.sequence}' is not a positive whole number`);
    if (fields.code === '') return errors.add(index, `${fields.scientificName} has no ${labels.code}`);
    const { scientificName, englishName, order, family, familyEnglish, concept } = fields;
    const plain: TaxonomySpecies = { code: fields.code ?? scientificName, ...(concept ? { concept } : {}), scientificName, englishName, otherEnglishNames: [], order, family, familyEnglish, sequence };
    species.push(withOtherNames(plain, fields.otherNames ?? []));
  });
  errors.throwIfAny();
  return { species, skipped };
}

const AVILIST_LABELS: FieldLabels = {
  kind: 'rank',
  scientificName: 'Scientific_name',
  englishName: 'English_name_AviList',
  order: 'Order',
  family: 'Family',
  familyEnglish: 'Family_English_name',
  sequence: 'Sequence',
  code: 'Species_code_Cornell_Lab',
};

function readAviList(source: SourceRows, header: readonly string[]): SourceRead {
  const otherColumns = header.filter((c) => /^English_name_/.test(c) && c !== 'English_name_AviList');
  // Order and family rows head their species; a species row that leaves them blank inherits them.
  let order = '';
  let family = '';
  let familyEnglish = '';
  const read = speciesOf(source, AVILIST_LABELS, (row) => {
    if (row.Order) order = capitalised(row.Order);
    if (row.Family && capitalised(row.Family) !== family) {
      family = capitalised(row.Family);
      familyEnglish = '';
    }
    if (row.Family_English_name) familyEnglish = row.Family_English_name;
    return {
      kind: (row.Taxon_rank ?? '').toLowerCase(),
      scientificName: row.Scientific_name ?? '',
      englishName: row.English_name_AviList ?? '',
      order,
      family,
      familyEnglish,
      sequence: row.Sequence ?? '',
      // The Cornell Lab's code where the extended file carries it, so an eBird edition compares with it.
      code: row.Species_code_Cornell_Lab || undefined,
      otherNames: otherColumns.map((c) => row[c] ?? ''),
    };
  });
  return { layout: 'avilist', publisher: PUBLISHERS.avilist, ...read };
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

function readEbird(source: SourceRows, layout: SourceLayout, columns: EbirdColumns): SourceRead {
  const labels: FieldLabels = { kind: 'category', scientificName: 'scientific name', englishName: 'English name', order: 'order', family: 'family', familyEnglish: "family's English name", sequence: columns.sequence, code: 'species code' };
  const read = speciesOf(source, labels, (row) => {
    let family = '';
    let familyEnglish = '';
    if ('combined' in columns.family) {
      const parts = /^(\S+) \((.+)\)$/.exec(row[columns.family.combined] ?? '');
      if (parts) [, family = '', familyEnglish = ''] = parts;
    } else {
      family = row[columns.family.scientific] ?? '';
      familyEnglish = row[columns.family.english] ?? '';
    }
    return {
      kind: (row[columns.category] ?? '').toLowerCase(),
      scientificName: row[columns.scientific] ?? '',
      englishName: row[columns.english] ?? '',
      order: capitalised(row[columns.order] ?? ''),
      family: capitalised(family),
      familyEnglish,
      sequence: row[columns.sequence] ?? '',
      code: row[columns.code] ?? '',
      ...(columns.concept && row[columns.concept] ? { concept: row[columns.concept] } : {}),
    };
  });
  return { layout, publisher: PUBLISHERS.ebird, ...read };
}
