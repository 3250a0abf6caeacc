import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { listsMapsSchema } from '../../data/bird-lists.ts';
import { lifeListRecordsSchema, lifeRecordSchema } from '../../data/life-records.ts';
import type { LifeListLinks } from '../../data/site-data-derivation.ts';
import { outingSettingsSchema, type OutingSettings } from '../../data/outings.ts';
import { filesUnder, unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { SITE_DATA_DIR } from '../../data/site-data-schemas.ts';

/**
 * Writes the per-page data files, touching only those whose content changed, and removes
 * those no page needs any more: after adding a few photos, only the files of their species
 * and of the Life List levels above them are rewritten. Each file is written atomically; the
 * content hashes of what was written are kept in cache/.
 */
const HASHES_FILE = 'site-data-hashes.json';
/** The life list the page data were derived with (cache/, never published): `validate` derives them again from it. */
const LIFE_LINKS_FILE = 'life-list-links.json';

const lifeLinksSchema = z.strictObject({
  records: lifeListRecordsSchema,
  bySpecies: z.record(z.string(), lifeRecordSchema),
  places: z.optional(z.strictObject({ names: z.record(z.string(), z.string()), maps: z.optional(listsMapsSchema) })),
});

/** Keeps the life list of this run beside the cache (or removes it when there is none). */
export async function saveLifeLinks(cacheDir: string, life: LifeListLinks | undefined): Promise<void> {
  const file = path.join(cacheDir, LIFE_LINKS_FILE);
  if (!life) return rm(file, { force: true });
  await writeFileAtomically(file, JSON.stringify({ records: life.records, bySpecies: Object.fromEntries(life.bySpecies), ...(life.places && { places: life.places }) }));
}

/** The life list the last ingest used, or undefined when it had none. A file that cannot be read is an error: validate would compare against the wrong data. */
export async function loadLifeLinks(cacheDir: string): Promise<LifeListLinks | undefined> {
  const text = await unlessMissing(readFile(path.join(cacheDir, LIFE_LINKS_FILE), 'utf8'));
  if (text === undefined) return undefined;
  const parsed = lifeLinksSchema.parse(JSON.parse(text));
  return { records: parsed.records, bySpecies: new Map(Object.entries(parsed.bySpecies)), ...(parsed.places && { places: parsed.places }) };
}

/** The outing settings the page data were derived with (cache/, never published): `validate` derives them again with them. */
const OUTING_SETTINGS_FILE = 'outing-settings.json';

export async function saveOutingSettings(cacheDir: string, settings: OutingSettings): Promise<void> {
  await writeFileAtomically(path.join(cacheDir, OUTING_SETTINGS_FILE), JSON.stringify(settings));
}

/** The settings of the last ingest; none yet (an older cache) means no trips and no last day. */
export async function loadOutingSettings(cacheDir: string): Promise<OutingSettings> {
  const text = await unlessMissing(readFile(path.join(cacheDir, OUTING_SETTINGS_FILE), 'utf8'));
  if (text === undefined) return { trips: [] };
  return outingSettingsSchema.parse(JSON.parse(text));
}

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
    // A string is the file's own text (an SVG map); anything else is JSON.
    const text = typeof content === 'string' ? content : `${JSON.stringify(content)}\n`;
    const hash = createHash('sha1').update(text).digest('base64url');
    next[relative] = hash;
    const file = path.join(publicDir, ...relative.split('/'));
    // Unchanged content costs a stat: a file deleted or edited by hand (its size differs) is written again.
    if (previous[relative] === hash && sizeOf(file) === Buffer.byteLength(text)) continue;
    await writeFileAtomically(file, text);
    written.push(relative);
  }

  const stale = new Set(Object.keys(previous).filter((p) => !files.has(p)));
  if (!trusted) for (const f of await filesUnder(path.join(publicDir, SITE_DATA_DIR))) if (!files.has(`${SITE_DATA_DIR}/${f}`)) stale.add(`${SITE_DATA_DIR}/${f}`);
  for (const p of stale) await rm(path.join(publicDir, ...p.split('/')), { force: true });
  await writeFileAtomically(hashesFile, JSON.stringify(next));
  return { written, removed: [...stale] };
}

function sizeOf(file: string): number | undefined {
  return statSync(file, { throwIfNoEntry: false })?.size;
}

/** No hashes yet (first run) or a damaged file: every file is written again, which is always safe. A failed read stops the run. */
async function loadHashes(file: string): Promise<Record<string, string>> {
  const text = await unlessMissing(readFile(file, 'utf8'));
  if (text === undefined) return {};
  const parsed = hashesSchema.safeParse(parseOrUndefined(text));
  return parsed.success ? parsed.data : {};
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
