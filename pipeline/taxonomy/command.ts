/**
 * `npm run taxonomy`: fetches (or imports) the owner's taxonomy and says what it wrote and what
 * changed since the edition it replaces. Without --update or --from, a library that has one keeps it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unlessMissing } from '../../node-lib/files.ts';
import { EXIT_FATAL, EXIT_OK } from '../plumbing/problems.ts';
import { taxonomyText } from '../report/messages.ts';
import { outputDirs } from '../setup/output-dir.ts';
import { bytes, DEFAULT_TAXONOMY_URL, taxonomyUrl } from './download.ts';
import type { EditionChanges } from './edition-changes.ts';
import { creditOf, parseTaxonomyFile, taxonomyPath } from './library-file.ts';
import { TaxonomyUpdateFailed, updateTaxonomy, type UpdateResult } from './update.ts';

export interface TaxonomyOptions {
  photos: string;
  out: string;
  from?: string;
  url?: string;
  locale?: string;
  edition?: string;
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
  const from = options.from ?? taxonomyUrl(options.url);
  io.stderr.write(`${taxonomyText.fetching(from)}\n`);
  const onProgress = io.stderr.isTTY ? (received: number, total: number | undefined) => io.stderr.write(`\r\x1b[2K${taxonomyText.received(bytes(received), total === undefined ? undefined : bytes(total))}`) : undefined;
  let result: UpdateResult;
  try {
    result = await updateTaxonomy({ photosDir: options.photos, from: options.from, url: options.url, locale: options.locale, edition: options.edition, publicDir: outputDirs(path.resolve(options.out)).publicDir, today, onProgress });
  } catch (error) {
    if (onProgress) io.stderr.write('\r\x1b[2K');
    if (!(error instanceof TaxonomyUpdateFailed)) throw error;
    io.stderr.write(`${error.network && options.from === undefined ? taxonomyText.failed(error.message, DEFAULT_TAXONOMY_URL) : error.message}\n`);
    return EXIT_FATAL;
  }
  if (onProgress) io.stderr.write('\r\x1b[2K');
  say(taxonomyText.written(result.file, creditOf(result.header), result.species, result.header.from, result.header.retrieved));
  if (result.previous) for (const line of changeLines(creditOf(result.previous.header), creditOf(result.header), result.previous.changes)) say(line);
  return EXIT_OK;
}

function safeHeader(content: string, file: string) {
  try {
    return parseTaxonomyFile(content, file).header;
  } catch {
    return undefined;
  }
}

export function changeLines(from: string, to: string, changes: EditionChanges): string[] {
  const mine = changes.renamed.length + changes.gone.length + changes.reshaped.length;
  if (from === to && mine === 0 && changes.added === 0) return [taxonomyText.sameEdition(to)];
  return [
    taxonomyText.changesHeader(from, to, changes.added),
    ...changes.renamed.map((r) => taxonomyText.renamed(r.from, r.to, r.code)),
    ...changes.gone.map((g) => taxonomyText.gone(g.name, g.code, g.into)),
    ...changes.reshaped.map((r) => taxonomyText.reshaped(r.name, r.code)),
    ...(mine === 0 ? [taxonomyText.noChangesOfYours()] : []),
  ];
}
