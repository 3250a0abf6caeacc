import path from 'node:path';
import * as z from 'zod/mini';
import { imageFileSchema, imageSourceSchema } from '../../data/manifest-schemas.ts';
import { mediaFileSchema, MEDIA_KINDS } from '../../data/media-schemas.ts';
import { writeFileAtomically } from '../../node-lib/files.ts';
import { cachedFileFields, loadCacheFile } from '../plumbing/cache-file.ts';
import type { Problems } from '../plumbing/problems.ts';

/**
 * The recordings' and clips' state between runs, in cache/ beside the photos' (never published),
 * by the same file identity: size, mtime, the sampled fingerprint, when first seen, what was read
 * and made, under a key of the settings and code that shaped it. An unchanged file with the same
 * key costs one stat, and runs no ffmpeg.
 */
const MEDIA_CACHE_FILE = 'media-cache.json';
const MEDIA_CACHE_VERSION = 1;

const mediaMadeSchema = z.strictObject({
  durationSeconds: z.number(),
  // A recording's
  audio: z.optional(z.array(mediaFileSchema)),
  spectrogram: z.optional(z.strictObject({ image: imageFileSchema, maxFrequencyHz: z.int() })),
  gainDb: z.optional(z.number()),
  // A clip's
  width: z.optional(z.int()),
  height: z.optional(z.int()),
  video: z.optional(z.array(mediaFileSchema)),
  hasSound: z.optional(z.boolean()),
  placeholder: z.optional(z.string()),
  thumbnail: z.optional(imageFileSchema),
  poster: z.optional(imageFileSchema),
  sources: z.optional(z.array(imageSourceSchema)),
});

export const mediaRecordSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS),
  ...cachedFileFields,
  /** The settings and code the renditions were made with. */
  key: z.optional(z.string()),
  takenOn: z.optional(z.nullable(z.string())),
  device: z.optional(z.string()),
  made: z.optional(mediaMadeSchema),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

const cacheSchema = z.strictObject({ version: z.literal(MEDIA_CACHE_VERSION), media: z.record(z.string(), mediaRecordSchema) });
export type MediaCache = z.infer<typeof cacheSchema>;

export function emptyMediaCache(): MediaCache {
  return { version: MEDIA_CACHE_VERSION, media: {} };
}

export async function loadMediaCache(cacheDir: string, problems: Problems): Promise<MediaCache> {
  return loadCacheFile(path.join(cacheDir, MEDIA_CACHE_FILE), cacheSchema, emptyMediaCache, problems);
}

export async function saveMediaCache(cacheDir: string, cache: MediaCache): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(cache.media).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, r]) => [k, mediaRecordSchema.parse(r)]));
  await writeFileAtomically(path.join(cacheDir, MEDIA_CACHE_FILE), JSON.stringify({ version: cache.version, media: sorted }));
}

/** Every published file a record accounts for. */
export function mediaOutputPathsOf(record: MediaRecord | undefined): string[] {
  const m = record?.made;
  if (!m) return [];
  return [
    ...(m.audio ?? []).map((f) => f.path),
    m.spectrogram?.image.path,
    ...(m.video ?? []).map((f) => f.path),
    m.poster?.path,
    m.thumbnail?.path,
    ...(m.sources ?? []).flatMap((s) => s.files.map((f) => f.path)),
  ].filter((p): p is string => typeof p === 'string');
}
