/**
 * The file rules the ingest (pipeline/) and the build (web/prerender/) share, in one place:
 * a data file is written whole or not at all, a file that may be absent is read without
 * mistaking another failure for its absence, and a folder emptied by a removal goes too.
 * Node only: the site's browser code never imports this folder.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// --- atomic writes ------------------------------------------------------------------

/**
 * Files are written beside their final name under a hidden temporary name and renamed
 * into place, so a reader (or a run killed half-way) never sees half a file.
 */
const TEMP_MARKER = '.tmp-';

export function tempPathFor(finalPath: string): string {
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Whether a file name is one of tempPathFor's: a run killed between write and rename leaves these. */
export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.includes(TEMP_MARKER);
}

/**
 * What a run stopped by a signal must still do as it exits so that nothing half-written stays
 * behind, keyed by the file it concerns: a temporary file removed, a journaled set of renames
 * finished (pipeline/commit/manifest-set.ts). The entry goes once its write is done.
 */
const onExit = new Map<string, () => void>();

/** Registers (or, without `finish`, withdraws) what an interrupted run does at exit for `key`. */
export function finishOnInterrupt(key: string, finish?: () => void): void {
  if (finish) onExit.set(key, finish);
  else onExit.delete(key);
}

/** Runs `write(tempPath)` then renames the result into place; removes the temp file on failure. */
export async function writeAtomically(finalPath: string, write: (tempPath: string) => Promise<unknown>): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  const temp = tempPathFor(finalPath);
  finishOnInterrupt(temp, () => rmSync(temp, { force: true }));
  try {
    await write(temp);
    await rename(temp, finalPath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    finishOnInterrupt(temp);
  }
}

/**
 * Called by a run exiting on a signal in the middle of its work: does, at once, what each
 * unfinished write registered (finishOnInterrupt), so nothing half-written stays behind and every
 * file in place is whole. A step that fails is said on stderr; the next run cleans up after it.
 */
export function finishUnfinishedWrites(): void {
  for (const [key, finish] of onExit) {
    try {
      finish();
    } catch (error) {
      process.stderr.write(`Could not finish ${key} on exit: ${String(error)}\n`);
    }
  }
  onExit.clear();
}

export async function writeFileAtomically(finalPath: string, content: string | Buffer): Promise<void> {
  await writeAtomically(finalPath, (temp) => writeFile(temp, content));
}

// --- files that may be absent -------------------------------------------------------
// "Not there" is a normal state (a cache, a marker, the optional credits.tsv); every other
// failure (no permission, a folder where the file should be, an I/O error) is an error the
// caller reports.

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

/** Every file under `dir`, relative to it and slash-separated; none when `dir` is missing. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = (await unlessMissing(readdir(dir, { recursive: true, withFileTypes: true }))) ?? [];
  // Each path below `dir` cut from its folder's, not worked out by path.relative: at 60,000 files
  // (a large site's publish) that costs a third of a second. Node gives the top level's folder as
  // `dir` was written, and the deeper ones joined (normalised).
  const base = path.join(dir, path.sep);
  const slashed = (relative: string) => (path.sep === '/' ? relative : relative.split(path.sep).join('/'));
  return entries
    .filter((e) => e.isFile())
    .map((e) => {
      if (e.parentPath === dir) return e.name;
      const folder = e.parentPath + path.sep;
      return slashed((folder.startsWith(base) ? folder.slice(base.length) : path.relative(dir, e.parentPath) + path.sep) + e.name);
    });
}

// --- empty folders ------------------------------------------------------------------

/**
 * Removes `folder` and then its parents while they are empty, up to but never `stopAt`
 * (an output folder's own root). A folder that still holds something, or is gone already,
 * ends the climb quietly; any other failure (no permission, a file where a folder should
 * be) is thrown, its message naming the folder. A folder left behind is not harmless: a page
 * is a folder with its index.html, and an empty one would still answer as that page's URL
 * on some hosts.
 */
export async function removeEmptyParents(folder: string, stopAt: string): Promise<void> {
  for (let current = path.resolve(folder); isBelow(current, path.resolve(stopAt)); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // EEXIST: what some systems say for a folder that is not empty.
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT') return;
      throw error;
    }
  }
}

/** Whether `dir` lies strictly below `root`. */
function isBelow(dir: string, root: string): boolean {
  const relative = path.relative(root, dir);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
