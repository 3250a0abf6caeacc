/**
 * The one rule for files that may be absent (a cache, a marker, the optional credits.tsv):
 * "not there" is a normal state, every other failure (no permission, a folder where the
 * file should be, an I/O error) is an error the caller reports. Used by the pipeline and
 * the build alike; it touches no disk itself, the caller passes the read.
 */

/** Whether a file-system error says only that the file (or a folder above it) does not exist. */
export function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** The read's result, or undefined when the file is missing; any other failure is rethrown. */
export async function unlessMissing<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}
