import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { readJson, runCli } from '../../harness/ingest-tree.ts';
import { withJpegShrink } from '../../pipeline/photos/renditions.ts';

describe('withJpegShrink', () => {
  it('asks libjpeg for the largest shrink that keeps the long edge at or above the display size', () => {
    expect(withJpegShrink('a.jpg', { format: 'jpeg', width: 6000, height: 4000 }, 2048)).toBe('a.jpg[shrink=2]');
    expect(withJpegShrink('a.jpg', { format: 'jpeg', width: 4000, height: 6000 }, 1024)).toBe('a.jpg[shrink=4]');
    expect(withJpegShrink('a.jpg', { format: 'jpeg', width: 20000, height: 3000 }, 2048)).toBe('a.jpg[shrink=8]');
    expect(withJpegShrink('a.jpg', { format: 'jpeg', width: 4000, height: 3000 }, 2048)).toBe('a.jpg');
  });

  it('leaves other formats to sharp', () => {
    expect(withJpegShrink('a.png', { format: 'png', width: 6000, height: 4000 }, 2048)).toBe('a.png');
  });
});

describe('a large JPEG with EXIF orientation 6, decoded with shrink-on-load', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'renditions-test-'));
    const folder = path.join(root, 'photos', 'life_list', 'Order', 'Family', 'Species');
    await mkdir(folder, { recursive: true });
    // Stored landscape 4400×2800, to be shown portrait: the renditions must come out 2800 wide × 4400 high, scaled.
    await sharp({ create: { width: 4400, height: 2800, channels: 3, background: '#6a8caf' } })
      .composite([{ input: { create: { width: 600, height: 600, channels: 3, background: '#f0d000' } }, left: 0, top: 0 }])
      .withExif({ IFD0: { Make: 'Test', Model: 'Camera' } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toFile(path.join(folder, 'portrait.jpg'));
    await writeFile(path.join(root, 'photos', 'site.json'), JSON.stringify({ owner: 'Test Owner' }));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps the orientation and the display size exact', async () => {
    const run = await runCli(['ingest', '--photos', path.join(root, 'photos'), '--out', path.join(root, 'out'), '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const index = photoIndexSchema.parse(await readJson(path.join(root, 'out', 'public', 'photo-index.json')));
    const [photo] = Object.values(index.photos);
    expect(photo).toMatchObject({ width: 2800, height: 4400 });
    expect(photo!.display).toMatchObject({ width: 1303, height: 2048 });
    const display = await sharp(path.join(root, 'out', 'public', photo!.display.path)).raw().toBuffer({ resolveWithObject: true });
    expect({ width: display.info.width, height: display.info.height }).toEqual({ width: 1303, height: 2048 });
    // The yellow square, top-left when stored, is top-right once turned 90° clockwise.
    const pixel = (x: number, y: number) => [...display.data.subarray((y * display.info.width + x) * 3, (y * display.info.width + x) * 3 + 3)];
    expect(pixel(display.info.width - 20, 20)[2]).toBeLessThan(80);
    expect(pixel(20, 20)[2]).toBeGreaterThan(140);
  });
});
