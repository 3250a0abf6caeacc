import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { unlessMissing } from '../../node-lib/files.ts';
import type { TaxonomySpecies } from './species.ts';

/**
 * The owner's taxonomy, kept with their photos in `<photos>/taxonomy/taxonomy.tsv`: written by
 * `npm run taxonomy` (or the first ingest that needs it), read by the ingest. Tab-separated, one
 * species a line in field-guide order, after `#key<TAB>value` lines saying what it is and where
 * it came from. Plain text, so that git diffs a new edition line by line when the owner keeps
 * their library in git.
 */
export const TAXONOMY_DIR = 'taxonomy';
const TAXONOMY_FILE = 'taxonomy.tsv';

/** Where the library in `photosDir` keeps its taxonomy. */
export function taxonomyPath(photosDir: string): string {
  return path.join(photosDir, TAXONOMY_DIR, TAXONOMY_FILE);
}

/**
 * Changes when the library's taxonomy does, without reading it: the ingest's derivation key holds
 * it, so a new edition derives the scientific names and the field-guide order again.
 */
export async function taxonomyStamp(photosDir: string): Promise<string> {
  const info = await unlessMissing(stat(taxonomyPath(photosDir)));
  return info ? `${info.size}:${info.mtimeMs}` : 'none';
}

const COLUMNS = ['sequence', 'code', 'concept', 'scientific_name', 'english_name', 'local_name', 'other_english_names', 'order', 'family', 'family_english'] as const;

/** Joins the other English names inside their column; no bird name contains it. */
const NAME_SEPARATOR = '|';

export interface TaxonomyFileHeader {
  /** The checklist, as the credits name it: 'eBird/Clements Checklist of Birds of the World'. */
  source: string;
  /** Its edition: 'v2025', or the day it was retrieved when the publisher names none. */
  edition: string;
  /** The URL or file it was read from. */
  from: string;
  /** The day it was retrieved (YYYY-MM-DD). */
  retrieved: string;
  /** The language of the `local_name` column, when one was fetched ('es'). */
  locale?: string;
}

/** A name as the file can hold it: no tab, line break or separator, no space at either end. */
const text = z.string().regex(/^[^\s|](?:[^\t\r\n|]*[^\s|])?$/, 'must be non-empty, with no tab, line break or "|", and no space at either end');

const taxonomySpeciesSchema = z.strictObject({
  code: text,
  concept: z.optional(text),
  scientificName: text.regex(/^[A-Z][a-z]+ [a-z][a-z-]*$/, 'must be a binomial such as Perisoreus canadensis'),
  englishName: text,
  localName: z.optional(text),
  otherEnglishNames: z.array(text).readonly(),
  order: text.regex(/^[A-Z][a-z]+$/, 'must be one capitalised word such as Passeriformes'),
  family: text.regex(/^[A-Z][a-z]+$/, 'must be one capitalised word such as Corvidae'),
  familyEnglish: text,
  sequence: z.number().int().positive(),
}) satisfies z.ZodType<TaxonomySpecies>;

/** What every species list must hold before it is written: each code and each scientific name once. */
export const speciesListSchema = z.array(taxonomySpeciesSchema).superRefine((list, ctx) => {
  for (const key of ['code', 'scientificName'] as const) {
    const seen = new Set<string>();
    for (const s of list) {
      if (seen.has(s[key])) ctx.addIssue({ code: 'custom', message: `${key === 'code' ? 'species code' : 'scientific name'} ${s[key]} is listed twice` });
      seen.add(s[key]);
    }
  }
});

const HEADER_KEYS = ['source', 'edition', 'from', 'retrieved', 'locale'] as const satisfies readonly (keyof TaxonomyFileHeader)[];
const headerSchema = z.strictObject({
  source: text,
  edition: text,
  from: text,
  retrieved: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD'),
  locale: z.optional(z.string().regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'must be a language code such as es or pt_BR')),
}) satisfies z.ZodType<TaxonomyFileHeader>;

/** The credit line the site and the reports show: 'eBird/Clements Checklist of Birds of the World, v2025'. */
export const creditOf = (header: Pick<TaxonomyFileHeader, 'source' | 'edition'>) => `${header.source}, ${header.edition}`;

/** The file's text: same species and header, same bytes (sorted by sequence, then scientific name). */
export function formatTaxonomyFile(header: TaxonomyFileHeader, species: readonly TaxonomySpecies[]): string {
  headerSchema.parse(header);
  const sorted = speciesListSchema.parse([...species].sort((a, b) => a.sequence - b.sequence || (a.scientificName < b.scientificName ? -1 : 1)));
  const lines = [
    ...HEADER_KEYS.flatMap((key) => (header[key] === undefined ? [] : [`#${key}\t${header[key]}`])),
    COLUMNS.join('\t'),
    ...sorted.map((s) => [s.sequence, s.code, s.concept ?? '', s.scientificName, s.englishName, s.localName ?? '', s.otherEnglishNames.join(NAME_SEPARATOR), s.order, s.family, s.familyEnglish].join('\t')),
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
  if (!header.success) fail(1, `bad header: ${z.prettifyError(header.error).replace(/\n/g, '; ')}`);
  if (lines[at] !== COLUMNS.join('\t')) fail(at + 1, `expected the column names ${COLUMNS.join(', ')}`);
  const species: TaxonomySpecies[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const cells = lines[i]!.split('\t');
    if (cells.length !== COLUMNS.length) fail(i + 1, `expected ${COLUMNS.length} tab-separated columns, found ${cells.length}`);
    const [sequence, code, concept, scientificName, englishName, localName, others, order, family, familyEnglish] = cells as [string, string, string, string, string, string, string, string, string, string];
    const row = taxonomySpeciesSchema.safeParse({
      sequence: /^\d+$/.test(sequence) ? Number(sequence) : sequence,
      code,
      ...(concept ? { concept } : {}),
      scientificName,
      englishName,
      ...(localName ? { localName } : {}),
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
