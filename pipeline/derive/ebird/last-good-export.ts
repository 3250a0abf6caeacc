import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { lifeListRecordsSchema } from '../../../data/life-records.ts';
import { unlessMissing, writeFileAtomically } from '../../../node-lib/files.ts';
import { ebird as text } from '../../report/messages.ts';
import { messageOf } from '../../../data/error-text.ts';
import type { Problem } from '../../plumbing/problems.ts';
import { EBIRD_FOLDER } from './find-export.ts';
import type { LifeRecordsResult } from './read-life-records.ts';

/**
 * A damaged eBird export never replaces a good one. The life list of the last export that
 * read whole is kept in the cache; an export cut short, a truncated zip, or one with far
 * fewer rows than that one is reported and the kept list stays published. A whole new
 * export (or a smaller one the owner accepts with --accept-ebird-export) replaces it.
 */
const LAST_GOOD_FILE = 'ebird-last-good.json';

/** eBird exports only grow, but for checklists the owner deletes: fewer than this share of the last one's rows is taken for a cut file. */
const FEWER_ROWS_SHARE = 0.9;

const lastGoodSchema = z.strictObject({
  /** The export's file, as the report names it. */
  source: z.string(),
  /** When it was read (ISO time). */
  readAt: z.string(),
  /** Observation rows used. */
  rows: z.int().check(z.nonnegative()),
  records: lifeListRecordsSchema,
});
type LastGoodExport = z.infer<typeof lastGoodSchema>;

export interface ChosenExport {
  /** What to publish; absent without eBird data. */
  records?: LastGoodExport['records'];
  /** Which export is published, as the report says it. */
  source?: string;
  problems: Problem[];
  /** The export to keep as the last good one, when this run read one whole. */
  save?: LastGoodExport;
}

/** Decides which life list is published: the export just read, or the last good one. */
export function chooseExport(read: LifeRecordsResult, lastGood: LastGoodExport | undefined, options: { acceptSmaller: boolean; now: string }): ChosenExport {
  const problems = [...read.problems];
  // No export in photos/ebird/: the owner took it away, so there is no life list to publish.
  if (!read.found) return { problems };
  const keep = (why?: Problem): ChosenExport => {
    if (why) problems.push(why);
    if (!lastGood) return { problems };
    problems.push({ path: read.source ?? EBIRD_FOLDER, severity: 'error', reason: text.keptLastGood(lastGood.source, lastGood.readAt, lastGood.records.observedCount) });
    return { records: lastGood.records, source: `${lastGood.source} (read ${lastGood.readAt.slice(0, 10)})`, problems };
  };
  if (read.damaged !== undefined) {
    // Nothing better to publish than what could be read: as before, with its problems.
    if (!lastGood) return { ...(read.records && { records: read.records }), ...(read.source !== undefined && { source: read.source }), problems };
    return keep();
  }
  if (!read.records || read.source === undefined || read.rows === undefined) return keep();
  if (lastGood && read.rows < lastGood.rows * FEWER_ROWS_SHARE && !options.acceptSmaller) {
    return keep({ path: read.source, severity: 'error', reason: text.fewerRows(read.rows, lastGood.rows, lastGood.source, lastGood.readAt) });
  }
  const save = { source: read.source, readAt: options.now, rows: read.rows, records: read.records };
  return { records: read.records, source: read.source, problems, save };
}

/** The kept export, or undefined (none yet). A damaged copy is reported and not used; a failed read stops the run. */
export async function loadLastGood(cacheDir: string, problems: Problem[]): Promise<LastGoodExport | undefined> {
  const file = path.join(cacheDir, LAST_GOOD_FILE);
  const content = await unlessMissing(readFile(file, 'utf8'));
  if (content === undefined) return undefined;
  try {
    return lastGoodSchema.parse(JSON.parse(content));
  } catch (error) {
    problems.push({ path: file, severity: 'warning', reason: text.lastGoodDamaged(messageOf(error)) });
    return undefined;
  }
}

export async function saveLastGood(cacheDir: string, kept: LastGoodExport): Promise<void> {
  await writeFileAtomically(path.join(cacheDir, LAST_GOOD_FILE), JSON.stringify(kept));
}
