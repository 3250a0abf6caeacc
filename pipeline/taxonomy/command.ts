/**
 * `npm run taxonomy`: fetches (or imports) the owner's taxonomy and says what it wrote and what
 * changed since the edition it replaces, for everything the owner has. Without --update or --from,
 * a library that has one keeps it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '../../data/error-text.ts';
import { unlessMissing } from '../../node-lib/files.ts';
import { EXIT_FATAL, EXIT_OK } from '../plumbing/problems.ts';
import { taxonomyText } from '../report/messages.ts';
import { outputDirs } from '../setup/output-dir.ts';
import { bytes, DEFAULT_TAXONOMY_URL, taxonomyUrl } from './download.ts';
import type { EditionChanges } from './edition-changes.ts';
import { creditOf, parseTaxonomyFile, taxonomyPath } from './library-file.ts';
import { ownersSpecies, type OwnersSpecies } from './owners-species.ts';
import type { TaxonomySpecies } from './species.ts';
import { taxonomyFrom } from './taxonomy.ts';
import { isWholeEdition, TaxonomyUpdateFailed, updateTaxonomy, type TaxonomySource, type UpdateResult } from './update.ts';

/** The command's options: where the taxonomy comes from (TaxonomySource, declared once in update.ts), and the library's folders. */
export interface TaxonomyOptions extends TaxonomySource {
  photos: string;
  /** The output folder of the owner's ingests: its cache spares reading the inbox's keywords again. */
  out: string;
  update: boolean;
}

type Stream = NodeJS.WritableStream & { isTTY?: boolean };

export async function taxonomyCommand(options: TaxonomyOptions, io: { stdout: Stream; stderr: Stream }, today: string): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  const file = taxonomyPath(options.photos);
  if (!options.update && options.from === undefined && !options.locale) {
    const present = await unlessMissing(readFile(file, 'utf8')).catch(() => undefined);
    const header = present === undefined ? undefined : safeHeader(present, file);
    if (header) {
      say(taxonomyText.present(file, creditOf(header), header.retrieved));
      return EXIT_OK;
    }
  }
  const { photos, out, update, ...source } = options;
  io.stderr.write(`${taxonomyText.fetching(source.from ?? taxonomyUrl(source.url))}\n`);
  const onProgress = io.stderr.isTTY ? (received: number, total: number | undefined) => io.stderr.write(`\r\x1b[2K${taxonomyText.received(bytes(received), total === undefined ? undefined : bytes(total))}`) : undefined;
  let result: UpdateResult;
  try {
    result = await updateTaxonomy({ ...source, photosDir: photos, today, onProgress });
  } catch (error) {
    if (onProgress) io.stderr.write('\r\x1b[2K');
    if (!(error instanceof TaxonomyUpdateFailed)) throw error;
    io.stderr.write(`${error.network && source.from === undefined ? taxonomyText.nothingChanged(taxonomyText.offline(error.reason, DEFAULT_TAXONOMY_URL)) : error.message}\n`);
    return EXIT_FATAL;
  }
  if (onProgress) io.stderr.write('\r\x1b[2K');
  say(taxonomyText.written(result.file, creditOf(result.header), result.species, result.header.from, result.header.retrieved));
  if (result.partial) say(taxonomyText.partial(result.species));
  const previous = result.previous;
  if (!previous) return EXIT_OK;
  if (result.partial && isWholeEdition(previous.species.length)) say(taxonomyText.partialReplacesWhole(previous.species.length, creditOf(previous.header)));
  const owned = await ownersSpeciesOrWhy(photos, out, previous.species, creditOf(previous.header));
  for (const line of changeLines(creditOf(previous.header), creditOf(result.header), previous.changes, owned)) say(line);
  return EXIT_OK;
}

function safeHeader(content: string, file: string) {
  try {
    return parseTaxonomyFile(content, file).header;
  } catch {
    return undefined;
  }
}

/** The owner's species in the replaced edition; when they cannot be read, none, and why (the report says its list is short of them). */
async function ownersSpeciesOrWhy(photos: string, out: string, species: readonly TaxonomySpecies[], credit: string): Promise<OwnersSpecies> {
  try {
    return await ownersSpecies(path.resolve(photos), outputDirs(path.resolve(out)).cacheDir, taxonomyFrom(species, credit));
  } catch (error) {
    return { bySpecies: new Map(), unread: [messageOf(error)] };
  }
}

/** The report's lines: the changes that touch what the owner has, each with how much of it. */
function changeLines(from: string, to: string, changes: EditionChanges, owned: OwnersSpecies): string[] {
  const touches = (code: string) => {
    const held = owned.bySpecies.get(code)!;
    return taxonomyText.touches(held.photos, held.ebirdRecords);
  };
  const mine = <T extends { code: string }>(list: readonly T[]) => list.filter((c) => owned.bySpecies.has(c.code));
  const [renamed, gone, reshaped, unlisted] = [mine(changes.renamed), mine(changes.gone), mine(changes.reshaped), mine(changes.unlisted)];
  const notes = owned.unread.length > 0 ? [taxonomyText.unread(owned.unread.join('; '))] : [];
  const changed = renamed.length + gone.length + reshaped.length;
  if (from === to && changed === 0 && unlisted.length === 0 && changes.added === 0) return [taxonomyText.sameEdition(to), ...notes];
  return [
    taxonomyText.changesHeader(from, to, changes.added),
    ...renamed.map((r) => taxonomyText.renamed(r.from, r.to, r.code, touches(r.code))),
    ...gone.map((g) => taxonomyText.gone(g.name, g.code, g.into, touches(g.code))),
    ...reshaped.map((r) => taxonomyText.reshaped(r.name, r.code, r.now, r.into, touches(r.code))),
    ...(unlisted.length > 0 ? [taxonomyText.unlisted(unlisted.map((u) => `${u.name} (${touches(u.code)})`))] : []),
    ...(changed === 0 ? [taxonomyText.noChangesOfYours()] : []),
    ...notes,
  ];
}
