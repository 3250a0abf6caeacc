import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';

/**
 * The files a clone of the project holds, '/'-separated and relative to `root`: every file but
 * `.git` and what the root `.gitignore` leaves out (node_modules, the owner's generated output).
 * Read from the folder itself, so it answers the same in a git checkout, a release archive or
 * GitHub's "Download ZIP".
 */
export function projectFiles(root: string): string[] {
  return fg.sync('**', { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: ['.git/**', ...ignoredGlobs(readFileSync(join(root, '.gitignore'), 'utf8'))] });
}

/**
 * A .gitignore's patterns as fast-glob's: `name` (or `*.log`) at any depth, `dir/` a folder at any
 * depth, `a/b` and `/a` from the root. A `!` pattern (a file taken back) is beyond this reading and
 * says so rather than copying the wrong files.
 */
export function ignoredGlobs(gitignore: string): string[] {
  return gitignore.split(/\r?\n/).flatMap((line) => {
    const pattern = line.trim();
    if (pattern === '' || pattern.startsWith('#')) return [];
    if (pattern.startsWith('!')) throw new Error(`.gitignore: '${pattern}' takes a file back, which projectFiles (harness/project-files.ts) does not read`);
    const folderOnly = pattern.endsWith('/');
    const bare = pattern.replace(/\/+$/, '');
    const anchored = bare.includes('/');
    const glob = anchored ? bare.replace(/^\//, '') : `**/${bare}`;
    return folderOnly ? [`${glob}/**`] : [glob, `${glob}/**`];
  });
}
