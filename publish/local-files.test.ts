import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HASHES_FILE, localFiles } from './local-files.ts';

/**
 * The kept hashes (.publish-hashes.json) spare a publish reading every file again; a file that
 * is not exactly what the publisher writes is dropped whole, and every file hashed afresh.
 */
let dir: string;
const notHidden = (key: string) => !key.startsWith('.');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const kept = async () => JSON.parse(await readFile(join(dir, HASHES_FILE), 'utf8')) as { version: number; files: Record<string, { identity: string; etag: string; size: number }> };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-files-'));
  await mkdir(join(dir, 'photos'));
  await writeFile(join(dir, 'photos', 'a.jpg'), 'a photo');
  await writeFile(join(dir, 'b.json'), '{"b":1}');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('localFiles and its kept hashes', () => {
  it('hashes every file the first time and keeps the hashes', async () => {
    const files = await localFiles(dir, notHidden);
    expect(files.map((f) => f.key)).toEqual(['b.json', 'photos/a.jpg']);
    // A photo is uploaded as it is (text is gzipped first, and hashed as uploaded).
    expect(files[1]!.etag).toBe(md5('a photo'));
    expect(Object.keys((await kept()).files).sort()).toEqual(['b.json', 'photos/a.jpg']);
  });

  it('takes a kept hash for a file whose identity on disk is unchanged', async () => {
    await localFiles(dir, notHidden);
    const hashes = await kept();
    // A hash no file of this content has: only the kept one can give it.
    hashes.files['b.json']!.etag = 'kept';
    await writeFile(join(dir, HASHES_FILE), JSON.stringify(hashes));
    expect((await localFiles(dir, notHidden)).find((f) => f.key === 'b.json')?.etag).toBe('kept');
  });

  it.for([
    ['another version', (h: Record<string, unknown>) => ({ ...h, version: 2 })],
    ['a field more', (h: Record<string, unknown>) => ({ ...h, written: 'today' })],
    ['files as a list', (h: Record<string, unknown>) => ({ ...h, files: [] })],
    ['an entry without its size', (h: { files: Record<string, Record<string, unknown>> }) => ({ ...h, files: { ...h.files, 'photos/a.jpg': { identity: 'x', etag: 'y' } } })],
    ['not an object', () => null],
  ] as const)('drops the kept hashes whole when the file has %s', async ([, damage]) => {
    const first = await localFiles(dir, notHidden);
    const hashes = await kept();
    hashes.files['b.json']!.etag = 'kept';
    await writeFile(join(dir, HASHES_FILE), JSON.stringify(damage(hashes as never)));
    expect((await localFiles(dir, notHidden)).map((f) => f.etag)).toEqual(first.map((f) => f.etag));
    expect((await kept()).version).toBe(1);
  });

  it('hashes everything again when the kept hashes are not JSON', async () => {
    const first = await localFiles(dir, notHidden);
    await writeFile(join(dir, HASHES_FILE), '{"version":1,"files":{');
    expect((await localFiles(dir, notHidden)).map((f) => f.etag)).toEqual(first.map((f) => f.etag));
    expect((await kept()).version).toBe(1);
  });
});
