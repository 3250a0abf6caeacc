import path from 'node:path';
import * as z from 'zod/mini';
import { dateTakenIso } from '../../data/exif-display.ts';
import { ExiftoolTaskFailed, ExiftoolUnavailable } from '../photos/exiftool-process.ts';
import { hierarchicalKeywordsOf, photoTextOf, ratingOf, readPlacementTags, readTags, toRawExif, type ExiftoolReading, type ReadOptions } from '../photos/exiftool.ts';
import { writeFileAtomically } from '../../node-lib/files.ts';
import { identitiesOf, type FileIdentity } from '../plumbing/file-identity.ts';
import { forEachLimited } from '../plumbing/pool.ts';
import { messageOf } from '../../data/error-text.ts';
import { mediaKindOf } from '../../data/media-layout.ts';
import { mediaDayOf } from '../media/media-tags.ts';
import { loadCacheFile } from '../plumbing/cache-file.ts';
import type { Problems } from '../plumbing/problems.ts';
import { problem } from '../report/messages.ts';

/**
 * What places a photo and decides whether it is published, read from the photo and from its
 * `.xmp` sidecar (Lightroom, darktable, Capture One): keywords, Lightroom's hierarchical
 * keywords, the star rating, title, caption and the day taken. Each file's reading is cached by
 * its size and modification time, so a run where nothing changed reads nothing, and a changed
 * sidecar costs one reading of that sidecar.
 */

export const FACTS_CACHE_FILE = 'photo-facts.json';
const FACTS_CACHE_VERSION = 1;
const READ_CONCURRENCY = 4;

const factsSchema = z.strictObject({
  keywords: z.array(z.string()),
  hierarchicalKeywords: z.array(z.string()),
  rating: z.optional(z.int()),
  title: z.optional(z.string()),
  caption: z.optional(z.string()),
  takenOn: z.optional(z.string()),
});
export type FileFacts = z.infer<typeof factsSchema>;

const entrySchema = z.strictObject({
  size: z.number(),
  mtimeMs: z.number(),
  facts: factsSchema,
  /** The file's own trouble (a damaged sidecar): reported again while the file is unchanged. */
  warning: z.optional(z.string()),
});
type Entry = z.infer<typeof entrySchema>;

const cacheSchema = z.strictObject({ version: z.literal(FACTS_CACHE_VERSION), files: z.record(z.string(), entrySchema) });
type FactsCache = z.infer<typeof cacheSchema>;

/** A photo's facts: its sidecar's values win over the photo's own, field by field. */
export interface PhotoFacts extends FileFacts {
  /** The sidecar read, relative to the photos folder, if any. */
  sidecar?: string;
}

export interface FactsRequest {
  /** The photo, relative to the photos folder (`inbox/2024-05-01/IMG_0001.JPG`). */
  photo: string;
  /** Its `.xmp` sidecar, relative to the photos folder, if one sits next to it. */
  sidecar?: string | undefined;
}

const NO_FACTS: FileFacts = { keywords: [], hierarchicalKeywords: [] };

export interface PhotoFactsResult {
  facts: Map<string, PhotoFacts>;
  /** Every photo's and sidecar's identity (or stat error), by path relative to the photos folder: the photo stage uses them. */
  identities: Map<string, FileIdentity | Error>;
  /**
   * This run's ExifTool readings of the photos read afresh (new or changed), by path: they hold
   * the camera data too, so the photo stage reads none of them again.
   */
  readings: Map<string, ExiftoolReading>;
}

/**
 * Stage: each photo and sidecar → its facts, from the cache where the file is unchanged. A photo
 * is read with `readOptions` (the owner's privacy settings), as the photo stage would read it.
 * `saveCache: false` leaves the cache as it was (`npm run taxonomy` reads keywords, it does not ingest).
 */
export async function readFacts(requests: readonly FactsRequest[], photosDir: string, cacheDir: string, problems: Problems, readOptions: ReadOptions = {}, { saveCache = true } = {}): Promise<PhotoFactsResult> {
  const cache = await loadCache(cacheDir, problems);
  const next: FactsCache = { version: FACTS_CACHE_VERSION, files: {} };
  const files = [...new Set(requests.flatMap((r) => (r.sidecar ? [r.photo, r.sidecar] : [r.photo])))];
  const absolute = (file: string) => path.join(photosDir, ...file.split('/'));
  const identities = await identitiesOf(files.map((file) => ({ key: file, path: absolute(file) })));
  const read = new Map<string, FileFacts>();
  const readings = new Map<string, ExiftoolReading>();
  let changed = files.length !== Object.keys(cache.files).length;
  await forEachLimited(files, READ_CONCURRENCY, async (file) => {
    const entry = await factsOf(file, absolute(file), identities.get(file)!, cache.files[file], problems, readOptions);
    if (!entry) return;
    read.set(file, entry.facts);
    if (entry.reading) readings.set(file, entry.reading);
    if (entry.cacheable) next.files[file] = entry.entry;
    if (!entry.cacheable || entry.entry !== cache.files[file]) changed = true;
  });
  if (changed && saveCache) await writeFileAtomically(path.join(cacheDir, FACTS_CACHE_FILE), JSON.stringify(sortedCache(next)));
  const facts = new Map<string, PhotoFacts>();
  for (const { photo, sidecar } of requests) {
    const own = read.get(photo) ?? NO_FACTS;
    const side = sidecar ? read.get(sidecar) : undefined;
    facts.set(photo, side && sidecar ? { ...withSidecar(own, side), sidecar } : own);
  }
  return { facts, identities, readings };
}

