import { access, constants, mkdir, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_DIR } from '../../data/media-layout.ts';
import fg from 'fast-glob';
import { MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { isTempName, removeEmptyParents, unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { LIFE_LIST_DIR, ORIGINALS_DIR } from '../scan/plan.ts';
import { JOURNAL_FILE, rollForward } from '../commit/manifest-set.ts';
import { fatal, problem } from '../report/messages.ts';
import { messageOf } from '../../data/error-text.ts';
import { FatalProblem, type Problems } from '../plumbing/problems.ts';

export interface OutputDirs {
  outDir: string;
  publicDir: string;
  cacheDir: string;
}

export function outputDirs(outDir: string): OutputDirs {
  return { outDir, publicDir: path.join(outDir, 'public'), cacheDir: path.join(outDir, 'cache') };
}

export interface OutputDirState {
  /** False when a killed run's journal was damaged: public/'s manifests may not be one set. */
  manifestsIntact: boolean;
}

/**
 * Stage: a usable output folder outside the photos. Fatal when it cannot be written or
 * sits inside life_list/. Finishes a manifest set left by a killed run and removes
 * temporary files it left behind.
 */
export async function run(dirs: OutputDirs, lifeListDir: string, problems: Problems): Promise<OutputDirState> {
  if (await isInside(dirs.outDir, lifeListDir)) throw new FatalProblem(fatal.outputInsidePhotos(dirs.outDir, lifeListDir));
  try {
    await mkdir(dirs.publicDir, { recursive: true });
    await mkdir(dirs.cacheDir, { recursive: true });
    await access(dirs.publicDir, constants.R_OK | constants.W_OK);
    await access(dirs.cacheDir, constants.R_OK | constants.W_OK);
    // access() says yes to root everywhere; writing a file is the real test.
    await writeFileAtomically(path.join(dirs.cacheDir, '.write-test'), 'ok');
    await rm(path.join(dirs.cacheDir, '.write-test'), { force: true });
  } catch (error) {
    throw new FatalProblem(fatal.outputNotWritable(dirs.outDir, messageOf(error)));
  }
  const rolled = await rollForward(dirs.cacheDir);
  if (rolled.found && rolled.damaged) problems.warning(path.join(dirs.cacheDir, JOURNAL_FILE), problem.journalDamaged(rolled.damaged));
  await removeLeftoverTemps(dirs.publicDir);
  await removeLeftoverTemps(dirs.cacheDir);
  return { manifestsIntact: !(rolled.found && rolled.damaged) };
}

/** Whether `dir` is `parent` or below it, symbolic links resolved (a folder not made yet counts by its path). */
async function isInside(dir: string, parent: string): Promise<boolean> {
  const real = async (p: string) => (await unlessMissing(realpath(p))) ?? path.resolve(p);
  const relative = path.relative(await real(parent), await real(dir));
  // `..gen` is a folder below; only `..` itself or `../…` leaves the parent.
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

async function removeLeftoverTemps(dir: string): Promise<void> {
  const leftovers = await fg('**/.*.tmp-*', { cwd: dir, dot: true, onlyFiles: true, absolute: true });
  await Promise.all(leftovers.filter((f) => isTempName(path.basename(f))).map((f) => rm(f, { force: true })));
}

/** Every rendition and published original on disk (site-relative), manifests excluded. */
export async function renditionFiles(publicDir: string): Promise<string[]> {
  const manifests = new Set<string>(Object.values(MANIFEST_FILES));
  const files = await fg([`${LIFE_LIST_DIR}/**`, `${ORIGINALS_DIR}/**`, `${MEDIA_DIR}/**`], { cwd: publicDir, dot: false, onlyFiles: true });
  return files.filter((f) => !manifests.has(f));
}

/** Deletes published files no longer listed, then the folders that became empty. */
export async function removePublished(publicDir: string, sitePaths: Iterable<string>): Promise<void> {
  const parents = new Set<string>();
  for (const sitePath of sitePaths) {
    const file = path.join(publicDir, ...sitePath.split('/'));
    await rm(file, { force: true });
    parents.add(path.dirname(file));
  }
  for (const dir of [...parents].sort((a, b) => b.length - a.length)) await removeEmptyParents(dir, publicDir);
}
