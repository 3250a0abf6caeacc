import type { LifeListRecords } from '../../data/life-records.ts';
import { ebird as text } from '../messages.ts';
import { messageOf, type Problem } from '../problems.ts';
import { EBIRD_FOLDER, findEbirdExport } from './find-export.ts';
import { LifeListBuilder } from './life-list.ts';
import { openEbirdExport } from './open-export.ts';
import { parseEbirdCsv } from './parse-export.ts';

export { matchFolders, closestNames, type FolderMatch, type MatchResult } from './match.ts';
export { EBIRD_FOLDER, EBIRD_CSV_NAME } from './find-export.ts';

export interface LifeRecordsResult {
  /** The life list to publish; absent when there is no export or it could not be used. */
  records?: LifeListRecords;
  /** The file read, relative to the photos folder (`ebird/MyEBirdData.csv`, `ebird/x.zip/MyEBirdData.csv`). */
  source?: string;
  /** Errors (something was not used: exit status 1) and warnings, with paths relative to the photos folder. */
  problems: Problem[];
}

/**
 * Reads the eBird export in `<photosDir>/ebird/` (optional) into the life list to
 * publish. Never throws for bad input: a bad file is an error problem and no records,
 * bad rows are an error problem each kind and the rest is used.
 */
export async function readLifeRecords(photosDir: string): Promise<LifeRecordsResult> {
  let search;
  try {
    search = await findEbirdExport(photosDir);
  } catch (error) {
    return { problems: [{ path: EBIRD_FOLDER, severity: 'error', reason: text.unreadable(messageOf(error)) }] };
  }
  const { found, problems } = search;
  if (!found) return { problems };
  let opened;
  try {
    opened = await openEbirdExport(found);
  } catch (error) {
    return { problems: [...problems, { path: found.shown, severity: 'error', reason: text.unreadable(messageOf(error)) }] };
  }
  if (!opened.ok) return { problems: [...problems, { path: found.shown, severity: 'error', reason: opened.reason }] };
  const builder = new LifeListBuilder();
  try {
    const outcome = await parseEbirdCsv(opened.stream, (row) => builder.add(row));
    if (!outcome.ok) return { problems: [...problems, { path: opened.shown, severity: 'error', reason: outcome.reason }] };
    if (outcome.unclosedQuoteAt !== undefined) {
      problems.push({ path: opened.shown, severity: 'error', reason: text.unclosedQuote(outcome.unclosedQuoteAt, outcome.rows) });
    }
    for (const bad of outcome.badRows) {
      problems.push({ path: opened.shown, severity: 'error', reason: text.badRows(bad.count, text.badRowReason[bad.reason], bad.lines) });
    }
    return { records: builder.result(), source: opened.shown, problems };
  } catch (error) {
    return { problems: [...problems, { path: opened.shown, severity: 'error', reason: text.unreadable(messageOf(error)) }] };
  } finally {
    opened.close();
  }
}
