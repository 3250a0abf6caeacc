import path from 'node:path';
import * as z from 'zod/mini';
import { messageOf } from '../../data/error-text.ts';
import { fatal, problem } from '../report/messages.ts';
import { readOptionalTextOrStop, type Problems } from './problems.ts';

/** What a cache's schema answers for its JSON (zod's safeParse). */
interface CacheSchema<T> {
  safeParse(json: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * A cache file of the ingest, read by its schema. Missing: `empty()`, a first run. Damaged (not
 * JSON, or not the shape the schema says): a warning naming it, and `empty()`, so the cache is
 * rebuilt. There but unreadable: the run stops, since starting afresh would lose what only the
 * cache remembers (a photo's `addedAt`, which the feed announces by).
 */
export async function loadCacheFile<T>(file: string, schema: CacheSchema<T>, empty: () => T, problems: Problems): Promise<T> {
  const text = await readOptionalTextOrStop(file, fatal.cacheUnreadable);
  if (text === undefined) return empty();
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    throw new Error(parsed.error.issues[0]?.message ?? 'unexpected shape');
  } catch (error) {
    problems.warning(path.relative(process.cwd(), file) || file, problem.cacheCorrupt(messageOf(error)));
    return empty();
  }
}

/**
 * What every cached file's record holds, a photo's or a recording's: its identity (size, mtime,
 * content fingerprint), when it was first seen, and the failure or warning re-reported without
 * reading it again while it is unchanged (`failedUnder`: the code that failed on it).
 */
export const cachedFileFields = {
  size: z.number(),
  mtimeMs: z.number(),
  fingerprint: z.string(),
  addedAt: z.string(),
  failure: z.optional(z.string()),
  failedUnder: z.optional(z.string()),
  warning: z.optional(z.string()),
};
