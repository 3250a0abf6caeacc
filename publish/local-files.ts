import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { filesUnder, unlessMissing, writeFileAtomically } from '../node-lib/files.ts';
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
  /** MD5 of the bytes uploaded, in hex: S3's ETag for a single-request upload. */
  etag: string;
  /** Size of the bytes uploaded. */
  size: number;
}

export const HASHES_FILE = '.publish-hashes.json';

const hashEntrySchema = z.strictObject({ identity: z.string(), etag: z.string(), size: z.number() });
const hashesSchema = z.strictObject({ version: z.literal(1), files: z.record(z.string(), hashEntrySchema) });
type HashEntry = z.infer<typeof hashEntrySchema>;

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
  // Synchronous stats: a tenth of the time of 60,000 promises through the thread pool (0.35 s
  // against 2 s here); only the files whose identity changed are read, in parallel.
  const stale: Array<{ key: string; identity: string }> = [];
  for (const key of keys) {
    const info = statSync(path.join(dir, ...key.split('/')), { bigint: true });
    const identity = `${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}:${objectMetadataOf(key)['Content-Encoding'] ?? ''}`;
    if (known[key]?.identity === identity) kept[key] = known[key];
    else stale.push({ key, identity });
  }
  await mapPooled(stale, 8, async ({ key, identity }) => {
    const body = await bodyOf(path.join(dir, ...key.split('/')), objectMetadataOf(key));
    kept[key] = { identity, etag: createHash('md5').update(body).digest('hex'), size: body.length };
  });
  const rehashed = stale.length;
  const files = keys.map((key): LocalFile => ({ key, file: path.join(dir, ...key.split('/')), metadata: objectMetadataOf(key), etag: kept[key]!.etag, size: kept[key]!.size }));
  if (rehashed > 0 || Object.keys(known).length !== keys.length) await writeFileAtomically(hashesFile, JSON.stringify({ version: 1, files: kept }));
  return files;
}

/** The kept hashes; none when the file is missing or from another version (everything is hashed again). */
async function readHashes(file: string): Promise<Record<string, HashEntry>> {
  const text = await unlessMissing(readFile(file, 'utf8'));
  if (text === undefined) return {};
  try {
    const parsed = hashesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.files : {};
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
