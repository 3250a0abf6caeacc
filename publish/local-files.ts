import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { filesUnder, unlessMissing, writeFileAtomically } from '../node-lib/files.ts';
import { md5Of, multipartEtagOf } from './md5.ts';
import { objectMetadataOf, type ObjectMetadata } from './object-metadata.ts';

/**
 * The files of a folder to publish, each with the bytes it is uploaded as (gzipped where its
 * metadata says so) and their MD5, which is the ETag S3 gives an object uploaded in one
 * request: the plan compares it with the bucket's listing. Hashing 4 GB of photos on every
 * publish would take longer than the whole no-op publish may, so each file's MD5 is kept in a
 * hidden file in the folder, keyed by the file's identity (size, change times, inode): an
 * unchanged file costs a stat, any change to it (even one that keeps its mtime) rehashes it.
 */
export interface LocalFile {
  /** Its place in the folder, slash-separated: the object's key below the target's prefix. */
  key: string;
  file: string;
  metadata: ObjectMetadata;
  /** MD5 of the bytes uploaded, in hex: S3's ETag for a single-request upload, and the object's x-amz-meta-md5. */
  etag: string;
  /** S3's ETag for the object when it goes up in parts (md5.ts), for a large file. */
  multipartEtag?: string | undefined;
  /** Size of the bytes uploaded. */
  size: number;
}

export const HASHES_FILE = '.publish-hashes.json';
/** The kept hashes' form. A large file's multipart ETag came later, optional: an entry without it is checked by the object's metadata instead. */
const HASHES_VERSION = 1;

/** What the kept-hashes file holds for one file: its identity on disk, and its upload's MD5 and size. */
interface HashEntry {
  identity: string;
  etag: string;
  size: number;
  multipartEtag?: string;
}
// Checked by hand, not with a zod schema: a large site's file holds 60,000 entries, which zod
// takes a third of a second over, on a publish that may have nothing to do.
const isHashEntry = (entry: unknown): entry is HashEntry => {
  const e = entry as Partial<Record<keyof HashEntry, unknown>> | null;
  return typeof e === 'object' && e !== null && Object.keys(e).length === (e.multipartEtag === undefined ? 3 : 4) && typeof e.identity === 'string' && typeof e.etag === 'string' && typeof e.size === 'number' && (e.multipartEtag === undefined || typeof e.multipartEtag === 'string');
};

/** The bytes an object is uploaded as. gzip's header carries no time or name here, so the same file gives the same bytes. */
export async function bodyOf(file: string, metadata: ObjectMetadata): Promise<Uint8Array<ArrayBuffer>> {
  const raw = await readFile(file);
  // zlib's result is typed as possibly shared memory; a copy of a text file's gzip costs little.
  return metadata['Content-Encoding'] === 'gzip' ? Uint8Array.from(await promisify(gzip)(raw, { level: 9 })) : raw;
}

/** Every file under `dir` that `include` accepts (hidden files are the build's own records, never published unless included). */
export async function localFiles(dir: string, include: (key: string) => boolean): Promise<LocalFile[]> {
  const hashesFile = path.join(dir, HASHES_FILE);
  const known = await readHashes(hashesFile);
  const kept: Record<string, HashEntry> = {};
  const keys = (await filesUnder(dir)).filter(include).sort();
  // Synchronous stats: at 60,000 files, a tenth of the time of as many promises through the
  // thread pool; only the files whose identity changed are read, in parallel.
  // A key is slash-separated, which Node takes on every system: joined as text, not by
  // path.join, whose normalising costs a quarter of a second at 60,000 files.
  const base = path.join(dir, path.sep);
  const found: Array<{ key: string; file: string; metadata: ObjectMetadata; identity: string }> = [];
  for (const key of keys) {
    // The bucket's listing, running beside this, gets a turn every thousand files to send its
    // next request: its pages come one after another, and would otherwise wait for every stat.
    if (found.length % 1000 === 999) await new Promise(setImmediate);
    const file = base + key;
    const metadata = objectMetadataOf(key);
    const info = statSync(file, { bigint: true });
    found.push({ key, file, metadata, identity: `${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}:${metadata['Content-Encoding'] ?? ''}` });
  }
  const stale: typeof found = [];
  for (const entry of found) {
    const before = known[entry.key];
    if (before?.identity === entry.identity) kept[entry.key] = before;
    else stale.push(entry);
  }
  await mapPooled(stale, 8, async ({ key, file, metadata, identity }) => {
    const body = await bodyOf(file, metadata);
    const multipartEtag = multipartEtagOf(body);
    kept[key] = { identity, etag: md5Of(body).hex, size: body.length, ...(multipartEtag && { multipartEtag }) };
  });
  const rehashed = stale.length;
  const files = found.map(({ key, file, metadata }): LocalFile => ({ key, file, metadata, etag: kept[key]!.etag, size: kept[key]!.size, multipartEtag: kept[key]!.multipartEtag }));
  if (rehashed > 0 || Object.keys(known).length !== keys.length) await writeFileAtomically(hashesFile, JSON.stringify({ version: HASHES_VERSION, files: kept }));
  return files;
}

/** The kept hashes; none when the file is missing or from another version (everything is hashed again). */
async function readHashes(file: string): Promise<Record<string, HashEntry>> {
  const text = await unlessMissing(readFile(file, 'utf8'));
  if (text === undefined) return {};
  try {
    const parsed = JSON.parse(text) as { version?: unknown; files?: unknown } | null;
    const files = parsed?.files;
    if (parsed?.version !== HASHES_VERSION || Object.keys(parsed).length !== 2 || typeof files !== 'object' || files === null || Array.isArray(files)) return {};
    return Object.values(files).every(isHashEntry) ? (files as Record<string, HashEntry>) : {};
  } catch {
    // Not JSON (a disk that filled mid-write on another system): a cache, so start afresh.
    return {};
  }
}

/** `map` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapPooled<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
