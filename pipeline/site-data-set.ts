import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { SITE_DATA_DIR } from '../data/site-data.ts';
import { writeFileAtomically } from './atomic-file.ts';

/**
 * Writes the per-page data files, touching only those whose content changed, and removes
 * those no page needs any more: after adding a few photos, only the files of their species
 * and of the Life List levels above them are rewritten. Each file is written atomically; the
 * content hashes of what was written are kept in cache/.
 */
export const HASHES_FILE = 'site-data-hashes.json';

const hashesSchema = z.record(z.string(), z.string());

export interface SiteDataWrite {
  written: string[];
  removed: string[];
}

/** `trusted`: public/ is the one the cache describes (false when it was wiped or replaced). */
export async function run(files: ReadonlyMap<string, unknown>, publicDir: string, cacheDir: string, trusted: boolean): Promise<SiteDataWrite> {
  const hashesFile = path.join(cacheDir, HASHES_FILE);
  const previous = trusted ? await loadHashes(hashesFile) : {};
  const next: Record<string, string> = {};
  const written: string[] = [];
  for (const [relative, content] of files) {
    const text = `${JSON.stringify(content)}\n`;
    const hash = createHash('sha1').update(text).digest('base64url');
    next[relative] = hash;
    const file = path.join(publicDir, ...relative.split('/'));
    // Unchanged content costs a stat: a file deleted or edited by hand (its size differs) is written again.
    if (previous[relative] === hash && sizeOf(file) === Buffer.byteLength(text)) continue;
    await writeFileAtomically(file, text);
    written.push(relative);
  }

  const stale = new Set(Object.keys(previous).filter((p) => !files.has(p)));
  if (!trusted) for (const p of await filesUnder(publicDir, SITE_DATA_DIR)) if (!files.has(p)) stale.add(p);
  for (const p of stale) await rm(path.join(publicDir, ...p.split('/')), { force: true });
  await writeFileAtomically(hashesFile, JSON.stringify(next));
  return { written, removed: [...stale] };
}

function sizeOf(file: string): number | undefined {
  return statSync(file, { throwIfNoEntry: false })?.size;
}

async function loadHashes(file: string): Promise<Record<string, string>> {
  try {
    const parsed = hashesSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    // No hashes yet (first run) or unreadable: every file is written again, which is always safe.
    return {};
  }
}

async function filesUnder(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
