import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A listing of a built dist/ (size, inode, time per file), to tell which files a build rewrote. */
export interface DistFile {
  size: number;
  ino: number;
  mtimeMs: number;
}

export async function distFiles(dist: string): Promise<Map<string, DistFile>> {
  const files = new Map<string, DistFile>();
  for (const entry of await fs.readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(full);
    files.set(path.relative(dist, full), { size: stat.size, ino: stat.ino, mtimeMs: stat.mtimeMs });
  }
  return files;
}

/** Files written (new or changed content) and removed between two listings of dist/, by kind. */
export function rewritten(before: Map<string, DistFile>, after: Map<string, DistFile>): { pages: number; data: number; other: number; removed: number; files: string[] } {
  const files = [...after].filter(([file, now]) => {
    const then = before.get(file);
    return !then || then.mtimeMs !== now.mtimeMs || then.ino !== now.ino;
  }).map(([file]) => file);
  const isPage = (f: string) => f.endsWith('.html');
  const isData = (f: string) => f.endsWith('.json');
  return {
    pages: files.filter(isPage).length,
    data: files.filter(isData).length,
    other: files.filter((f) => !isPage(f) && !isData(f)).length,
    removed: [...before.keys()].filter((f) => !after.has(f)).length,
    files,
  };
}
