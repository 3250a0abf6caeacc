import { createHash, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import type { Credit } from '../../data/manifest-schemas.ts';
import { unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { PUBLICATION_STAMP_FILE } from '../../data/manifest-layout.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import { EBIRD_FOLDER } from './ebird/find-export.ts';
import type { Problem } from '../plumbing/problems.ts';

/**
 * What the derived outputs (the manifests, the page data, the life list kept for validate)
 * were last made from. Deriving them costs seconds at 10,000 photos: the derivation itself,
 * then serialising, hashing and comparing ~1,300 page data files and the old manifests.
 * When nothing they are made from changed, and no photo's or checklist's day came since
 * (`calendarSpan`), the run skips all of it and reports again what the derivation reported
 * last time (a missing featured photo, an unmatched eBird name).
 */
export const DERIVED_STATE_FILE = 'derived-state.json';

const problemSchema = z.strictObject({ path: z.string(), reason: z.string(), severity: z.enum(['error', 'warning']) });
const derivedStateSchema = z.strictObject({
  key: z.string(),
  problems: z.array(problemSchema),
  lifeList: z.optional(z.strictObject({ source: z.string(), observed: z.number(), photographed: z.number() })),
  /** The derived files (site-relative) and their sizes: one deleted or edited by hand is derived again. */
  files: z.record(z.string(), z.number()),
  /** The days the derivation holds on (`calendarSpan`): on another, the outings are derived again. */
  days: z.optional(z.strictObject({ since: z.optional(z.string()), until: z.optional(z.string()) })),
});
export type DerivedState = z.infer<typeof derivedStateSchema>;

/**
 * The code that derives: the id of the launcher's bundle (a new one whenever a source
 * changed), or, run from source (tests, tsx), an id of this process, so a derivation is
 * trusted across runs only when the code cannot have changed in between.
 */
const CODE_ID = process.env.PORTFOLIO_BUNDLE ?? `process-${randomUUID()}`;

export interface DerivationInputs {
  site: SiteConfig;
  credits: ReadonlyMap<string, Credit>;
  folders: readonly (readonly string[])[];
  /** Every photo's cache record (what was read from it and what was made of it), by path, each with its keys in the cache's order (`inCacheOrder`). */
  /** (Recordings' and clips' records too, under keys of their own.) */
  photos: Readonly<Record<string, unknown>>;
  /** The public folder's marker: a wiped public/ is derived into again. */
  marker: string;
  ebird: string;
  /** Where each photo was placed from (its source) and the sidecar words it publishes: `placementStamp`. */
  placement: string;
}

/** What placement adds to a photo's record: moving a photo or editing its sidecar derives again. */
export function placementStamp(photos: ReadonlyArray<{ source: string; plan: { relativePath: string }; facts?: { sidecar?: string; title?: string; caption?: string; keywords: string[] } }>): string {
  return JSON.stringify(photos.map((p) => [p.plan.relativePath, p.source, p.facts?.sidecar ? [p.facts.title, p.facts.caption, p.facts.keywords] : null]));
}

export function derivationKey(inputs: DerivationInputs): string {
  const hash = createHash('sha256').update(CODE_ID).update('\0').update(inputs.marker).update('\0').update(inputs.ebird);
  // The settings as their schemas parsed them: the same file gives the same JSON, in the schemas' key order.
  hash.update('\0').update(JSON.stringify(inputs.site)).update('\0').update(JSON.stringify([...inputs.credits]));
  hash.update('\0').update(JSON.stringify(inputs.folders)).update('\0').update(inputs.placement);
  // Sorted, so the order the photos were processed in does not matter.
  for (const file of Object.keys(inputs.photos).sort()) hash.update('\0').update(file).update('\0').update(JSON.stringify(inputs.photos[file]));
  return hash.digest('base64url');
}

/**
 * What of today's date the derivation depends on. It puts a photo or checklist on its outing only
 * from its day on (data/outings-derivation.ts, `lastDay`), so the same outputs come out on every
 * day from the latest dated day on or before today (`since`) up to the day before the first one
 * after it (`until`): a photo dated ahead joins its outing on the first run on its day, and a run
 * on any other day with nothing changed stays a no-op. Days are `YYYY-MM-DD`, compared as text.
 */
export function calendarSpan(dates: Iterable<string>, today: string): NonNullable<DerivedState['days']> {
  let since: string | undefined;
  let until: string | undefined;
  for (const day of dates) {
    if (day <= today) {
      if (since === undefined || day > since) since = day;
    } else if (until === undefined || day < until) until = day;
  }
  return { ...(since !== undefined && { since }), ...(until !== undefined && { until }) };
}

/** Whether the last derivation holds on this day (one kept before the span was recorded is derived again). */
export function holdsOn(state: DerivedState, today: string): boolean {
  const days = state.days;
  return days !== undefined && (days.since === undefined || days.since <= today) && (days.until === undefined || today < days.until);
}

/**
 * Names, sizes and times of the files in photos/ebird/: a new or replaced export changes it. A
 * folder that cannot be listed (a file named `ebird`, no permission) gives a stamp of its own
 * error, so the derivation runs and the eBird reader reports the problem with its path.
 */
export async function ebirdStamp(photosDir: string): Promise<string> {
  const dir = path.join(photosDir, EBIRD_FOLDER);
  let names: string[];
  try {
    names = (await unlessMissing(readdir(dir))) ?? [];
  } catch (error) {
    return `unreadable:${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  const parts: string[] = [];
  for (const name of names.sort()) {
    const info = await unlessMissing(stat(path.join(dir, name)));
    parts.push(`${name}:${info?.size ?? '-'}:${info?.mtimeMs ?? '-'}`);
  }
  return parts.join('/');
}

/** Sizes of these published files (site-relative); a missing one is left out. */
export function sizesOf(publicDir: string, files: Iterable<string>): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const file of files) {
    const size = statSync(path.join(publicDir, ...file.split('/')), { throwIfNoEntry: false })?.size;
    if (size !== undefined) sizes[file] = size;
  }
  return sizes;
}

/** Whether every derived file is still in public/ as it was written (a stat each: about 1,300 at 10,000 photos). */
export function derivedFilesIntact(publicDir: string, state: DerivedState): boolean {
  return Object.entries(state.files).every(([file, size]) => statSync(path.join(publicDir, ...file.split('/')), { throwIfNoEntry: false })?.size === size);
}

/** The state of the last derivation, or undefined (none yet, or damaged: derive again, which is always safe). A failed read stops the run. */
export async function loadDerivedState(cacheDir: string): Promise<DerivedState | undefined> {
  const text = await unlessMissing(readFile(path.join(cacheDir, DERIVED_STATE_FILE), 'utf8'));
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = derivedStateSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export async function saveDerivedState(cacheDir: string, state: DerivedState): Promise<void> {
  await writeFileAtomically(path.join(cacheDir, DERIVED_STATE_FILE), JSON.stringify(state));
}

/**
 * Tells the build that public/ may have changed: a new stamp after every run that derived
 * (and so may have written), the same one after a run that skipped the derivation. The
 * build skips its own work while the stamp is the one it last built from.
 */
export async function newPublicationStamp(cacheDir: string): Promise<void> {
  await writeFileAtomically(path.join(cacheDir, PUBLICATION_STAMP_FILE), `${randomUUID()}\n`);
}

