import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renditionOptionsSchema } from '../../data/site-config.ts';
import { sourceFile, TILE_BYTES_BUDGET, TILE_MAX_WIDTH } from './renditions.ts';

/** Fine detail everywhere, `amplitude` strong (a plumage in sharp focus, or sensor noise): what makes a small file heavy. */
function detailedPhoto(width: number, height: number, amplitude: number): () => sharp.Sharp {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.round(128 + (((seed >> 16) & 0xff) / 255 - 0.5) * amplitude);
  }
  return () => sharp(data, { raw: { width, height, channels: 3 } });
}

const webpAt = (pixels: () => sharp.Sharp, width: number, quality: number) => pixels().resize({ width }).webp({ quality }).toBuffer();

describe("a srcset file's weight", () => {
  const renditions = renditionOptionsSchema.parse({});

  it('keeps a tile within the budget a phone receives in one round trip, at a lower quality than configured', async () => {
    const pixels = detailedPhoto(360, 240, 80);
    expect((await webpAt(pixels, 360, renditions.webpQuality)).length).toBeGreaterThan(TILE_BYTES_BUDGET);
    const tile = await sourceFile(pixels, 360, 'webp', renditions);
    expect(tile).toMatchObject({ width: 360, height: 240 });
    expect(tile.data.length).toBeLessThanOrEqual(TILE_BYTES_BUDGET);
    expect(await sharp(tile.data).metadata()).toMatchObject({ format: 'webp', width: 360, height: 240 });
  });

  it('stops at the quality floor: a tile that cannot fit stays a usable photo', async () => {
    const pixels = detailedPhoto(TILE_MAX_WIDTH, 320, 255);
    const tile = await sourceFile(pixels, TILE_MAX_WIDTH, 'webp', renditions);
    expect(tile.data.length).toBeGreaterThan(TILE_BYTES_BUDGET);
    // 80, 74, 68, then 62: the last step above the floor of 60.
    expect(tile.data.equals(await webpAt(pixels, TILE_MAX_WIDTH, 62))).toBe(true);
  });

  it('leaves a file that fits, and every wider one, at the configured quality', async () => {
    const plain = detailedPhoto(1200, 800, 10);
    expect((await sourceFile(plain, 360, 'webp', renditions)).data.equals(await webpAt(plain, 360, renditions.webpQuality))).toBe(true);
    const detailed = detailedPhoto(1200, 800, 255);
    expect((await sourceFile(detailed, 720, 'webp', renditions)).data.equals(await webpAt(detailed, 720, renditions.webpQuality))).toBe(true);
  });
});
