import { stat } from 'node:fs/promises';
import path from 'node:path';
import { compareNames, isOwnThumbnail, LOWQ_MARKER } from '../../data/manifest-schemas.ts';
import { unlessMissing } from '../../node-lib/files.ts';
import { folderNameProblem } from '../../data/paths.ts';
import { mediaKindOf } from '../../data/media-layout.ts';
import type { PhotoFacts } from '../place/photo-facts.ts';
import { problem } from '../report/messages.ts';
import { LIFE_LIST_DIR, stemOf, type PhotoPlan } from './plan.ts';
import type { Problems } from '../plumbing/problems.ts';
import { walkTree } from './tree-walk.ts';

/** Extensions published (sharp decodes all but HEIC/HEIF, which pipeline/photos/heif.ts decodes); matched in any letter case. */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp', '.avif', '.heic', '.heif'];

export interface ScannedPhoto {
  absolutePath: string;
  /** The original, relative to the photos folder (`life_list/…` or `inbox/…`): how the report names it. */
  source: string;
  plan: PhotoPlan;
  /** Its keywords, rating and words, the sidecar's winning over the photo's own. */
  facts?: PhotoFacts;
}

/** The folder whose photos are placed on the Life List by the species in their keywords. */
export const INBOX_DIR = 'inbox';

export interface PhotoList {
  /** Photos under life_list/ that passed the checks below, relative to it. */
  lifeListFiles: string[];
  /** Every usable folder under life_list/, relative to it, including empty ones. */
  lifeListDirs: string[];
  /** Photos under inbox/, relative to it. */
  inboxFiles: string[];
  /** A photo (relative to the photos folder) → the `.xmp` sidecar next to it. */
  sidecars: Map<string, string>;
}

export interface ScanOptions {
  photosDir: string;
  problems: Problems;
}

/** Stage: the photo folders → the photos found (and what is wrong with the rest). Where each goes is decided by place/. */
export async function run({ photosDir, problems }: ScanOptions): Promise<PhotoList> {
  const walkIfThere = async (top: string) => ((await isDirectory(path.join(photosDir, top))) ? walk(path.join(photosDir, top), top, problems) : { files: [], dirs: [] });
  const lifeList = await walkIfThere(LIFE_LIST_DIR);
  const checked = checkLifeList(lifeList.files, lifeList.dirs, problems);
  const inbox = await walkIfThere(INBOX_DIR);
  const inboxFiles = inbox.files.filter((f) => isPhotoFile(f) && !path.posix.basename(f).includes(LOWQ_MARKER));
  for (const f of inbox.files) if (isPhotoFile(f) && path.posix.basename(f).includes(LOWQ_MARKER)) problems.error(`${INBOX_DIR}/${f}`, problem.lowqName());
  const sidecars = new Map<string, string>();
  for (const [top, files, photos] of [[LIFE_LIST_DIR, lifeList.files, checked.files], [INBOX_DIR, inbox.files, inboxFiles]] as const) {
    for (const [photo, sidecar] of sidecarsOf(photos, files)) sidecars.set(`${top}/${photo}`, `${top}/${sidecar}`);
  }
  return { lifeListFiles: checked.files, lifeListDirs: checked.dirs, inboxFiles, sidecars };
}

async function walk(root: string, top: string, problems: Problems): Promise<{ files: string[]; dirs: string[] }> {
  const where = (relative: string) => (relative ? `${top}/${relative}` : top);
  // The output folder is never inside life_list/ (pipeline/setup/output-dir.ts refuses it).
  const walked = await walkTree(root, { ignoreFile: isOwnThumbnail, where });
  for (const note of walked.notes) problems[note.severity](where(note.relative), note.reason);
  return { files: walked.files.map(nfc), dirs: walked.dirs.map(nfc) };
}

function nfc(p: string): string {
  return p.normalize('NFC');
}

/** A photo, or a recording or clip (data/media-layout.ts): found, placed and rated alike; run-ingest.ts hands each to its stage. */
function isPhotoFile(file: string): boolean {
  return PHOTO_EXTENSIONS.includes(path.posix.extname(file).toLowerCase()) || mediaKindOf(file) !== undefined;
}

/**
 * A photo's sidecar, as Lightroom (`IMG_0001.xmp`) or darktable (`IMG_0001.JPG.xmp`) names it,
 * in any letter case; the one named after the whole file wins when both are there.
 */
export function sidecarsOf(photos: readonly string[], files: readonly string[]): Map<string, string> {
  const xmp = new Map<string, string>();
  for (const file of files) if (/\.xmp$/i.test(file)) xmp.set(file.toLowerCase(), file);
  const found = new Map<string, string>();
  for (const photo of photos) {
    const dir = path.posix.dirname(photo);
    const prefix = dir === '.' ? '' : `${dir}/`;
    const name = path.posix.basename(photo);
    const sidecar = xmp.get(`${prefix}${name}.xmp`.toLowerCase()) ?? xmp.get(`${prefix}${stemOf(name)}.xmp`.toLowerCase());
    if (sidecar) found.set(photo, sidecar);
  }
  return found;
}

/** The scan's rules for life_list/: usable folder names, photos only in species folders, no `lowq` names. */
export function checkLifeList(files: readonly string[], dirs: readonly string[], problems: Problems): { files: string[]; dirs: string[] } {
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
    if (underBadFolder(file) || !isPhotoFile(file)) continue;
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
  return { files: candidates.sort(comparePaths), dirs: usableDirs.sort(comparePaths) };
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await unlessMissing(stat(dir)))?.isDirectory() ?? false;
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
