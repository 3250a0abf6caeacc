import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMissingFile, unlessMissing } from './optional-file.ts';

const dir = await mkdtemp(join(tmpdir(), 'optional-file-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

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
