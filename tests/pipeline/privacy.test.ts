import { readFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endExiftool } from '../../pipeline/photos/exiftool-process.ts';
import { readTags } from '../../pipeline/photos/exiftool.ts';
import { fixture, ingestArgs, makeTree, publishedFiles, runCli, type Tree } from '../../harness/ingest-tree.ts';

const GPS_PHOTOS = {
  'Order/Family/Species/nikon.jpg': fixture('photos/epy_nikon-d3100_gps.jpg'),
  'Order/Family/Species/png-photo.png': fixture('photos/exr_png-with-exif-and-gps.png'),
  'Order/Family/Species/iphone.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
  'Order/Family/Species/highsmith.jpg': fixture('exif/imm_highsmith_gps_lens-xmp.jpg'),
  // HEIC, AVIF and WebP with GPS and serial numbers, and the photographer's words with contact and location fields.
  'Order/Family/Species/spoonbill.heic': fixture('photos/derived_iphone13pro_gps-words.heic'),
  'Order/Family/Species/irvine.avif': fixture('photos/derived_iphone3gs_gps-serial.avif'),
  'Order/Family/Species/denali.webp': fixture('photos/derived_denali_gps.webp'),
  'Order/Family/Species/blue-tit.jpg': fixture('photos/derived_nikon-d3100_iptc-words.jpg'),
};

/** Serial numbers, creator contact fields and location names in those files: none may be published by default. */
const NEVER_PUBLISHED = ['SNBODY884211', 'SNLENS551902', '1070700342', '6754846', 'owner@example.org', '12 Heron Lane', '+31 555 0100', 'Sanibel', 'Ding Darling', 'Leiden'];

/** Decimal degrees of every GPS-tagged original (read by ExifTool: exifr has no HEIC/WebP GPS), to look for in the published files. */
async function positionsOf(files: string[]): Promise<Array<{ latitude: number; longitude: number }>> {
  const positions = [];
  for (const file of files) {
    const { tags } = await readTags(file, { gps: true });
    expect(tags.GPSLatitude, `${file} should carry GPS for this test to mean anything`).toBeTypeOf('number');
    positions.push({ latitude: Number(tags.GPSLatitude), longitude: Number(tags.GPSLongitude) });
  }
  await endExiftool();
  return positions;
}

describe('privacy: no GPS position and no serial number reaches a published file', () => {
  let tree: Tree;
  let positions: Array<{ latitude: number; longitude: number }>;

  beforeAll(async () => {
    tree = await makeTree({ files: GPS_PHOTOS, site: { owner: 'Test Owner' } });
    positions = await positionsOf(Object.values(GPS_PHOTOS));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
  });
  afterAll(() => tree.cleanup());

  it('every published image has no GPS tags', async () => {
    const files = await publishedFiles(tree.publicDir);
    const images = files.filter((f) => /\.(jpe?g|png|webp|avif)$/i.test(f));
    expect(images.length).toBeGreaterThanOrEqual(4 * 3);
    for (const file of images) {
      const full = path.join(tree.publicDir, file);
      const tags = (await exifr.parse(full, { gps: true, xmp: true, tiff: true, ifd1: true, interop: true, translateKeys: true }).catch(() => undefined)) ?? {};
      const gpsKeys = Object.keys(tags).filter((k) => /^GPS|latitude|longitude/i.test(k));
      expect(gpsKeys, file).toEqual([]);
      expect(Object.keys(tags).filter((k) => /serial/i.test(k)), file).toEqual([]);
    }
  });

  it('the display rendition keeps what the metadata panel shows, so a downloaded photo still names its camera', async () => {
    const display = path.join(tree.publicDir, 'life_list/Order/Family/Species/nikon.jpg');
    const tags = await exifr.parse(display, { reviveValues: false });
    expect(tags).toMatchObject({ Model: expect.stringMatching(/D3100/) });
    expect(tags.FNumber ?? tags.ExposureTime ?? tags.FocalLength).toBeDefined();
    const thumbnail = path.join(tree.publicDir, 'life_list/Order/Family/Species/nikon_lowq.jpg');
    expect(await exifr.parse(thumbnail).catch(() => undefined)).toBeUndefined();
  });

  it('no published file holds a serial number, a creator contact or a location name', async () => {
    const files = await publishedFiles(tree.publicDir);
    expect(files.filter((f) => /spoonbill|irvine|denali|blue-tit/.test(f)).length).toBeGreaterThanOrEqual(4 * 3);
    for (const file of files) {
      const bytes = await readFile(path.join(tree.publicDir, file));
      for (const secret of NEVER_PUBLISHED) expect(bytes.includes(secret), `${file} contains ${secret}`).toBe(false);
    }
  });

  it('no manifest or page data file mentions a position', async () => {
    const files = (await publishedFiles(tree.publicDir)).filter((f) => f.endsWith('.json'));
    // The five manifests and the media index, and the per-page data files (home, credits, levels, species).
    expect(files.filter((f) => !f.startsWith('site-data/'))).toHaveLength(6);
    expect(files.filter((f) => f.startsWith('site-data/')).length).toBeGreaterThan(3);
    const index = await readFile(path.join(tree.publicDir, 'photo-index.json'), 'utf8');
    // The photographer's words are published (they are what the privacy rules let through).
    expect(index).toContain('Roseate Spoonbill at dawn');
    for (const file of files) {
      const text = await readFile(path.join(tree.publicDir, file), 'utf8');
      expect(text, file).not.toMatch(/gps|latitude|longitude/i);
      for (const { latitude, longitude } of positions) {
        // The first decimals of each coordinate, as any serialisation would print them.
        expect(text, file).not.toContain(Math.abs(latitude).toFixed(3));
        expect(text, file).not.toContain(Math.abs(longitude).toFixed(3));
      }
    }
  });

  it('originals are not published unless site.json opts in', async () => {
    const files = await publishedFiles(tree.publicDir);
    expect(files.filter((f) => f.startsWith('originals/'))).toEqual([]);
  });
});

describe('privacy opt-ins', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({
      files: { 'Order/Family/Species/nikon.jpg': fixture('photos/epy_nikon-d3100_gps.jpg') },
      site: { owner: 'Test Owner', privacy: { keepGps: true, publishOriginals: true } },
    });
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
  });
  afterAll(() => tree.cleanup());

  it('keepGps keeps the position in the display rendition only; publishOriginals copies the original as-is', async () => {
    const [position] = await positionsOf([fixture('photos/epy_nikon-d3100_gps.jpg')]);
    const display = await exifr.gps(path.join(tree.publicDir, 'life_list/Order/Family/Species/nikon.jpg'));
    expect(display?.latitude).toBeCloseTo(position!.latitude, 4);
    expect(display?.longitude).toBeCloseTo(position!.longitude, 4);
    expect(await exifr.gps(path.join(tree.publicDir, 'life_list/Order/Family/Species/nikon_lowq.jpg')).catch(() => undefined)).toBeUndefined();
    const original = await readFile(path.join(tree.publicDir, 'originals/life_list/Order/Family/Species/nikon.jpg'));
    expect(original.equals(await readFile(fixture('photos/epy_nikon-d3100_gps.jpg')))).toBe(true);
  });
});
