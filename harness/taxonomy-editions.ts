/**
 * Whole editions for the tests of a new edition: the real eBird/Clements v2025 (../shared/taxonomy,
 * read at run time, never stored in the project) in the yearly eBird/Clements layout, as it is or
 * edited the way a publisher's year changes it (a species renamed, split, lumped). The text lives
 * in memory; a test writes it only to its own temporary folder.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { SHARED_TAXONOMY } from './taxonomy-server.ts';

/** The yearly download's columns, in its order and spelling. */
const YEARLY_COLUMNS = ['TAXON_ORDER', 'CATEGORY', 'SPECIES_CODE', 'TAXON_CONCEPT_ID', 'PRIMARY_COM_NAME', 'SCI_NAME', 'ORDER', 'FAMILY', 'SPECIES_GROUP', 'REPORT_AS'];

/** One taxon as auk's CSV has it. */
export interface AukRow {
  species_code: string;
  taxon_concept_id: string;
  scientific_name: string;
  common_name: string;
  order: string;
  family: string;
  family_common: string;
  category: string;
  taxonomic_order: string;
  report_as: string;
}

export interface EditionEdit {
  /** Codes whose row changes (a new name, concept, category…). */
  change?: Record<string, Partial<AukRow>>;
  /** Codes the edition does not have. */
  remove?: readonly string[];
  /** Rows it adds. */
  add?: readonly AukRow[];
}

let realRows: AukRow[] | undefined;
/** The real v2025's rows (read once). */
function realTaxa(): readonly AukRow[] {
  realRows ??= Papa.parse<AukRow>(readFileSync(SHARED_TAXONOMY, 'utf8'), { header: true, skipEmptyLines: true }).data;
  return realRows;
}

/** The real v2025, edited by `edit`, as the yearly eBird/Clements CSV (`eBird_taxonomy_v2025.csv`'s layout). */
export function realEdition(edit: EditionEdit = {}): string {
  const removed = new Set(edit.remove ?? []);
  const rows = [...realTaxa().filter((r) => !removed.has(r.species_code)).map((r) => ({ ...r, ...edit.change?.[r.species_code] })), ...(edit.add ?? [])];
  rows.sort((a, b) => Number(a.taxonomic_order) - Number(b.taxonomic_order));
  const data = rows.map((r) => [r.taxonomic_order, r.category, r.species_code, r.taxon_concept_id, r.common_name, r.scientific_name, r.order, `${r.family} (${r.family_common})`, '', r.report_as]);
  return `${Papa.unparse({ fields: YEARLY_COLUMNS, data }, { newline: '\n' })}\n`;
}

/** The real row of `code`, for a test to build an edited one from. */
export function realTaxon(code: string): AukRow {
  const row = realTaxa().find((r) => r.species_code === code);
  if (!row) throw new Error(`no taxon ${code} in ${SHARED_TAXONOMY}`);
  return row;
}
