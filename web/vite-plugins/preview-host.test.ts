import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileFor } from './preview-host.ts';

const dist = mkdtempSync(join(tmpdir(), 'preview-host-'));
for (const file of ['index.html', '404.html', 'info/index.html', 'species/Wood Duck/index.html', 'assets/a.js']) {
  mkdirSync(join(dist, file, '..'), { recursive: true });
  writeFileSync(join(dist, file), '');
}
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('vite preview as a host', () => {
  it('serves a file or a folder page as it is named', () => {
    expect(fileFor(dist, '/', '/')).toBe('as-is');
    expect(fileFor(dist, '/', '/info/')).toBe('as-is');
    expect(fileFor(dist, '/', '/assets/a.js')).toBe('as-is');
    expect(fileFor(dist, '/', '/species/Wood%20Duck/')).toBe('as-is');
  });

  it("serves a page's other forms its folder's index.html", () => {
    expect(fileFor(dist, '/', '/info')).toBe('/info/index.html');
    expect(fileFor(dist, '/', '/info.html')).toBe('/info/index.html');
    expect(fileFor(dist, '/', '/info/index')).toBe('/info/index.html');
    expect(fileFor(dist, '/', '/species/Wood%20Duck')).toBe('/species/Wood%20Duck/index.html');
    expect(fileFor(dist, '/birds/', '/birds')).toBe('/birds/index.html');
    expect(fileFor(dist, '/birds/', '/birds/info')).toBe('/birds/info/index.html');
  });

  it('finds nothing for a path with no file (the 404 page then)', () => {
    expect(fileFor(dist, '/', '/life-list/No+Such+Folder')).toBeUndefined();
    expect(fileFor(dist, '/', '/no/such/page/')).toBeUndefined();
    expect(fileFor(dist, '/', '/site-data/none.json')).toBeUndefined();
  });
});
