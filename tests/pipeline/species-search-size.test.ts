import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { searchDataSchema } from '../../data/site-data-schemas.ts';

const WEB = path.resolve(import.meta.dirname, '../../web/components');

/** (Runs in node with the unit tests: esbuild does not run under jsdom.) What the search box fetches on first use: its code chunk (MiniSearch included) and the species list. */
describe('species search size', () => {
  it('loads at most 30 KB gzip for 800 species: the search code plus the species list', async () => {
    // 800 entries with names as long as the sample's (each name made distinct by a prefix), in the published file's shape (site-data/search.json).
    const sample = readFileSync(path.resolve(import.meta.dirname, '../fixtures/ebird/sample-MyEBirdData.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((f) => f.length > 3 && /^\d+$/.test(f[3]!) && !/ sp\.|\/| x |\(/.test(f[1]!))
      .map((f) => [f[1]!, f[2]!] as const);
    const unique = [...new Map(sample.map((s) => [s[0], s])).values()];
    const prefixes = ['', 'Northern ', 'Southern ', 'Eastern ', 'Western ', 'Lesser ', 'Greater ', 'Common ', 'Little '];
    const entries = prefixes.flatMap((p, i) => unique.map(([name, sci]) => ({ name: `${p}${name}`, scientificName: `${sci}${i ? ` ${'abcdefgh'[i - 1]}` : ''}` }))).slice(0, 800);
    expect(entries).toHaveLength(800);
    const listGzip = gzipSync(`${JSON.stringify(searchDataSchema.parse({ species: entries }))}\n`).length;
    const bundle = await build({ entryPoints: [path.join(WEB, 'species-search-index.ts')], bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent' });
    const codeGzip = gzipSync(bundle.outputFiles[0]!.contents).length;
    console.info(`species search: list ${(listGzip / 1024).toFixed(1)} KB gzip, code ${(codeGzip / 1024).toFixed(1)} KB gzip`);
    expect(listGzip + codeGzip).toBeLessThanOrEqual(30 * 1024);
  });
});
