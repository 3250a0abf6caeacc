import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, isMissingFile, isTempName, removeEmptyParents, finishUnfinishedWrites, tempPathFor, unlessMissing, writeAtomically, writeFileAtomically } from './files.ts';

const dir = await mkdtemp(join(tmpdir(), 'node-lib-files-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('writes the file, making its folder, and leaves no temporary file beside it', async () => {
    const file = join(dir, 'atomic', 'sub', 'a.json');
    await writeFileAtomically(file, '{"a":1}');
    expect(await readFile(file, 'utf8')).toBe('{"a":1}');
    expect(await readdir(join(dir, 'atomic', 'sub'))).toEqual(['a.json']);
  });

  it('replaces a file whole', async () => {
    const file = join(dir, 'atomic', 'replace.txt');
    await writeFileAtomically(file, 'old text, longer than the new');
    await writeFileAtomically(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
  });
});

describe('writeAtomically', () => {
  it('removes its temporary file when the write fails, and leaves the old file as it was', async () => {
    const folder = join(dir, 'failing');
    const file = join(folder, 'state.json');
    await writeFileAtomically(file, 'before');
    const failure = writeAtomically(file, async (temp) => {
      await writeFile(temp, 'half a fi');
      throw new Error('disk full');
    });
    await expect(failure).rejects.toThrow('disk full');
    expect(await readdir(folder)).toEqual(['state.json']);
    expect(await readFile(file, 'utf8')).toBe('before');
  });

  it('removes its temporary file when the rename fails (a folder stands at the final name)', async () => {
    const folder = join(dir, 'rename-fails');
    await mkdir(join(folder, 'taken', 'inside'), { recursive: true });
    await expect(writeFileAtomically(join(folder, 'taken'), 'text')).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/) });
    expect(await readdir(folder)).toEqual(['taken']);
  });

  it('leaves nothing half-written when the run exits in the middle of a write (finishUnfinishedWrites), and the old file as it was', async () => {
    const folder = join(dir, 'interrupted');
    const file = join(folder, 'state.json');
    await writeFileAtomically(file, 'before');
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const write = writeAtomically(file, async (temp) => {
      await writeFile(temp, 'half a fi');
      started();
      await held;
    });
    await writing;
    expect((await readdir(folder)).filter(isTempName)).toHaveLength(1);
    finishUnfinishedWrites();
    expect(await readdir(folder)).toEqual(['state.json']);
    // Had the process not exited, the write would fail on its missing file rather than publish it.
    finish();
    await expect(write).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(file, 'utf8')).toBe('before');
  });

  it('names its temporary files so that a later run can tell them from the data', () => {
    const temp = tempPathFor(join(dir, 'x', 'index.json'));
    expect(temp.startsWith(join(dir, 'x', '.index.json'))).toBe(true);
    expect(isTempName(temp.split('/').at(-1)!)).toBe(true);
    expect(isTempName('index.json')).toBe(false);
    expect(isTempName('.hidden')).toBe(false);
  });
});

describe('unlessMissing', () => {
  it('gives the content of a file that is there', async () => {
    await writeFile(join(dir, 'a.txt'), 'hello');
    expect(await unlessMissing(readFile(join(dir, 'a.txt'), 'utf8'))).toBe('hello');
  });

  it('gives undefined for a missing file, and for a missing folder above it', async () => {
    expect(await unlessMissing(readFile(join(dir, 'none.txt'), 'utf8'))).toBeUndefined();
    expect(await unlessMissing(readFile(join(dir, 'no-folder', 'none.txt'), 'utf8'))).toBeUndefined();
  });

  it('rethrows a read that failed for another reason (a folder where the file should be)', async () => {
    await expect(unlessMissing(readFile(dir, 'utf8'))).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('tells missing from the other errors', () => {
    expect(isMissingFile(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(true);
    expect(isMissingFile(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
    expect(isMissingFile(new Error('ENOENT in the message only'))).toBe(false);
    expect(isMissingFile(undefined)).toBe(false);
  });
});

describe('filesUnder', () => {
  it('lists every file below a folder, relative and slash-separated, folders left out', async () => {
    const root = join(dir, 'listed');
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await mkdir(join(root, 'empty'));
    await writeFile(join(root, 'top.json'), '1');
    await writeFile(join(root, 'a', 'b', 'deep.json'), '2');
    expect((await filesUnder(root)).sort()).toEqual(['a/b/deep.json', 'top.json']);
  });

  it('gives the same paths however the folder is written (a trailing slash, a detour through ..)', async () => {
    const root = join(dir, 'written');
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await writeFile(join(root, 'top.json'), '1');
    await writeFile(join(root, 'a', 'b', 'deep.json'), '2');
    for (const written of [`${root}/`, join(root, 'a', '..') + '/../written', `${root}/./`]) {
      expect((await filesUnder(written)).sort(), written).toEqual(['a/b/deep.json', 'top.json']);
    }
  });

  it('lists nothing for a folder that is not there, and stops for one that is a file', async () => {
    expect(await filesUnder(join(dir, 'none'))).toEqual([]);
    await writeFile(join(dir, 'file'), 'x');
    await expect(filesUnder(join(dir, 'file'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('removeEmptyParents', () => {
  const exists = async (p: string) => (await unlessMissing(stat(p))) !== undefined;

  it('removes the folder and its empty parents, up to but not the root', async () => {
    const root = join(dir, 'empty-root');
    await mkdir(join(root, 'a', 'b', 'c'), { recursive: true });
    await removeEmptyParents(join(root, 'a', 'b', 'c'), root);
    expect(await exists(join(root, 'a'))).toBe(false);
    expect(await exists(root)).toBe(true);
  });

  it('stops quietly at the first folder that still holds something', async () => {
    const root = join(dir, 'kept-root');
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await writeFile(join(root, 'a', 'other.jpg'), 'x');
    await removeEmptyParents(join(root, 'a', 'b'), root);
    expect(await exists(join(root, 'a', 'b'))).toBe(false);
    expect(await readdir(join(root, 'a'))).toEqual(['other.jpg']);
  });

  it('stops quietly when the folder is gone already', async () => {
    const root = join(dir, 'gone-root');
    await mkdir(root, { recursive: true });
    await expect(removeEmptyParents(join(root, 'never', 'made'), root)).resolves.toBeUndefined();
    expect(await exists(root)).toBe(true);
  });

  it('never climbs to or above the root, even when the root is empty', async () => {
    const outer = join(dir, 'outer');
    const root = join(outer, 'root');
    await mkdir(root, { recursive: true });
    await removeEmptyParents(root, root);
    await removeEmptyParents(outer, root);
    expect(await exists(root)).toBe(true);
  });

  it('reports any other failure with the folder it concerns (a file where a folder should be)', async () => {
    const root = join(dir, 'odd-root');
    await mkdir(join(root, 'a'), { recursive: true });
    await writeFile(join(root, 'a', 'b'), 'a file, not a folder');
    const failure = removeEmptyParents(join(root, 'a', 'b'), root);
    await expect(failure).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(failure).rejects.toThrow(join(root, 'a', 'b'));
    expect(await exists(join(root, 'a', 'b'))).toBe(true);
  });
});
