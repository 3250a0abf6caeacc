import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '../../data/error-text.ts';
import { problem } from '../report/messages.ts';

/**
 * The photo folders, walked with symbolic links followed ONCE. fast-glob (like the
 * walkers it builds on) follows links without remembering where it has been: a link
 * to a parent folder was followed about 80 levels deep. Here every folder is known by
 * its real path: the real folders of the tree come first, then each link (in name
 * order) to a folder not seen yet is walked; a link to a folder that contains it is a
 * loop, reported once and not followed; a link to a folder already walked, or a file
 * reachable by two paths, is kept once, with a warning naming both paths.
 */

interface WalkNote {
  severity: 'error' | 'warning';
  /** Slash-separated path under the root. */
  relative: string;
  reason: string;
}

export interface WalkResult {
  /** Files (slash-separated, relative to the root), each real file once. */
  files: string[];
  /** Folders, likewise. */
  dirs: string[];
  notes: WalkNote[];
}

export interface WalkOptions {
  /** Files to leave out silently (e.g. our own `_lowq` thumbnails). */
  ignoreFile?: (name: string) => boolean;
  /** How a path under the root is named in messages (e.g. `life_list/A/B`). */
  where?: (relative: string) => string;
}

interface Link {
  relative: string;
  absolute: string;
  /** Real path of the folder that holds the link. */
  realParent: string;
  /** Real paths of the folders walked through to reach it, from the root. */
  chain: readonly string[];
}

export async function walkTree(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const walk = new TreeWalk(options);
  // The real folders first, so a photo reachable by a link and by its own folder is published from its own folder.
  await walk.folder(root, '', await realpath(root), []);
  // Then the links, in the order found (name order within each folder); walking a linked folder may queue more links.
  for (let i = 0; i < walk.links.length; i++) await walk.link(walk.links[i]!);
  return { files: walk.files, dirs: walk.dirs, notes: walk.notes };
}

/** One walk's findings, and what it has seen so far by real path. */
class TreeWalk {
  readonly files: string[] = [];
  readonly dirs: string[] = [];
  readonly notes: WalkNote[] = [];
  /** Links found, walked after the real folders. */
  readonly links: Link[] = [];
  /** Real path → the relative path it was first reached by. */
  private readonly seenDirs = new Map<string, string>();
  private readonly seenFiles = new Map<string, string>();
  /** A link reached again through another path is reported once. */
  private readonly reportedLoops = new Set<string>();

  constructor(private readonly options: WalkOptions) {}

  private where(relative: string): string {
    return (this.options.where ?? ((r: string) => r || '.'))(relative);
  }

  private addFile(relative: string, real: string): void {
    const first = this.seenFiles.get(real);
    if (first !== undefined) {
      this.notes.push({ severity: 'warning', relative, reason: problem.sameFileTwice(this.where(relative), this.where(first)) });
      return;
    }
    this.seenFiles.set(real, relative);
    this.files.push(relative);
  }

  /** A folder's files, then its subfolders in name order; its links are queued. */
  async folder(absolute: string, relative: string, real: string, parents: readonly string[]): Promise<void> {
    const chain = [...parents, real];
    this.seenDirs.set(real, relative);
    let entries: Dirent[];
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch (error) {
      this.notes.push({ severity: 'error', relative: relative || '.', reason: problem.folderUnreadable(messageOf(error)) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: Array<[string, string, string]> = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childAbsolute = path.join(absolute, entry.name);
      const childRelative = relative ? `${relative}/${entry.name}` : entry.name;
      const childReal = path.join(real, entry.name);
      if (entry.isSymbolicLink()) {
        this.links.push({ relative: childRelative, absolute: childAbsolute, realParent: real, chain });
      } else if (entry.isDirectory()) {
        subfolders.push([childAbsolute, childRelative, childReal]);
      } else if (entry.isFile()) {
        if (this.options.ignoreFile?.(entry.name)) continue;
        this.addFile(childRelative, childReal);
      }
    }
    for (const [childAbsolute, childRelative, childReal] of subfolders) {
      this.dirs.push(childRelative);
      await this.folder(childAbsolute, childRelative, childReal, chain);
    }
  }

  /** A link: its file kept, its folder walked if not seen yet; broken links and loops reported. */
  async link(link: Link): Promise<void> {
    const name = path.posix.basename(link.relative);
    let target: string;
    let isDirectory: boolean;
    try {
      target = await realpath(link.absolute);
      isDirectory = (await stat(target)).isDirectory();
    } catch (error) {
      this.notes.push({ severity: 'error', relative: link.relative, reason: problem.linkBroken(messageOf(error)) });
      return;
    }
    if (!isDirectory) {
      if (!this.options.ignoreFile?.(name)) this.addFile(link.relative, target);
      return;
    }
    // A loop: the target holds the link on disk, or the walk reached the link through the target.
    if (link.realParent === target || link.realParent.startsWith(target + path.sep) || link.chain.includes(target)) {
      const key = `${link.realParent}\0${name}`;
      const inside = this.seenDirs.get(target);
      if (!this.reportedLoops.has(key)) this.notes.push({ severity: 'warning', relative: link.relative, reason: problem.linkLoop(inside !== undefined ? this.where(inside) : target) });
      this.reportedLoops.add(key);
      return;
    }
    const first = this.seenDirs.get(target);
    if (first !== undefined) {
      this.notes.push({ severity: 'warning', relative: link.relative, reason: problem.sameFolderTwice(this.where(first)) });
      return;
    }
    this.dirs.push(link.relative);
    await this.folder(link.absolute, link.relative, target, link.chain);
  }
}
