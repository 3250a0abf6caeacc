import path from 'node:path';
import { compareNames, isOwnThumbnail, LOWQ_MARKER } from '../../data/manifest-schemas.ts';
import { folderNameProblem } from '../../data/paths.ts';
import { problem } from '../report/messages.ts';
import { LIFE_LIST_DIR, planPhoto, type PhotoPlan, type PlanSettings } from './plan.ts';
import type { Problems } from '../plumbing/problems.ts';
import { walkTree } from './tree-walk.ts';

/** Extensions published (sharp decodes all but HEIC/HEIF, which pipeline/photos/heif.ts decodes); matched in any letter case. */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp', '.avif', '.heic', '.heif'];

export interface ScannedPhoto {
  absolutePath: string;
  plan: PhotoPlan;
}

export interface PhotoList {
  /** Photos to publish, sorted by folder then file name. */
  photos: ScannedPhoto[];
  /** Every usable folder under life_list/ (as name lists), including empty ones. */
  folders: string[][];
}

export interface ScanOptions {
  lifeListDir: string;
  settings: PlanSettings;
  problems: Problems;
}

/** Stage: the photo folders → the list of photos to publish (and what is wrong with the rest). */
export async function run({ lifeListDir, settings, problems }: ScanOptions): Promise<PhotoList> {
  const where = (relative: string) => (relative ? `${LIFE_LIST_DIR}/${relative}` : LIFE_LIST_DIR);
  // The output folder is never inside life_list/ (pipeline/setup/output-dir.ts refuses it).
  const walked = await walkTree(lifeListDir, { ignoreFile: isOwnThumbnail, where });
  for (const note of walked.notes) problems[note.severity](where(note.relative), note.reason);
  return classify(walked.files.map(nfc), walked.dirs.map(nfc), { lifeListDir, settings, problems });
}

function nfc(p: string): string {
  return p.normalize('NFC');
}

/** Pure part of the scan: relative file and folder paths → photos, folders and problems. */
export function classify(
  files: string[],
  dirs: string[],
  {
    lifeListDir,
    settings,
    problems,
  }: { lifeListDir: string; settings: PlanSettings; problems: Problems },
): PhotoList {
  const where = (relative: string) => `${LIFE_LIST_DIR}/${relative}`;

  // Folders whose own name is unusable; everything below them is skipped too.
  const badFolders = new Set<string>();
  for (const dir of [...dirs].sort()) {
    if ([...badFolders].some((bad) => dir.startsWith(`${bad}/`))) continue;
    const reason = folderNameProblem(path.posix.basename(dir));
    if (reason) {
      badFolders.add(dir);
      problems.error(where(dir), problem.folderName(reason));
    }
  }
  const underBadFolder = (relative: string) => [...badFolders].some((bad) => relative === bad || relative.startsWith(`${bad}/`));
  const usableDirs = dirs.filter((d) => !underBadFolder(d));
  const hasSubfolders = new Set(usableDirs.map((d) => path.posix.dirname(d)).filter((d) => d !== '.'));

  const candidates: string[] = [];
  for (const file of files) {
    if (underBadFolder(file)) continue;
    const ext = path.posix.extname(file).toLowerCase();
    if (!PHOTO_EXTENSIONS.includes(ext)) continue;
    const dir = path.posix.dirname(file);
    if (dir === '.') {
      problems.error(where(file), problem.photoInRoot());
      continue;
    }
    if (hasSubfolders.has(dir)) {
      problems.error(where(file), problem.photoInNonLeafFolder());
      continue;
    }
    if (path.posix.basename(file).includes(LOWQ_MARKER)) {
      problems.error(where(file), problem.lowqName());
      continue;
    }
    candidates.push(file);
  }
  candidates.sort(comparePaths);

  // Species are keyed by the leaf folder's name, so the first branch (sorted) keeps it.
  const speciesHome = new Map<string, string>();
  const publishedNames = new Map<string, string>();
  const photos: ScannedPhoto[] = [];
  for (const file of candidates) {
    const plan = planPhoto(file, settings);
    const dir = plan.folder.join('/');
    const home = speciesHome.get(plan.species);
    if (home === undefined) speciesHome.set(plan.species, dir);
    else if (home !== dir) {
      problems.error(where(file), problem.duplicateSpecies(plan.species, where(home)));
      continue;
    }
    // Case-insensitive: the published site may live on a case-insensitive file system.
    const nameKey = `${dir}/${plan.displayName}`.toLowerCase();
    const taken = publishedNames.get(nameKey);
    if (taken !== undefined) {
      problems.error(where(file), problem.duplicateDisplayName(plan.displayName, taken));
      continue;
    }
    publishedNames.set(nameKey, plan.originalName);
    photos.push({ absolutePath: path.join(lifeListDir, ...file.split('/')), plan });
  }

  const folders = usableDirs.sort(comparePaths).map((d) => d.split('/'));
  return { photos, folders };
}

/** Folder by folder, names compared as the site sorts them, then exactly so the order is total. */
export function comparePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i]!;
    const y = bs[i]!;
    if (x === y) continue;
    // A folder sorts with its siblings by name whether or not the other side is a file.
    return compareNames(x, y) || (x < y ? -1 : 1);
  }
  return as.length - bs.length;
}
