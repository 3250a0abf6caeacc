import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { EXIFR_OPTIONS } from '../../data/exif-display.ts';
import { readMetadataBytes } from './exif-bytes.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures');
const read = async (relative: string) => {
  const file = path.join(fixtures, relative);
  const { size } = await stat(file);
  return { file, size, bytes: await readMetadataBytes(file, size) };
};

describe('readMetadataBytes on real files', () => {
  it('finds EXIF that exifr reading the path cannot reach', async () => {
    const { file, bytes } = await read('photos/exif-after-large-segment.jpg');
    const byPath = await exifr.parse(file, EXIFR_OPTIONS).catch(() => undefined);
    const ours = await exifr.parse(bytes, EXIFR_OPTIONS);
    expect(Object.keys(ours ?? {}).length).toBeGreaterThan(Object.keys(byPath ?? {}).length);
    expect(ours).toMatchObject({ CreateDate: '2005-01-25T10:30:15-08:00', PixelXDimension: 3000 });
  });

  it('returns a small JPEG of SOI, the metadata segments and EOI, not the image', async () => {
    const { size, bytes } = await read('exif/mei_nikon-d5000.jpg');
    expect(bytes.length).toBeLessThan(size / 2);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const tags = await exifr.parse(bytes, EXIFR_OPTIONS);
    expect(tags.Model).toBe('NIKON D5000');
    // The lens of this file is only in XMP: the XMP segment was kept too.
    expect(tags.Lens ?? tags.LensModel).toBeTruthy();
  });

  it('hands over XMP written under a non-standard header under the standard one', async () => {
    // A Nikon D700 photo with no EXIF block: its camera data is XMP whose APP1 header reads 'XMP\0://ns.adobe.com/xap/1.0/'.
    const { bytes } = await read('exif/sample_nikon-d700_wood-duck.jpg');
    // SOI, then APP1 (FF E1, its length), the standard header and the packet, then EOI.
    expect([...bytes.subarray(2, 4)]).toEqual([0xff, 0xe1]);
    expect(bytes.readUInt16BE(4)).toBe(bytes.length - 4 - 2);
    expect(bytes.subarray(6, 35).toString('latin1')).toBe('http://ns.adobe.com/xap/1.0/\0');
    expect(bytes.subarray(35, 44).toString('latin1')).toBe('<?xpacket');
    expect(await exifr.parse(bytes, EXIFR_OPTIONS)).toMatchObject({ Model: 'NIKON D700', FNumber: '56/10' });
  });

  it('keeps the orientation of a rotated camera file', async () => {
    const { bytes } = await read('exif/dc_canon-5dmk3_orient6.jpg');
    expect((await exifr.parse(bytes, EXIFR_OPTIONS)).Orientation).toBe(6);
  });

  it('gives just SOI + EOI for a JPEG without metadata', async () => {
    const { bytes } = await read('exif/dc_sony-mavica-fd88_noexif.jpg');
    expect([...bytes]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('reads a small non-JPEG whole, so a PNG eXIf chunk is found', async () => {
    const { size, bytes } = await read('photos/exr_png-with-exif-and-gps.png');
    expect(bytes.length).toBe(size);
    expect(await exifr.parse(bytes, EXIFR_OPTIONS)).toBeTruthy();
  });

  it('copes with files that are empty or not images', async () => {
    expect((await read('broken/empty.jpg')).bytes.length).toBe(0);
    expect((await read('broken/git-lfs-pointer.jpg')).bytes.length).toBe(129);
  });
});
