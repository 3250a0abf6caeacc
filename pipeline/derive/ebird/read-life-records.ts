import type { LifeListRecords } from '../../../data/life-records.ts';
import { ebird as text } from '../../report/messages.ts';
import { messageOf } from '../../../data/error-text.ts';
import type { Problem } from '../../plumbing/problems.ts';
import { EBIRD_FOLDER, findEbirdExport } from './find-export.ts';
import { LifeListBuilder } from './life-list-builder.ts';
import { openEbirdExport } from './open-export.ts';
import { parseEbirdCsv } from './parse-export.ts';

export { matchFolders, closestNames,   } from './match.ts';
;

export interface LifeRecordsResult {
  /** The life list to publish; absent when there is no export or it could not be used. */
  records?: LifeListRecords;
  /** The file read, relative to the photos folder (`ebird/MyEBirdData.csv`, `ebird/x.zip/MyEBirdData.csv`). */
  source?: string;
  /** Whether an export was found at all (a folder without one means: no eBird data). */
  found: boolean;
  /** Observation rows used. */
  rows?: number;
  /** Why the export is not whole (cut short, an unreadable zip...): it must not replace one that was. */
  damaged?: string;
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
    const reason = text.unreadable(messageOf(error));
    return { found: true, damaged: reason, problems: [{ path: EBIRD_FOLDER, severity: 'error', reason }] };
  }
  const { found, problems } = search;
  if (!found) return { found: false, problems };
  const unusable = (path: string, reason: string): LifeRecordsResult => ({ found: true, damaged: reason, problems: [...problems, { path, severity: 'error', reason }] });
  let opened;
  try {
    opened = await openEbirdExport(found);
  } catch (error) {
    return unusable(found.shown, text.unreadable(messageOf(error)));
  }
  if (!opened.ok) return unusable(found.shown, opened.reason);
  const builder = new LifeListBuilder();
  try {
    const outcome = await parseEbirdCsv(opened.stream, (row) => builder.add(row));
    if (!outcome.ok) return unusable(opened.shown, outcome.reason);
    let damaged: string | undefined;
    if (outcome.unclosedQuoteAt !== undefined) {
      damaged = text.unclosedQuote(outcome.unclosedQuoteAt, outcome.rows);
      problems.push({ path: opened.shown, severity: 'error', reason: damaged });
    } else if (outcome.cutAt !== undefined) {
      damaged = text.cutShort(outcome.cutAt);
      problems.push({ path: opened.shown, severity: 'error', reason: damaged });
    }
    for (const bad of outcome.badRows) {
      problems.push({ path: opened.shown, severity: 'error', reason: text.badRows(bad.count, text.badRowReason[bad.reason], bad.lines) });
    }
    for (const field of outcome.unreadable) {
      problems.push({ path: opened.shown, severity: 'warning', reason: text.unreadableField[field.reason](field.count, field.lines) });
    }
    return { found: true, records: builder.result(), source: opened.shown, rows: outcome.rows, ...(damaged !== undefined && { damaged }), problems };
  } catch (error) {
    return unusable(opened.shown, text.unreadable(messageOf(error)));
  } finally {
    opened.close();
  }
}
