import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ignoredGlobs, projectFiles } from './project-files.ts';

const root = mkdtempSync(join(tmpdir(), 'project-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the files a clone of the project holds, read without git', () => {
  it('leaves out .git and what .gitignore names, at any depth or from the root as it says', () => {
    const files = ['.gitignore', '.ci/run', 'package.json', 'web/a.ts', 'web/node_modules/x.js', 'node_modules/y/z.js', 'dist/index.html', 'data/generated/p.json', 'data/paths.ts', 'b.log', 'web/c.log', '.git/HEAD', 'tests/data/generated/kept.json'];
    for (const file of files) {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      writeFileSync(join(root, file), file === '.gitignore' ? '# owner output\nnode_modules/\ndist/\ndata/generated/\n*.log\n' : '');
    }
    expect(projectFiles(root).sort()).toEqual(['.ci/run', '.gitignore', 'data/paths.ts', 'package.json', 'tests/data/generated/kept.json', 'web/a.ts']);
  });

  it('says so rather than copy the wrong files when a pattern takes a file back', () => {
    expect(() => ignoredGlobs('*.log\n!keep.log\n')).toThrow(/'!keep.log' takes a file back/);
  });
});
