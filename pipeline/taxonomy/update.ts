/**
 * `npm run taxonomy`, and the ingest's first fetch: a taxonomy from its publisher (or a file or URL
 * the owner names), read in any known layout, checked, given the names of the edition it replaces,
 * and written atomically into the library's `taxonomy/` folder. Anything that fails leaves the
 * file that was there as it was.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { z } from 'zod';
import { messageOf } from '../../data/error-text.ts';
import { MANIFEST_FILES } from '../../data/manifest-layout.ts';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { ebirdLocaleOf, languageTagOf } from '../../data/language-tags.ts';
import { normaliseSpeciesName } from '../../data/species-names.ts';
import { unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { taxonomyText } from '../report/messages.ts';
import { LIFE_LIST_DIR } from '../scan/plan.ts';
import { download, DownloadFailed, latestEbirdEdition, taxonomyUrl, type OnProgress } from './download.ts';
import { editionChanges, withOlderNames, type EditionChanges } from './edition-changes.ts';
import { formatTaxonomyFile, parseTaxonomyFile, speciesListSchema, taxonomyPath, type TaxonomyFileHeader } from './library-file.ts';
import { editionInName, readSourceCsv, type SourceRead } from './source-formats.ts';
import type { TaxonomySpecies } from './taxonomy.ts';

/** Fewer species than this in a download is not the world's taxonomy (eBird/Clements v2025 has 11,167): a cut-short or wrong file. */
export const MIN_DOWNLOADED_SPECIES = 9_000;

export interface UpdateRequest {
  photosDir: string;
  /** A file or http(s) URL in any known layout, instead of the publisher's current edition. */
  from?: string;
  /** The publisher's URL (default: taxonomyUrl()). */
  url?: string;
  /** A language to fetch common names in as well (eBird API only), BCP 47 ('es', 'zh-Hans') or eBird's code ('zh_SIM'). */
  locale?: string;
  /** The edition, when neither the source nor its name says ('v2025'). */
  edition?: string;
  /** The published data of the last ingest, whose species the change report lists. */
  publicDir?: string;
  /** Today, YYYY-MM-DD. */
  today: string;
  onProgress?: OnProgress;
}

export interface UpdateResult {
  file: string;
  header: TaxonomyFileHeader;
  species: number;
  /** The edition replaced, and what changed from it for the owner's species. */
  previous?: { header: TaxonomyFileHeader; species: number; changes: EditionChanges };
}

/** A failure of `npm run taxonomy` the owner can act on: one line, nothing written. */
export class TaxonomyUpdateFailed extends Error {
  constructor(
    message: string,
    /** The publisher could not be reached or its answer was cut: a file from elsewhere (--from) may help. */
    readonly network = false,
  ) {
    super(message);
  }
}

const isUrl = (source: string) => /^https?:\/\//i.test(source);

export async function updateTaxonomy(request: UpdateRequest): Promise<UpdateResult> {
  const locale = request.locale ? checkedLanguage(request.locale) : undefined;
  const file = taxonomyPath(request.photosDir);
  const previous = await readPrevious(file);
  const source = request.from ?? taxonomyUrl(request.url);
  const read = await readSource(source, request.onProgress);
  if (isUrl(source) && request.from === undefined && read.species.length < MIN_DOWNLOADED_SPECIES) {
    throw new TaxonomyUpdateFailed(taxonomyText.nothingChanged(`${source}: ${taxonomyText.tooFewSpecies(read.species.length)}`), true);
  }
  let species = read.species;
  if (locale) species = await withLocalNames(species, read, source, locale, request.onProgress);
  if (previous) species = withOlderNames(previous.species, species);
  const checked = speciesListSchema.safeParse(species);
  if (!checked.success) throw new TaxonomyUpdateFailed(taxonomyText.nothingChanged(`${source}: ${z.prettifyError(checked.error).split('\n').slice(0, 3).join('; ')}`));
  const edition = request.edition ?? editionInName(isUrl(source) ? source : path.basename(source)) ?? (read.layout === 'ebird-api' ? await latestEbirdEdition(source) : undefined) ?? taxonomyText.asOf(request.today);
  const header: TaxonomyFileHeader = {
    source: read.publisher.source,
    edition,
    from: isUrl(source) ? source : path.basename(source),
    retrieved: request.today,
    ...(locale ? { locale } : {}),
  };
  await writeFileAtomically(file, formatTaxonomyFile(header, species));
  const result: UpdateResult = { file, header, species: species.length };
  if (previous) {
    const mine = await ownSpecies(request.photosDir, request.publicDir, previous.species);
    result.previous = { header: previous.header, species: previous.species.length, changes: editionChanges(previous.species, species, (s) => mine.has(s.code)) };
  }
  return result;
}

