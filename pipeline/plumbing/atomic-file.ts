import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files are written beside their final name under a hidden temporary name and renamed
 * into place, so a reader (or a run killed half-way) never sees half a file.
 */
export const TEMP_MARKER = '.tmp-';

export function tempPathFor(finalPath: string): string {
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString('hex')}`);
}

export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.includes(TEMP_MARKER);
}

/** Runs `write(tempPath)` then renames the result into place; removes the temp file on failure. */
export async function writeAtomically(finalPath: string, write: (tempPath: string) => Promise<unknown>): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  const temp = tempPathFor(finalPath);
  try {
    await write(temp);
    await rename(temp, finalPath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeFileAtomically(finalPath: string, content: string | Buffer): Promise<void> {
  await writeAtomically(finalPath, (temp) => writeFile(temp, content));
}
