import { createHash, randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { removeEmptyParents, unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { fullMessageOf } from '../../data/error-text.ts';
import { MANIFEST_FILES } from '../../data/manifest-layout.ts';

/**
 * What a build put into dist/: each file's signature (a page's inputs, or the identity of
 * the file it links to). The next build rewrites only files whose signature changed and
 * removes those it no longer produces. dist/ holds a marker naming the state: when dist/
 * was deleted or replaced, the marker is missing and everything is produced again.
 */
export interface BuildState {
  id: string;
  files: Record<string, string>;
  /** Files produced or confirmed by the running build. */
  touched: Set<string>;
  stats: { written: number; linked: number; removed: number };
}

/** In dist/: the state's id, then what the build that completed it was made from (`inputs`, see builtFrom). */
export const BUILD_MARKER = '.build-marker';

async function readMarker(dist: string): Promise<{ id: string; inputs: string | undefined } | undefined> {
  const text = await unlessMissing(readFile(join(dist, BUILD_MARKER), 'utf8'));
  if (text === undefined) return undefined;
  const [id = '', inputs] = text.trim().split('\n');
  return { id, inputs: inputs || undefined };
}

/**
 * What the last complete build of dist/ was made from (the code and the ingest's publication
 * stamp, as build-site.ts hashes them), from its marker alone: a build with nothing to do learns it
 * without reading the state, several MB at 10,000 photos.
 */
export async function builtFrom(dist: string): Promise<string | undefined> {
  return (await readMarker(dist))?.inputs;
}

/**
 * The state dist/ was last built to. Without one that matches dist/'s marker, dist/ is emptied
 * and built afresh (it holds nothing but what builds put there, complete or cut short); a damaged
 * state file is said through `warn`, and one that cannot be read stops the build.
 */
export async function loadBuildState(stateFile: string, dist: string, warn: (line: string) => void): Promise<BuildState> {
  const fresh = (): BuildState => ({ id: randomUUID(), files: {}, touched: new Set(), stats: { written: 0, linked: 0, removed: 0 } });
  const text = await unlessMissing(readFile(stateFile, 'utf8'));
  let saved: { id?: unknown; files?: unknown } | undefined;
  try {
    saved = text === undefined ? undefined : (JSON.parse(text) as typeof saved);
  } catch (error) {
    warn(`${stateFile} is damaged (${fullMessageOf(error)}): ${dist} is built afresh.`);
  }
  const marker = await readMarker(dist);
  if (saved && typeof saved.id === 'string' && marker?.id === saved.id && typeof saved.files === 'object' && saved.files !== null) {
    // The marker loses its inputs until this build completes: a build cut short is never taken for an up-to-date dist/.
    if (marker.inputs !== undefined) await writeFileAtomically(join(dist, BUILD_MARKER), saved.id);
    return { ...fresh(), id: saved.id, files: saved.files as Record<string, string> };
  }
  // Unknown contents (an older build, or none): start from an empty dist/. A folder that holds
  // files but neither a build's marker nor a site (an output pointed at the wrong folder) is not
  // ours to empty. A site is its home page, or the published data a build links in before any
  // page: what a build of older code that failed midway (and wrote no marker then) left.
  const aSite = existsSync(join(dist, 'index.html')) || existsSync(join(dist, MANIFEST_FILES.birdPhotos));
  if (!marker && !aSite && ((await unlessMissing(readdir(dist))) ?? []).length > 0) {
    throw new Error(`${dist} holds files that no build of this site wrote; choose an empty or new folder for the output, or empty this one yourself`);
  }
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  // Marked as a build's folder before anything is put in it: should this build fail or be
  // stopped, the next one knows the files as a build's and starts afresh, never refusing them.
  const state = fresh();
  await writeFileAtomically(join(dist, BUILD_MARKER), state.id);
  return state;
}

/**
 * Writes `file` (under dist) from `produce()` unless its signature is unchanged and it is still
 * there. Returns whether it wrote. (Synchronous checks: a no-op build makes tens of thousands,
 * and one awaited stat after another costs several times more.)
 */
export async function writeIfChanged(state: BuildState, dist: string, file: string, signature: string, produce: () => Promise<string>): Promise<boolean> {
  state.touched.add(file);
  const target = join(dist, file);
  if (state.files[file] === signature && existsSync(target)) return false;
  await writeFileAtomically(target, await produce());
  state.files[file] = signature;
  state.stats.written++;
  return true;
}

/**
 * Publishes `source` as `file` under dist as a hard link (no second copy of the
 * renditions), or a copy where dist/ is on another file system. Unchanged links cost a stat.
 */
export async function linkIfChanged(state: BuildState, dist: string, file: string, source: string): Promise<boolean> {
  state.touched.add(file);
  const from = statSync(source);
  const signature = `${from.ino}:${from.size}:${from.mtimeMs}`;
  const target = join(dist, file);
  if (state.files[file] === signature) {
    const to = statSync(target, { throwIfNoEntry: false });
    if (to && (to.ino === from.ino || (to.size === from.size && to.mtimeMs >= from.mtimeMs))) return false;
  }
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { force: true });
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another file system, or one without hard links: a copy works everywhere.
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    await copyFile(source, target);
  }
  state.files[file] = signature;
  state.stats.linked++;
  return true;
}

/**
 * Removes what the previous build produced and this one did not, then saves the state and
 * dist's marker, with the inputs this build was made from (`inputs`).
 */
export async function finishBuild(state: BuildState, stateFile: string, dist: string, inputs: string | undefined): Promise<void> {
  for (const file of Object.keys(state.files)) {
    if (state.touched.has(file)) continue;
    await rm(join(dist, file), { force: true });
    // A page is a folder with its index.html: the folder goes with it.
    await removeEmptyParents(join(dist, dirname(file)), dist);
    delete state.files[file];
    state.stats.removed++;
  }
  await writeFileAtomically(join(dist, BUILD_MARKER), inputs ? `${state.id}\n${inputs}` : state.id);
  await writeFileAtomically(stateFile, JSON.stringify({ id: state.id, files: state.files }));
}

/** A short hash naming a build state file per output folder. */
export function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 16);
}
