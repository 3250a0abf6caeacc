import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, inject, it } from 'vitest';
import { ebirdSecrets, leakedSecrets } from '../../harness/ebird-secrets.ts';

/**
 * The built sample site (ingest + build with photos/ebird/MyEBirdData.csv) holds no
 * coordinate, location name, comment or checklist id of the export, in any text file.
 */
const distDir = inject('distDir');
const exportFile = join(inject('photosDir'), 'ebird/MyEBirdData.csv');

describe('privacy of the eBird export in dist/', () => {
  it('publishes none of its private values', async () => {
    // Two-character values (the sample's Location ID 'L1') occur by chance in minified code; every longer one is checked.
    const secrets = ebirdSecrets(readFileSync(exportFile, 'utf8')).filter((s) => s.length > 2);
    // The sample has home addresses, comments and coordinates to find.
    expect(secrets.length).toBeGreaterThan(100);
    const files = await fg('**/*.{html,json,js,css,xml,txt,webmanifest}', { cwd: distDir, dot: true });
    expect(files.length).toBeGreaterThan(50);
    // The outings (a page and a data file per day and trip) are among the files checked.
    expect(files.filter((f) => f.startsWith('outings/') && f.endsWith('.html')).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.startsWith('site-data/outings/')).length).toBeGreaterThan(10);
    const leaks = files.flatMap((file) => leakedSecrets(readFileSync(join(distDir, file), 'utf8'), secrets).map((secret) => `${file}: ${secret}`));
    expect(leaks).toEqual([]);
  });
});
