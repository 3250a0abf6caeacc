import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TaxonomySpecies } from './taxonomy.ts';

/**
 * The vendored taxonomy file: tab-separated, one species a line in field-guide order, after
 * `#key<TAB>value` lines naming its source. Plain text so that git diffs a new edition line by
 * line and gzip packs the repeated order and family columns; written by
 * scripts/vendor-taxonomy.ts, read at ingest by loadTaxonomy().
 */
export const VENDORED_TAXONOMY = process.env.PORTFOLIO_ROOT
  ? `${process.env.PORTFOLIO_ROOT}/pipeline/taxonomy/taxonomy.tsv`
  : // The ingest runs as a bundle elsewhere (pipeline/launch.mjs), which sets PORTFOLIO_ROOT.
    fileURLToPath(new URL('./taxonomy.tsv', import.meta.url));

/** The checklist ingest reads: `PORTFOLIO_TAXONOMY` (a file in this layout, e.g. another checklist or a test's), else the vendored one. */
export function taxonomyFile(): string {
  return process.env.PORTFOLIO_TAXONOMY || VENDORED_TAXONOMY;
}

export const COLUMNS = ['sequence', 'scientific_name', 'english_name', 'other_english_names', 'order', 'family', 'family_english'] as const;

/** Joins the other English names inside their column; no bird name contains it. */
const NAME_SEPARATOR = '|';

export interface TaxonomyFileHeader {
  /** The source and its edition, as reports and credits name it: 'AviList: The Global Avian Checklist, v2025'. */
  source: string;
  licence: string;
  /** The input file the script read (its base name) and its SHA-256, so a regeneration can be checked. */
  input: string;
}

/** A name as the file can hold it: no tab, line break or separator, no space at either end. */
const text = z.string().regex(/^[^\s|](?:[^\t\r\n|]*[^\s|])?$/, 'must be non-empty, with no tab, line break or "|", and no space at either end');

export const taxonomySpeciesSchema = z.strictObject({
  scientificName: text.regex(/^[A-Z][a-z]+ [a-z][a-z-]*$/, 'must be a binomial such as Perisoreus canadensis'),
  englishName: text,
  otherEnglishNames: z.array(text).readonly(),
  order: text.regex(/^[A-Z][a-z]+$/, 'must be one capitalised word such as Passeriformes'),
  family: text.regex(/^[A-Z][a-z]+$/, 'must be one capitalised word such as Corvidae'),
  familyEnglish: text,
  sequence: z.number().int().positive(),
}) satisfies z.ZodType<TaxonomySpecies>;

const HEADER_KEYS = ['source', 'licence', 'input'] as const satisfies readonly (keyof TaxonomyFileHeader)[];
const headerSchema = z.strictObject({ source: text, licence: text, input: text }) satisfies z.ZodType<TaxonomyFileHeader>;

/** The file's text: same species and header, same bytes (sorted by sequence, then scientific name). */
export function formatTaxonomyFile(header: TaxonomyFileHeader, species: readonly TaxonomySpecies[]): string {
  headerSchema.parse(header);
  const sorted = [...species].sort((a, b) => a.sequence - b.sequence || (a.scientificName < b.scientificName ? -1 : 1));
  const lines = [
    ...HEADER_KEYS.map((key) => `#${key}\t${header[key]}`),
    COLUMNS.join('\t'),
    ...sorted.map((s) => {
      const row = taxonomySpeciesSchema.parse(s);
      return [row.sequence, row.scientificName, row.englishName, row.otherEnglishNames.join(NAME_SEPARATOR), row.order, row.family, row.familyEnglish].join('\t');
    }),
  ];
  return `${lines.join('\n')}\n`;
}

/** Parses and validates the file's text; an error names `file`, the line and what is wrong. */
export function parseTaxonomyFile(content: string, file: string): { header: TaxonomyFileHeader; species: TaxonomySpecies[] } {
  // A checkout that turned line ends into CRLF reads the same.
  const lines = content.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  function fail(line: number, reason: string): never {
    throw new Error(`${file}:${line}: ${reason}`);
  }
  const meta: Record<string, string> = {};
  let at = 0;
  for (; at < lines.length && lines[at]!.startsWith('#'); at++) {
    const [key, value, ...rest] = lines[at]!.slice(1).split('\t');
    if (value === undefined || rest.length > 0) fail(at + 1, 'a header line must be #key<TAB>value');
    meta[key!] = value!;
  }
  const header = headerSchema.safeParse(meta);
  if (!header.success) fail(1, `bad header: ${z.prettifyError(header.error)}`);
  if (lines[at] !== COLUMNS.join('\t')) fail(at + 1, `expected the column names ${COLUMNS.join(', ')}`);
  const species: TaxonomySpecies[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const cells = lines[i]!.split('\t');
    if (cells.length !== COLUMNS.length) fail(i + 1, `expected ${COLUMNS.length} tab-separated columns, found ${cells.length}`);
    const [sequence, scientificName, englishName, others, order, family, familyEnglish] = cells as [string, string, string, string, string, string, string];
    const row = taxonomySpeciesSchema.safeParse({
      sequence: /^\d+$/.test(sequence) ? Number(sequence) : sequence,
      scientificName,
      englishName,
      otherEnglishNames: others === '' ? [] : others.split(NAME_SEPARATOR),
      order,
      family,
      familyEnglish,
    });
    if (!row.success) fail(i + 1, z.prettifyError(row.error).replace(/\n/g, '; '));
    species.push(row.data);
  }
  return { header: header.data, species };
}
