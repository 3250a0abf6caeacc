import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MAX_SCREENSHOT_BYTES, SCREENSHOTS, takeScreenshots } from '../../scripts/screenshots.ts';

/** `npm run screenshots` on the test site, into a temporary folder: the README's pictures can always be made again, and the tests never write docs/. */
let out: string | undefined;
afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('npm run screenshots', () => {
  it('photographs the home wall, the Life List, a species page, the lightbox, the lists and the recordings at 1280×800', async () => {
    out = await mkdtemp(join(tmpdir(), 'screenshots-'));
    // The test site has an eBird export and recordings, so the lists and a species' recordings are photographed too.
    const files = await takeScreenshots(inject('distDir'), out);
    expect(files).toEqual(SCREENSHOTS.map((name) => join(out!, `${name}.jpg`)));
    for (const file of files) {
      const bytes = await readFile(file);
      expect(bytes.length).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 800 });
    }
  });
});
