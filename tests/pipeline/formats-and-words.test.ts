import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema, type PhotoEntry } from '../../data/manifest-schemas.ts';
import { photoId } from '../../data/paths.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';

const LEAF = 'Order/Family/Species';
const FILES = {
  [`${LEAF}/spoonbill.heic`]: fixture('photos/derived_iphone13pro_gps-words.heic'),
  [`${LEAF}/irvine.avif`]: fixture('photos/derived_iphone3gs_gps-serial.avif'),
  [`${LEAF}/denali.webp`]: fixture('photos/derived_denali_gps.webp'),
  [`${LEAF}/blue-tit.jpg`]: fixture('photos/derived_nikon-d3100_iptc-words.jpg'),
};

async function ingest(site: Record<string, unknown>): Promise<{ tree: Tree; photos: Record<string, PhotoEntry>; stderr: string }> {
  const tree = await makeTree({ files: FILES, site: { owner: 'Test Owner', ...site } });
  const run = await runCli(ingestArgs(tree, '--quiet'));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
  const photos = Object.fromEntries(Object.values(index.photos).map((p) => [path.posix.basename(p.source), p]));
  return { tree, photos, stderr: run.stderr };
}

describe('HEIC, AVIF and WebP published with their metadata; the photographer\'s words', () => {
  let tree: Tree;
  let photos: Record<string, PhotoEntry>;
  beforeAll(async () => ({ tree, photos } = await ingest({})));
  afterAll(() => tree.cleanup());

  it('publishes a HEIC turned by its rotation box, with its camera metadata', async () => {
    const heic = photos['spoonbill.heic']!;
    // Stored 4032 × 3024 with irot (and EXIF Orientation 6): published upright, not turned twice.
    expect([heic.width, heic.height]).toEqual([3024, 4032]);
    expect(heic.exif).toMatchObject({ camera: 'Apple iPhone 13 Pro', lens: 'iPhone 13 Pro back triple camera 5.7mm f/1.5', iso: '40', dateTaken: '2021/09/27' });
    expect(heic.takenOn).toBe('2021-09-27');
    const display = await sharp(path.join(tree.publicDir, heic.display.path)).metadata();
    expect(display.height).toBeGreaterThan(display.width);
    expect(display.orientation ?? 1).toBe(1);
    // The display rendition keeps the panel's tags.
    expect(await exifr.parse(path.join(tree.publicDir, heic.display.path))).toMatchObject({ Model: 'iPhone 13 Pro' });
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it('reads the EXIF of AVIF and WebP', () => {
    expect(photos['irvine.avif']!.exif).toMatchObject({ camera: 'Apple iPhone 3GS' });
    expect(photos['denali.webp']!.exif).toMatchObject({ camera: 'Canon EOS 7D', lens: 'EF28-80mm f/3.5-5.6 USM', aperture: 'f/11', dateTaken: '2010/08/13' });
  });

  it('publishes title, caption and keywords from XMP and from IPTC, as written', () => {
    expect(photos['spoonbill.heic']).toMatchObject({
      title: 'Roseate Spoonbill at dawn',
      caption: 'Feeding in the shallows <b>before</b> sunrise & "quietly"',
      keywords: ['spoonbill', 'wading birds'],
    });
    expect(photos['blue-tit.jpg']).toMatchObject({
      title: 'Blue tit on a birch',
      caption: 'Winter visitor; 5 </script><script>alert(1)</script>',
      keywords: ['tit', 'garden'],
    });
    expect(photos['denali.webp']).toMatchObject({ title: 'Denali National Park and Preserve' });
    expect(photos['irvine.avif']!.title).toBeUndefined();
    for (const photo of Object.values(photos)) expect(photo.location).toBeUndefined();
  });
});

describe('IPTC location names with privacy.publishLocationNames', () => {
  it('are published as the photo\'s location, most precise first', async () => {
    const { tree, photos } = await ingest({ privacy: { publishLocationNames: true } });
    try {
      expect(photos['spoonbill.heic']!.location).toBe('Ding Darling NWR, Sanibel, Florida, USA');
      expect(photos['blue-tit.jpg']!.location).toBe('Leiden, Netherlands');
      expect(photos['irvine.avif']!.location).toBeUndefined();
      expect(photos['spoonbill.heic']!.id).toBe(photoId(`${LEAF}/spoonbill.heic`));

      // Turned off again: the unchanged photos are read again, and the names are gone.
      await writeFile(path.join(tree.photosDir, 'site.json'), JSON.stringify({ owner: 'Test Owner' }));
      const again = await runCli(ingestArgs(tree, '--quiet'));
      expect(again.code).toBe(0);
      const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
      for (const photo of Object.values(index.photos)) expect(photo.location).toBeUndefined();
      expect(index.photos[photoId(`${LEAF}/spoonbill.heic`)]!.caption).toMatch(/^Feeding in the shallows/);
    } finally {
      await tree.cleanup();
    }
  });
});