async function readPrevious(file: string): Promise<{ header: TaxonomyFileHeader; species: TaxonomySpecies[] } | undefined> {
  const content = await unlessMissing(readFile(file, 'utf8'));
  if (content === undefined) return undefined;
  try {
    return parseTaxonomyFile(content, file);
  } catch {
    // A damaged file is replaced: what it held cannot be compared anyway.
    return undefined;
  }
}

async function readSource(source: string, onProgress?: OnProgress): Promise<SourceRead> {
  let text: string;
  try {
    text = isUrl(source) ? await download(source, onProgress) : await readFile(source, 'utf8');
  } catch (error) {
    if (error instanceof DownloadFailed) throw new TaxonomyUpdateFailed(taxonomyText.nothingChanged(error.message), true);
    throw new TaxonomyUpdateFailed(`${source} ${taxonomyText.unreadable(messageOf(error))}`);
  }
  try {
    return readSourceCsv(text, source);
  } catch (error) {
    throw new TaxonomyUpdateFailed(taxonomyText.nothingChanged(messageOf(error).split('\n').slice(0, 4).join(' ')));
  }
}

/** The BCP 47 tag of the language asked for (the file keeps that); one the owner mistyped stops the command before any download. */
function checkedLanguage(code: string): string {
  try {
    return new Intl.Locale(languageTagOf(code)).toString();
  } catch {
    throw new TaxonomyUpdateFailed(taxonomyText.notALanguage(code));
  }
}

/**
 * The same taxonomy's common names in `locale` (BCP 47), by species code: the eBird API serves them
 * with `&locale=` and its own code for the language (`zh-Hans` → `zh_SIM`, `pt-BR` → `pt_BR`). It
 * answers with the English name where the language has none: such a species gets no local name.
 */
async function withLocalNames(species: TaxonomySpecies[], read: SourceRead, source: string, locale: string, onProgress?: OnProgress): Promise<TaxonomySpecies[]> {
  if (read.layout !== 'ebird-api' || !isUrl(source)) throw new TaxonomyUpdateFailed(taxonomyText.localeNeedsApi(source));
  const url = new URL(source);
  url.searchParams.set('locale', ebirdLocaleOf(locale));
  const local = await readSource(url.href, onProgress);
  const names = new Map(local.species.map((s) => [s.code, s.englishName]));
  return species.map((s) => {
    const name = names.get(s.code);
    return name && name !== s.englishName ? { ...s, localName: name } : s;
  });
}

/**
 * The codes of the owner's species in the old edition: their species folders' names, and the
 * species the last ingest published (inbox photos placed by keywords among them).
 */
async function ownSpecies(photosDir: string, publicDir: string | undefined, previous: readonly TaxonomySpecies[]): Promise<Set<string>> {
  const names = new Set<string>();
  const dirs = await fg('**', { cwd: path.join(photosDir, LIFE_LIST_DIR), onlyDirectories: true, suppressErrors: true });
  for (const dir of dirs) names.add(normaliseSpeciesName(path.posix.basename(dir)));
  if (publicDir) {
    const parsed = photoIndexSchema.safeParse(await readJson(path.join(publicDir, MANIFEST_FILES.photoIndex)));
    if (parsed.success) for (const photo of Object.values(parsed.data.photos)) names.add(normaliseSpeciesName(photo.species));
  }
  const codes = new Set<string>();
  for (const s of previous) {
    if ([s.englishName, s.scientificName, ...s.otherEnglishNames].some((n) => names.has(normaliseSpeciesName(n)))) codes.add(s.code);
  }
  return codes;
}

/** A JSON file's value; undefined when it is missing or unreadable (the report then lists the folders' species only). */
async function readJson(file: string): Promise<unknown> {
  try {
    const text = await unlessMissing(readFile(file, 'utf8'));
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
