import { readFileSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExifDisplay } from '../../data/manifest-schemas.ts';
import { privacyOptionsSchema } from '../../data/site-config.ts';
import { endExiftool } from '../../pipeline/photos/exiftool-process.ts';
import { run } from '../../pipeline/photos/metadata.ts';
import { fixture } from '../../harness/ingest-tree.ts';

/** Recorded once with the ExifTool executable (tests/fixtures/exiftool/record.ts); never re-run by the tests. */
const expected = JSON.parse(readFileSync(fixture('exiftool/expected.json'), 'utf8')) as {
  exiftool: string;
  photos: Record<string, { panel: ExifDisplay | null }>;
};
const FIELDS = ['camera', 'lens', 'focalLength', 'aperture', 'iso', 'shutterSpeed', 'dateTaken'] as const;
const privacy = privacyOptionsSchema.parse({});

describe(`the pipeline's panel values match ExifTool ${expected.exiftool} on every photo fixture`, () => {
  afterAll(endExiftool);

  it('on at least 97% of the photos, all seven fields', async () => {
    const mismatches: string[] = [];
    let fieldsMatching = 0;
    const entries = Object.entries(expected.photos);
    for (const [file, { panel }] of entries) {
      const path = fixture(file);
      const { exif, warning } = await run(path, statSync(path).size, privacy);
      const differing = FIELDS.filter((f) => (exif?.[f] ?? null) !== (panel?.[f] ?? null));
      fieldsMatching += FIELDS.length - differing.length;
      if (differing.length > 0) mismatches.push(`${file}: ${differing.map((f) => `${f} '${exif?.[f]}' ≠ '${panel?.[f]}'`).join(', ')}${warning ? ` (${warning})` : ''}`);
    }
    const matching = entries.length - mismatches.length;
    const rate = matching / entries.length;
    console.log(
      `ExifTool match: ${matching}/${entries.length} photos (${(rate * 100).toFixed(1)}%) on all seven fields, ` +
        `${fieldsMatching}/${entries.length * FIELDS.length} fields${mismatches.length > 0 ? `\n  ${mismatches.join('\n  ')}` : ''}`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(25);
    expect(rate, mismatches.join('\n')).toBeGreaterThanOrEqual(0.97);
  });

  it('names the lenses recorded only in maker notes, and reads AVIF, WebP and HEIC', async () => {
    const read = async (file: string) => (await run(fixture(file), statSync(fixture(file)).size, privacy)).exif;
    expect((await read('photos/epy_nikon-d3100_gps.jpg'))?.lens).toBe('AF-S DX VR Zoom-Nikkor 18-105mm f/3.5-5.6G ED');
    expect((await read('exif/ian_nikon-d300_lens-data.jpeg'))?.lens).toBe('AF-S Nikkor 28-300mm f/3.5-5.6G ED VR');
    expect((await read('exif/mei_olympus-pen-e-p3.jpg'))?.lens).toBe('OLYMPUS M.17mm F1.8');
    expect((await read('exif/et_pentax.jpg'))?.lens).toBe('Sigma AF 10-20mm F4-5.6 EX DC');
    expect((await read('exif/epy_sony-dslr-a200_clock-2007-01-01.jpg'))?.lens).toBe('Minolta/Sony AF DT 18-70mm F3.5-5.6 (D)');
    expect((await read('exif/ian_casio-ex-z750_31kb-makernote.jpg'))?.iso).toBe('50');
    expect((await read('exif/dc_polaroid-pdc640m.jpg'))?.camera).toBe('TEKOM D30CC');
    expect(await read('exif/mei_avif_20mp.avif')).toMatchObject({ camera: 'Canon EOS 70D', lens: 'EF50mm f/1.8 STM', iso: '400' });
    expect(await read('exif/imm_denali.webp')).toMatchObject({ camera: 'Canon EOS 7D', lens: 'EF28-80mm f/3.5-5.6 USM', dateTaken: '2010/08/13' });
    expect(await read('exif/dc_apple-iphone13pro.heic')).toMatchObject({ camera: 'Apple iPhone 13 Pro', focalLength: '5.7 mm', dateTaken: '2021/09/27' });
  });
});
