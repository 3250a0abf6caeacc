/**
 * `npm run taxonomy`, and the ingest's first fetch: a taxonomy from its publisher (or a file or URL
 * the owner names), read in any known layout, checked, given the names of the edition it replaces,
 * and written atomically into the library's `taxonomy/` folder. Anything that fails leaves the
 * file that was there as it was.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fullMessageOf, messageOf } from '../../data/error-text.ts';
import { ebirdLocaleOf, languageTagOf } from '../../data/language-tags.ts';
import { unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { taxonomyText } from '../report/messages.ts';
import { download, DownloadFailed, latestEbirdEdition, taxonomyUrl, type OnProgress } from './download.ts';
import { editionChanges, withOlderNames, type EditionChanges } from './edition-changes.ts';
import { formatTaxonomyFile, parseTaxonomyFile, speciesListSchema, taxonomyPath, type TaxonomyFileHeader } from './library-file.ts';
import { editionInName, readSourceCsv, type SourceRead } from './source-formats.ts';
import type { TaxonomySpecies } from './species.ts';

/**
 * Fewer species than this is not a whole edition of the world's taxonomy (eBird/Clements v2025 has
 * 11,167, AviList v2025 about 11,100): a cut-short or partial file, whatever its source.
 */
const MIN_WHOLE_SPECIES = 9_000;
/** A whole edition keeps at least this share of the species of the whole one it replaces: editions change by a percent or two. */
const MIN_SHARE_OF_REPLACED = 0.95;

/** Whether a list of `species` species can be a whole edition. */
export const isWholeEdition = (species: number) => species >= MIN_WHOLE_SPECIES;

/** Where a taxonomy comes from, and how it is taken: the options of `npm run taxonomy` that the update itself reads. */
export interface TaxonomySource {
  /** A file or http(s) URL in any known layout, instead of the publisher's current edition. */
  from?: string;
  /** The publisher's URL (default: taxonomyUrl()). */
  url?: string;
  /** A language to fetch common names in as well (eBird API only), BCP 47 ('es', 'zh-Hans') or eBird's code ('zh_SIM'). */
  locale?: string;
  /** The edition, when neither the source nor its name says ('v2025'). */
  edition?: string;
  /** A partial list on purpose (a regional checklist): taken below the whole edition's floor, and compared as partial. */
  partial?: boolean;
}

export interface UpdateRequest extends TaxonomySource {
  photosDir: string;
  /** Today on the owner's calendar, YYYY-MM-DD. */
  today: string;
  onProgress?: OnProgress;
}

export interface UpdateResult {
  file: string;
  header: TaxonomyFileHeader;
  species: number;
  /** The file written is a partial list (--partial). */
  partial: boolean;
  /** The file replaced: its header, its species, and what changed from it (for every species: the command picks the owner's). */
  previous?: { header: TaxonomyFileHeader; species: readonly TaxonomySpecies[]; changes: EditionChanges };
}

/** A refusal of `npm run taxonomy` the owner can act on: one line, ending "nothing was changed"; nothing written. */
export class TaxonomyUpdateFailed extends Error {
  constructor(
    /** Why, without the ending. */
    readonly reason: string,
    /** The publisher could not be reached or its answer was cut: a file from elsewhere (--from) may help. */
    readonly network = false,
  ) {
    super(taxonomyText.nothingChanged(reason));
  }
}

const isUrl = (source: string) => /^https?:\/\//i.test(source);

export async function updateTaxonomy(request: UpdateRequest): Promise<UpdateResult> {
  const locale = request.locale ? checkedLanguage(request.locale) : undefined;
  const file = taxonomyPath(request.photosDir);
  const previous = await readPrevious(file);
  const source = request.from ?? taxonomyUrl(request.url);
  const read = await readSource(source, request.onProgress);
  const partial = request.partial ?? false;
  checkWhole(source, read.species.length, partial, previous?.species.length);
  const whole = !partial && previous !== undefined && isWholeEdition(previous.species.length);
  let species = read.species;
  if (locale) species = await withLocalNames(species, read, source, locale, request.onProgress);
  if (previous) species = withOlderNames(previous.species, species, { whole });
  const checked = speciesListSchema.safeParse(species);
  if (!checked.success) throw new TaxonomyUpdateFailed(`${source}: ${z.prettifyError(checked.error).split('\n').slice(0, 3).join('; ')}`);
  const edition = request.edition ?? editionInName(isUrl(source) ? source : path.basename(source)) ?? (read.layout === 'ebird-api' ? await latestEbirdEdition(source) : undefined) ?? taxonomyText.asOf(request.today);
  const header: TaxonomyFileHeader = {
    source: read.publisher.source,
    edition,
    from: isUrl(source) ? source : path.basename(source),
    retrieved: request.today,
    ...(locale ? { locale } : {}),
  };
  await writeFileAtomically(file, formatTaxonomyFile(header, species));
  const result: UpdateResult = { file, header, species: species.length, partial };
  if (previous) result.previous = { header: previous.header, species: previous.species, changes: editionChanges(previous.species, species, { whole }) };
  return result;
}

/**
 * Refuses a list that is not a whole edition unless `--partial` says it is meant to be partial:
 * below the floor, or well short of the whole edition it would replace. A download's shortfall is
 * a network failure (another source may help); a file's is the file's.
 */
function checkWhole(source: string, species: number, partial: boolean, replaced: number | undefined): void {
  if (partial) return;
  if (!isWholeEdition(species)) throw new TaxonomyUpdateFailed(`${source}: ${taxonomyText.tooFewSpecies(species)}`, isUrl(source));
  if (replaced !== undefined && isWholeEdition(replaced) && species < replaced * MIN_SHARE_OF_REPLACED) {
    throw new TaxonomyUpdateFailed(`${source}: ${taxonomyText.fewerThanReplaced(species, replaced)}`, isUrl(source));
  }
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
    if (error instanceof DownloadFailed) throw new TaxonomyUpdateFailed(error.message, true);
    throw new TaxonomyUpdateFailed(`${source} ${taxonomyText.unreadable(messageOf(error))}`);
  }
  try {
    return readSourceCsv(text, source);
  } catch (error) {
    throw new TaxonomyUpdateFailed(fullMessageOf(error).split('\n').slice(0, 4).join(' '));
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
