import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ebird as text } from '../../report/messages.ts';
import type { Problem } from '../../plumbing/problems.ts';
import { unlessMissing } from '../../../node-lib/files.ts';

export const EBIRD_FOLDER = 'ebird';
export const EBIRD_CSV_NAME = 'MyEBirdData.csv';

export interface FoundExport {
  /** Absolute path of the zip or CSV. */
  file: string;
  /** Path relative to the photos folder, for problem reports (`ebird/MyEBirdData.csv`). */
  shown: string;
  kind: 'zip' | 'csv';
}

/**
 * The eBird export in `<photos>/ebird/`: a zip as eBird mails it, or the CSV from it.
 * None (folder absent or without a .zip/.csv) is not a problem: eBird data is optional.
 * Several: the newest is used, with a warning naming the others.
 */
export async function findEbirdExport(photosDir: string): Promise<{ found?: FoundExport; problems: Problem[] }> {
  const dir = path.join(photosDir, EBIRD_FOLDER);
  const names = await unlessMissing(fs.readdir(dir));
  if (!names) return { problems: [] };
  const candidates: { name: string; mtimeMs: number; kind: 'zip' | 'csv' }[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const ext = path.extname(name).toLowerCase();
    if (ext !== '.zip' && ext !== '.csv') continue;
    const stat = await fs.stat(path.join(dir, name));
    if (stat.isFile()) candidates.push({ name, mtimeMs: stat.mtimeMs, kind: ext === '.zip' ? 'zip' : 'csv' });
  }
  if (candidates.length === 0) return { problems: [] };
  // Newest first; on a tie, the CSV (already unzipped) and then the name decide, so the choice is stable.
  candidates.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'csv' ? -1 : 1));
  const [chosen, ...others] = candidates;
  const shown = (name: string) => `${EBIRD_FOLDER}/${name}`;
  const problems: Problem[] =
    others.length > 0 ? [{ path: shown(chosen!.name), severity: 'warning', reason: text.several(shown(chosen!.name), others.map((o) => shown(o.name))) }] : [];
  return { found: { file: path.join(dir, chosen!.name), shown: shown(chosen!.name), kind: chosen!.kind }, problems };
}
