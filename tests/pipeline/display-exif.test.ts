import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIFR_OPTIONS, formatExif, hasAnyExif, type RawExif } from '../../data/exif-display.ts';
import { photoIndexSchema, type PhotoIndex } from '../../data/manifest-schemas.ts';
import { FIXTURES, ingestArgs, makeTree, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';

/**
 * The site falls back to reading EXIF from the display rendition in the browser when a
 * photo has no index entry; it must then show exactly what the index would have shown.
 */
describe('the display rendition carries the metadata panel values of the index', () => {
  let tree: Tree;
  let index: PhotoIndex;

  beforeAll(async () => {
    // Every photo fixture, whatever its format (JPEG, PNG, TIFF, WebP, AVIF, HEIC): the display is a JPEG.
    const files: Record<string, string> = {};
    for (const dir of ['exif', 'photos']) {
      for (const name of await readdir(path.join(FIXTURES, dir))) {
        if (/\.(jpe?g|png|tiff?|webp|avif|heic)$/i.test(name)) files[`Order/Family/Species ${dir}/${name}`] = path.join(FIXTURES, dir, name);
      }
    }
    tree = await makeTree({ files });
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code, run.stderr).toBe(0);
    index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
  });
  afterAll(() => tree.cleanup());

  it('reads back, through formatExif, the same seven values for every real camera file', async () => {
    const photos = Object.values(index.photos);
    expect(photos.length).toBeGreaterThanOrEqual(30);
    for (const photo of photos) {
      // A visitor who downloads the display file gets the panel's values: read back here with exifr.
      const bytes = await readFile(path.join(tree.publicDir, photo.display.path));
      const raw = (await exifr.parse(bytes, EXIFR_OPTIONS)) as RawExif | undefined;
      if (photo.exif === null) {
        expect(hasAnyExif(raw), photo.source).toBe(false);
        continue;
      }
      expect(raw, photo.source).toBeDefined();
      expect(formatExif(raw!), photo.source).toEqual(photo.exif);
    }
  });
});
