import { stat } from 'node:fs/promises';
import { forEachLimited } from './pool.ts';

/** What tells a file unchanged between runs: its size and modification time. */
export interface FileIdentity {
  size: number;
  mtimeMs: number;
}

/**
 * Many stats in flight at once: on a run with little to do they are most of its work, and on a
 * network share many in flight hide its latency.
 */
const STAT_CONCURRENCY = 32;

/** Each file's identity, or the error its stat gave (reported by whoever needs the file). */
export async function identitiesOf(files: ReadonlyArray<{ key: string; path: string }>): Promise<Map<string, FileIdentity | Error>> {
  const found = new Map<string, FileIdentity | Error>();
  await forEachLimited(files, STAT_CONCURRENCY, async ({ key, path }) => {
    found.set(
      key,
      await stat(path).then(
        (info) => ({ size: info.size, mtimeMs: info.mtimeMs }),
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      ),
    );
  });
  return found;
}
