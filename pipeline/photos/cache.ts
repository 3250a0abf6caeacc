import { createHash, randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
// zod/mini because it composes the manifest schemas, which are zod/mini.
import * as z from 'zod/mini';
import { exifDisplaySchema, imageFileSchema, imageSourceSchema } from '../../data/manifest-schemas.ts';
import { unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { cachedFileFields, loadCacheFile } from '../plumbing/cache-file.ts';
import type { Problems } from '../plumbing/problems.ts';

/**
 * Pipeline state between runs, in cache/ (never published). Per photo: the file's
 * identity (size, mtime, a sampled content fingerprint), what was read from it, and
 * each output with the key of the settings it was made with. An unchanged photo costs
 * one stat; a changed setting redoes only the outputs whose key changed.
 */
export const CACHE_FILE = 'ingest-cache.json';
const CACHE_VERSION = 1;
/**
 * Written into public/ and recorded in the cache: when public/ was wiped (or swapped)
 * the marker no longer matches, so every output is remade instead of trusting the cache.
 */
const PUBLIC_MARKER_FILE = '.ingest-marker';

const keyed = <T extends z.ZodMiniType>(value: T) => z.strictObject({ key: z.string(), value });

const photoRecordSchema = z.strictObject({
  ...cachedFileFields,
  metadataKey: z.optional(z.string()),
  /** 'exifr' when ExifTool could not run and exifr read the photo: read again once ExifTool runs (never the photo's own state). */
  metadataReadBy: z.optional(z.literal('exifr')),
  width: z.optional(z.int().check(z.positive())),
  height: z.optional(z.int().check(z.positive())),
  exif: z.optional(z.nullable(exifDisplaySchema)),
  takenOn: z.optional(z.nullable(z.string())),
  /** The photographer's title, caption, keywords (and opted-in location) as published. */
  text: z.optional(
    z.strictObject({ title: z.optional(z.string()), caption: z.optional(z.string()), keywords: z.optional(z.array(z.string())), location: z.optional(z.string()) }),
  ),
  outputs: z.strictObject({
    display: z.optional(keyed(imageFileSchema)),
    thumbnail: z.optional(keyed(imageFileSchema)),
    sources: z.optional(keyed(z.array(imageSourceSchema))),
    placeholder: z.optional(keyed(z.string())),
    original: z.optional(keyed(z.nullable(z.string()))),
  }),
});
export type PhotoRecord = z.infer<typeof photoRecordSchema>;

const cacheSchema = z.strictObject({
  version: z.literal(CACHE_VERSION),
  marker: z.string(),
  photos: z.record(z.string(), photoRecordSchema),
});
export type Cache = z.infer<typeof cacheSchema>;

/**
 * A record as the next run will read it back (keys in the schema's order): a run with
 * nothing new then sees exactly the records the last derivation was keyed on.
 */
export function inCacheOrder(record: PhotoRecord): PhotoRecord {
  return photoRecordSchema.parse(record);
}

export function emptyCache(): Cache {
  return { version: CACHE_VERSION, marker: randomUUID(), photos: {} };
}

/**
 * A missing cache is a first run; a corrupt one is reported as a warning and rebuilt. One
 * that is there but cannot be read stops the run: starting afresh would reset every photo's
 * `addedAt`, and the feed would announce the whole library as new.
 */
export async function loadCache(cacheDir: string, problems: Problems): Promise<Cache> {
  return loadCacheFile(path.join(cacheDir, CACHE_FILE), cacheSchema, emptyCache, problems);
}

export async function saveCache(cacheDir: string, cache: Cache): Promise<void> {
  await writeFileAtomically(path.join(cacheDir, CACHE_FILE), JSON.stringify(cache));
}

/** Whether public/ still holds what the cache describes. */
export async function publicMatchesCache(publicDir: string, cache: Cache): Promise<boolean> {
  const marker = await unlessMissing(readFile(path.join(publicDir, PUBLIC_MARKER_FILE), 'utf8'));
  return marker?.trim() === cache.marker;
}

export async function writePublicMarker(publicDir: string, cache: Cache): Promise<void> {
  const file = path.join(publicDir, PUBLIC_MARKER_FILE);
  if ((await unlessMissing(readFile(file, 'utf8'))) === `${cache.marker}\n`) return;
  await writeFileAtomically(file, `${cache.marker}\n`);
}

const SAMPLE_BYTES = 64 * 1024;

/**
 * A content fingerprint that does not read whole originals: the size plus the first,
 * middle and last 64 KB. Used only when size or mtime changed, to tell a touched file
 * from an edited one (an edit re-encodes the image data and rewrites the EXIF).
 */
export async function fingerprintOf(file: string, size: number): Promise<string> {
  const hash = createHash('sha256').update(String(size));
  const handle = await open(file, 'r');
  try {
    const offsets = size <= 3 * SAMPLE_BYTES ? [0] : [0, Math.floor(size / 2) - SAMPLE_BYTES / 2, size - SAMPLE_BYTES];
    const length = size <= 3 * SAMPLE_BYTES ? size : SAMPLE_BYTES;
    const buffer = Buffer.alloc(length);
    for (const offset of offsets) {
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex').slice(0, 24);
}

/** Every published file a record accounts for (to delete what is no longer needed). */
export function outputPathsOf(record: PhotoRecord | undefined): string[] {
  if (!record) return [];
  const o = record.outputs;
  return [
    o.display?.value.path,
    o.thumbnail?.value.path,
    ...(o.sources?.value.flatMap((s) => s.files.map((f) => f.path)) ?? []),
    o.original?.value ?? undefined,
  ].filter((p): p is string => typeof p === 'string');
}