/** The sidecar's keywords, rating, title and caption win where it has them; the day comes from the photo. */
export function withSidecar(own: FileFacts, sidecar: FileFacts): FileFacts {
  const hasKeywords = sidecar.keywords.length > 0 || sidecar.hierarchicalKeywords.length > 0;
  const merged: FileFacts = {
    keywords: hasKeywords ? sidecar.keywords : own.keywords,
    hierarchicalKeywords: hasKeywords ? sidecar.hierarchicalKeywords : own.hierarchicalKeywords,
  };
  const rating = sidecar.rating ?? own.rating;
  const title = sidecar.title ?? own.title;
  const caption = sidecar.caption ?? own.caption;
  const takenOn = own.takenOn ?? sidecar.takenOn;
  return { ...merged, ...(rating !== undefined ? { rating } : {}), ...(title ? { title } : {}), ...(caption ? { caption } : {}), ...(takenOn ? { takenOn } : {}) };
}

interface Read {
  facts: FileFacts;
  entry: Entry;
  /** False when the reading is the machine's (ExifTool could not run), never the file's: it is read again next run. */
  cacheable: boolean;
  /** A photo's fresh ExifTool reading, camera data included. */
  reading?: ExiftoolReading;
}

async function factsOf(file: string, absolute: string, info: FileIdentity | Error, cached: Entry | undefined, problems: Problems, readOptions: ReadOptions): Promise<Read | undefined> {
  const isSidecar = /\.xmp$/i.test(file);
  if (info instanceof Error) {
    // A photo that cannot be read is the photo stage's to report; a sidecar is reported here.
    if (isSidecar) problems.warning(file, problem.factsUnreadable(messageOf(info)));
    return undefined;
  }
  if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) {
    if (cached.warning) problems.warning(file, cached.warning);
    return { facts: cached.facts, entry: cached, cacheable: true };
  }
  try {
    // A photo is read once for its place and its camera data; a sidecar has only the former.
    const reading = isSidecar ? await readPlacementTags(absolute) : await readTags(absolute, { ...readOptions, media: mediaKindOf(file) !== undefined });
    const facts = factsFromTags(reading.tags);
    const trouble = reading.error ?? reading.damage;
    // A photo's own trouble is the photo stage's to report, from this same reading.
    const warning = trouble ? (isSidecar ? problem.sidecarDamaged(trouble) : undefined) : undefined;
    if (warning) problems.warning(file, warning);
    return { facts, entry: { size: info.size, mtimeMs: info.mtimeMs, facts, ...(warning ? { warning } : {}) }, cacheable: true, ...(isSidecar ? {} : { reading }) };
  } catch (error) {
    if (!(error instanceof ExiftoolUnavailable || error instanceof ExiftoolTaskFailed)) throw error;
    // The machine's failure: the photo's own keywords are read another way, a sidecar waits for ExifTool.
    if (isSidecar) {
      problems.warning(file, problem.sidecarNotRead(error.message));
      return undefined;
    }
    const facts = await factsWithExifr(absolute, file, problems);
    return { facts, entry: { size: info.size, mtimeMs: info.mtimeMs, facts }, cacheable: false };
  }
}

export function factsFromTags(tags: Record<string, unknown>): FileFacts {
  const words = photoTextOf(tags);
  const rating = ratingOf(tags);
  // A recording's or clip's own dates (QuickTime's local CreationDate, BWF's) come before the UTC CreateDate a photo's reader would take.
  const takenOn = mediaDayOf(tags) ?? dateTakenIso(toRawExif(tags)) ?? undefined;
  return {
    keywords: words.keywords ?? [],
    hierarchicalKeywords: hierarchicalKeywordsOf(tags),
    ...(rating !== undefined ? { rating } : {}),
    ...(words.title ? { title: words.title } : {}),
    ...(words.caption ? { caption: words.caption } : {}),
    ...(takenOn ? { takenOn } : {}),
  };
}

/** Where ExifTool cannot run: exifr reads the photo's own XMP and IPTC keywords and rating. */
async function factsWithExifr(absolute: string, file: string, problems: Problems): Promise<FileFacts> {
  const { default: exifr } = await import('exifr');
  try {
    const out = ((await exifr.parse(absolute, { tiff: true, exif: true, gps: false, xmp: true, iptc: true, mergeOutput: true, multiSegment: true, reviveValues: false })) ?? {}) as Record<string, unknown>;
    return factsFromTags({
      Subject: out.subject,
      Keywords: out.Keywords,
      HierarchicalSubject: out.hierarchicalSubject,
      Rating: out.Rating,
      Title: typeof out.title === 'object' && out.title ? (out.title as Record<string, unknown>).value : out.title,
      Description: typeof out.description === 'object' && out.description ? (out.description as Record<string, unknown>).value : out.description,
      Headline: out.Headline,
      'Caption-Abstract': out.Caption,
      DateTimeOriginal: out.DateTimeOriginal,
      CreateDate: out.CreateDate,
    });
  } catch (error) {
    problems.warning(file, problem.factsUnreadable(messageOf(error)));
    return NO_FACTS;
  }
}

async function loadCache(cacheDir: string, problems: Problems): Promise<FactsCache> {
  const empty = (): FactsCache => ({ version: FACTS_CACHE_VERSION, files: {} });
  return loadCacheFile(path.join(cacheDir, FACTS_CACHE_FILE), cacheSchema, empty, problems);
}

function sortedCache(cache: FactsCache): FactsCache {
  return { version: cache.version, files: Object.fromEntries(Object.entries(cache.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

