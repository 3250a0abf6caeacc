import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIFR_OPTIONS, UNKNOWN, dateTakenIso, formatExif, hasAnyExif, unreadableDateTaken, type RawExif } from './exif-display.ts';
import type { ExifDisplay } from './manifest-schemas.ts';

const fixtureDir = fileURLToPath(new URL('../tests/fixtures/exif/', import.meta.url));

/** What the pipeline and the site do: exifr on the file's bytes with the shared options. */
async function readRaw(fileName: string): Promise<RawExif | undefined> {
  return (await exifr.parse(readFileSync(fixtureDir + fileName), EXIFR_OPTIONS)) as RawExif | undefined;
}

const ALL_UNKNOWN: ExifDisplay = {
  camera: UNKNOWN,
  lens: UNKNOWN,
  focalLength: UNKNOWN,
  aperture: UNKNOWN,
  iso: UNKNOWN,
  shutterSpeed: UNKNOWN,
  dateTaken: UNKNOWN,
};

/** formatExif of a synthetic raw object, for rules that concern one field. */
function display(raw: RawExif): ExifDisplay {
  return formatExif(raw);
}

describe('formatExif on real camera files', () => {
  // Each expectation below was worked out from the file's raw tags (noted in the comments),
  // not copied from the formatter's output.

  it('Canon 5D Mark III, portrait (Orientation 6): make not repeated, EXIF LensModel', async () => {
    const raw = await readRaw('dc_canon-5dmk3_orient6.jpg');
    // Make 'Canon', Model 'Canon EOS 5D Mark III', ExposureTime 0.008 = 1/125, DateTimeOriginal '2023:09:01 17:21:05'.
    expect(raw?.Orientation).toBe(6);
    expect(formatExif(raw!)).toEqual({
      camera: 'Canon EOS 5D Mark III',
      lens: 'EF28-135mm f/3.5-5.6 IS USM',
      focalLength: '135 mm',
      aperture: 'f/5.6',
      iso: '320',
      shutterSpeed: '1/125 s',
      dateTaken: '2023/09/01',
    });
  });

  it('Nikon D5000: "NIKON CORPORATION" not repeated, lens only in XMP aux:Lens', async () => {
    const raw = (await readRaw('mei_nikon-d5000.jpg'))!;
    expect(raw.Make).toBe('NIKON CORPORATION');
    expect(raw.LensModel).toBeUndefined();
    expect(raw.Lens).toBe('18.0-55.0 mm f/3.5-5.6');
    // ExposureTime 0.005 = 1/200; FNumber 7.1; DateTimeOriginal '2011:03:12 15:36:11'.
    expect(formatExif(raw)).toEqual({
      camera: 'NIKON D5000',
      lens: '18.0-55.0 mm f/3.5-5.6',
      focalLength: '18 mm',
      aperture: 'f/7.1',
      iso: '200',
      shutterSpeed: '1/200 s',
      dateTaken: '2011/03/12',
    });
  });

  it('Canon EOS 7D: lens name from XMP, preferred over the XMP LensInfo range', async () => {
    const raw = (await readRaw('mei_canon-eos-7d_lens-xmp-only.jpg'))!;
    expect(raw.LensModel).toBeUndefined();
    expect(raw.LensInfo).toBe('24/1 70/1 0/0 0/0');
    // FocalLength 57, FNumber 11, ISO 200, ExposureTime 0.008, DateTimeOriginal '2010:12:12 12:41:35'.
    expect(formatExif(raw)).toEqual({
      camera: 'Canon EOS 7D',
      lens: 'EF24-70mm f/2.8L USM',
      focalLength: '57 mm',
      aperture: 'f/11',
      iso: '200',
      shutterSpeed: '1/125 s',
      dateTaken: '2010/12/12',
    });
  });

  it('Olympus E-M10: ISO written as a list [200, 0] reads as its first value', async () => {
    const raw = (await readRaw('exr_olympus-e-m10_iso-array.jpg'))!;
    expect(Array.from(raw.ISO as Uint16Array)).toEqual([200, 0]);
    expect(raw.Make).toBe('OLYMPUS IMAGING CORP.');
    expect(formatExif(raw)).toEqual({
      camera: 'OLYMPUS E-M10',
      lens: UNKNOWN,
      focalLength: '31 mm',
      aperture: 'f/5.6',
      iso: '200',
      shutterSpeed: '1/200 s',
      dateTaken: '2018/04/27',
    });
  });

  it("Olympus C750UZ: a '0000:00:00' date is Unknown, and the later edit date is not used instead", async () => {
    const raw = (await readRaw('mei_olympus-c750uz_date-0000.jpg'))!;
    expect(raw.DateTimeOriginal).toBe('0000:00:00 00:00:00');
    expect(raw.CreateDate).toBe('0000:00:00 00:00:00');
    // GIMP re-saved the file in 2023: that is not when it was taken.
    expect(raw.ModifyDate).toBe('2023:04:05 09:06:56');
    expect(formatExif(raw)).toEqual({
      camera: 'OLYMPUS C750UZ',
      lens: UNKNOWN,
      focalLength: '6.3 mm',
      aperture: 'f/4',
      iso: '200',
      shutterSpeed: '1/30 s',
      dateTaken: UNKNOWN,
    });
    expect(dateTakenIso(raw)).toBeNull();
  });

  it("Nikon D70 with a manual lens: '0.0 mm f/0.0' in EXIF and XMP is Unknown, f-number from ApertureValue", async () => {
    const raw = (await readRaw('derived_nikon-d70_lens-0.0mm-f0.0.jpg'))!;
    expect(raw.LensModel).toBe('0.0 mm f/0.0');
    expect(raw.Lens).toBe('0.0 mm f/0.0');
    expect(raw.FNumber).toBe(0);
    expect(raw.FocalLength).toBe(0);
    // ApertureValue 6.33985 (APEX) = 2^(6.33985/2) = f/9, the value the unmodified original records as FNumber.
    expect(formatExif(raw)).toEqual({
      camera: 'NIKON D70',
      lens: UNKNOWN,
      focalLength: UNKNOWN,
      aperture: 'f/9',
      iso: '200',
      shutterSpeed: '1/200 s',
      dateTaken: '2008/03/15',
    });
  });

  it('HP Photosmart M417: a LensModel that is a number is not a lens name', async () => {
    const raw = (await readRaw('dc_hp-photosmart-m417.jpg'))!;
    expect(raw.LensModel).toBe(1);
    expect(raw.LensInfo).toBe(155);
    // FNumber 2.91, ExposureTime 0.015625 = 1/64, FocalLength 6.25.
    expect(formatExif(raw)).toEqual({
      camera: 'Hewlett-Packard Photosmart M417',
      lens: UNKNOWN,
      focalLength: '6.25 mm',
      aperture: 'f/2.9',
      iso: '100',
      shutterSpeed: '1/64 s',
      dateTaken: '2021/06/25',
    });
  });

  it('Polaroid PDC 640M: EXIF without make, model, ISO or date', async () => {
    const raw = (await readRaw('dc_polaroid-pdc640m.jpg'))!;
    expect(hasAnyExif(raw)).toBe(true);
    // ExposureTime 0.992 s shows as seconds, one decimal: '1 s'.
    expect(formatExif(raw)).toEqual({
      camera: UNKNOWN,
      lens: UNKNOWN,
      focalLength: '7.36 mm',
      aperture: 'f/2.8',
      iso: UNKNOWN,
      shutterSpeed: '1 s',
      dateTaken: UNKNOWN,
    });
  });

  it("Epson PhotoPC 3100Z: 'SEIKO EPSON CORP.' keeps its brand words, drops 'CORP.'", async () => {
    const raw = (await readRaw('dc_epson-photopc3100z.jpg'))!;
    expect(raw.Make).toBe('SEIKO EPSON CORP.');
    // ExposureTime 0.0053078… = 1/188.4 → '1/188 s'.
    expect(formatExif(raw)).toEqual({
      camera: 'SEIKO EPSON PhotoPC 3100Z',
      lens: UNKNOWN,
      focalLength: '7 mm',
      aperture: 'f/2',
      iso: '100',
      shutterSpeed: '1/188 s',
      dateTaken: '2020/02/10',
    });
  });

  it('Sony SLT-A58 with a 70-300 mm at 300 mm', async () => {
    const raw = (await readRaw('epy_sony-slt-a58_70-300.jpg'))!;
    expect(formatExif(raw)).toEqual({
      camera: 'SONY SLT-A58',
      lens: '70-300mm F4-5.6 SSM',
      focalLength: '300 mm',
      aperture: 'f/5.6',
      iso: '100',
      shutterSpeed: '1/100 s',
      dateTaken: '2023/10/28',
    });
  });

  it('Ricoh DC-3Z (1997): aperture and shutter speed only as APEX values', async () => {
    const raw = (await readRaw('mei_ricoh-dc3z_latin1-copyright.jpg'))!;
    expect(raw.FNumber).toBeUndefined();
    expect(raw.ExposureTime).toBeUndefined();
    // ApertureValue 4 → 2^(4/2) = f/4; ShutterSpeedValue 8 → 2^-8 = 1/256 s.
    expect(raw.ApertureValue).toBe(4);
    expect(raw.ShutterSpeedValue).toBe(8);
    expect(formatExif(raw)).toEqual({
      camera: 'RICOH DC-3Z',
      lens: UNKNOWN,
      focalLength: '5 mm',
      aperture: 'f/4',
      iso: UNKNOWN,
      shutterSpeed: '1/256 s',
      dateTaken: '1997/02/02',
    });
  });

  it('DateTimeOriginal wins over a different CreateDate', async () => {
    const raw = (await readRaw('imm_date-priority.jpg'))!;
    expect(raw.DateTimeOriginal).toBe('2023:02:02 02:00:00');
    expect(raw.CreateDate).toBe('2023:04:04 04:00:00');
    expect(formatExif(raw)).toEqual({ ...ALL_UNKNOWN, dateTaken: '2023/02/02' });
  });

  it('XMP-only lens and date (no camera tags): lens and day still shown', async () => {
    const raw = (await readRaw('imm_highsmith_gps_lens-xmp.jpg'))!;
    expect(raw.DateCreated).toBe('2022-01-10T15:15:44.31');
    expect(formatExif(raw)).toEqual({ ...ALL_UNKNOWN, lens: 'Canon EF 24-105mm f/4L IS II USM', dateTaken: '2022/01/10' });
  });

  it('a camera JPEG without any EXIF: exifr finds nothing, hasAnyExif is false', async () => {
    const raw = await readRaw('dc_sony-mavica-fd88_noexif.jpg');
    expect(raw).toBeUndefined();
    expect(hasAnyExif(raw)).toBe(false);
    expect(dateTakenIso(raw)).toBeNull();
  });

  it('a file whose only tags are orientation and resolution (Orientation 8) has no EXIF worth a panel', async () => {
    const raw = (await readRaw('ian_orientation_landscape_8.jpg'))!;
    expect(raw.Orientation).toBe(8);
    expect(hasAnyExif(raw)).toBe(false);
    expect(formatExif(raw)).toEqual(ALL_UNKNOWN);
  });

  it('hasAnyExif is true for every real file that carries camera data', async () => {
    for (const file of ['dc_canon-5dmk3_orient6.jpg', 'mei_nikon-d5000.jpg', 'exr_olympus-e-m10_iso-array.jpg', 'imm_date-priority.jpg']) {
      expect(hasAnyExif(await readRaw(file)), file).toBe(true);
    }
  });
});

describe('EXIFR_OPTIONS', () => {
  it('keeps DateTimeOriginal as its raw text (exifr would otherwise build a time-zone-dependent Date)', async () => {
    const bytes = readFileSync(fixtureDir + 'mei_nikon-d5000.jpg');
    const revived = (await exifr.parse(bytes)) as RawExif;
    expect(revived.DateTimeOriginal).toBeInstanceOf(Date);
    const raw = (await exifr.parse(bytes, EXIFR_OPTIONS)) as RawExif;
    expect(raw.DateTimeOriginal).toBe('2011:03:12 15:36:11');
  });

  it('reads IFD0, EXIF and XMP into one flat object, without the MakerNote', async () => {
    const raw = (await readRaw('mei_canon-eos-7d_lens-xmp-only.jpg'))!;
    expect(raw.Make).toBe('Canon'); // IFD0
    expect(raw.ExposureTime).toBe(0.008); // EXIF
    expect(raw.Lens).toBe('EF24-70mm f/2.8L USM'); // XMP aux:Lens
    expect(raw).not.toHaveProperty('MakerNote');
    expect(raw).not.toHaveProperty('ifd0');
  });

  it('is frozen, so no caller can change what the other side reads', () => {
    expect(Object.isFrozen(EXIFR_OPTIONS)).toBe(true);
  });

  it('returns nothing for a PNG or TIFF that has only its image structure', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });
    // exifr reads a PNG's IHDR chunk unless `ihdr: false`.
    const png = await image.clone().png().toBuffer();
    expect(await exifr.parse(png, EXIFR_OPTIONS)).toBeUndefined();
    // A TIFF's IFD0 is its image structure (size, strips, compression): not metadata about a photo.
    const tiff = (await exifr.parse(await image.clone().tiff().toBuffer(), EXIFR_OPTIONS)) as RawExif;
    expect(tiff.ImageWidth).toBe(8);
    expect(hasAnyExif(tiff)).toBe(false);
  });

  it('reads what sharp writes, NUL padding cut', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS R5' }, IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', FNumber: '71/10' } })
      .toBuffer();
    const raw = (await exifr.parse(jpeg, EXIFR_OPTIONS)) as RawExif;
    expect(formatExif(raw)).toMatchObject({ camera: 'Canon EOS R5', dateTaken: '2024/05/06' });
  });
});

describe('camera', () => {
  it('joins make and model', () => {
    expect(display({ Make: 'Apple', Model: 'iPhone XR' }).camera).toBe('Apple iPhone XR');
    expect(display({ Make: 'SONY', Model: 'ILCE-6400' }).camera).toBe('SONY ILCE-6400');
  });

  it('does not repeat the make when the model starts with it, in any letter case', () => {
    expect(display({ Make: 'Canon', Model: 'Canon EOS RP' }).camera).toBe('Canon EOS RP');
    expect(display({ Make: 'NIKON CORPORATION', Model: 'NIKON D5000' }).camera).toBe('NIKON D5000');
    expect(display({ Make: 'EASTMAN KODAK COMPANY', Model: 'KODAK CX7530 ZOOM DIGITAL CAMERA' }).camera).toBe('KODAK CX7530 ZOOM DIGITAL CAMERA');
    expect(display({ Make: 'LEICA CAMERA AG', Model: 'LEICA T (Typ 701)' }).camera).toBe('LEICA T (Typ 701)');
    expect(display({ Make: 'Canon', Model: 'CANON EOS 40D' }).camera).toBe('CANON EOS 40D');
    expect(display({ Make: 'Jolla', Model: 'Jolla' }).camera).toBe('Jolla');
  });

  it('matches the make as a whole word only', () => {
    expect(display({ Make: 'motorola', Model: 'moto g(9) plus' }).camera).toBe('motorola moto g(9) plus');
    expect(display({ Make: 'Pentax', Model: 'Pentaxian 1' }).camera).toBe('Pentax Pentaxian 1');
  });

  it("drops company-form words from a make shown in front of the model", () => {
    expect(display({ Make: 'OLYMPUS OPTICAL CO.,LTD', Model: 'C750UZ' }).camera).toBe('OLYMPUS C750UZ');
    expect(display({ Make: 'CASIO COMPUTER CO.,LTD', Model: 'EX-Z750' }).camera).toBe('CASIO EX-Z750');
    expect(display({ Make: 'RICOH IMAGING COMPANY, LTD.', Model: 'GR III' }).camera).toBe('RICOH GR III');
    expect(display({ Make: 'SEIKO EPSON CORP.', Model: 'PhotoPC 3100Z' }).camera).toBe('SEIKO EPSON PhotoPC 3100Z');
  });

  it('cuts NUL bytes and surrounding whitespace', () => {
    expect(display({ Make: 'Canon\0\0\0\0', Model: '  Canon EOS R5\0\0' }).camera).toBe('Canon EOS R5');
    expect(display({ Make: 'NIKON\0', Model: 'COOLPIX\0garbage after the terminator' }).camera).toBe('NIKON COOLPIX');
    expect(display({ Make: 'Panasonic', Model: 'DMC-FZ30   ' }).camera).toBe('Panasonic DMC-FZ30');
  });

  it('shows whichever of make and model exists, else Unknown', () => {
    expect(display({ Model: 'D30CC' }).camera).toBe('D30CC');
    expect(display({ Make: 'FLIR Systems AB' }).camera).toBe('FLIR Systems');
    expect(display({ Make: '\0\0\0', Model: '   ' }).camera).toBe(UNKNOWN);
    expect(display({ Make: 42, Model: ['x'] }).camera).toBe(UNKNOWN);
  });
});

describe('lens', () => {
  it('prefers EXIF LensModel, then the XMP lens, then LensInfo', () => {
    expect(display({ LensModel: 'FE 50mm F1.8', Lens: 'other', LensInfo: [18, 55, 3.5, 5.6] }).lens).toBe('FE 50mm F1.8');
    expect(display({ Lens: 'EF24-70mm f/2.8L USM', LensInfo: [24, 70, 0, 0] }).lens).toBe('EF24-70mm f/2.8L USM');
    expect(display({ LensInfo: [18, 55, 3.5, 5.6] }).lens).toBe('18-55 mm f/3.5-5.6');
  });

  it("treats '0.0 mm f/0.0' as no lens and goes on down the chain", () => {
    expect(display({ LensModel: '0.0 mm f/0.0' }).lens).toBe(UNKNOWN);
    expect(display({ LensModel: '0.0 mm f/0.0', Lens: '0.0 mm f/0.0' }).lens).toBe(UNKNOWN);
    expect(display({ LensModel: '0.0 mm f/0.0', Lens: '105.0 mm f/2.8' }).lens).toBe('105.0 mm f/2.8');
    expect(display({ LensModel: '0 mm f/0', LensInfo: [300, 300, 4, 4] }).lens).toBe('300 mm f/4');
    expect(display({ Lens: '0.0-0.0 mm f/0.0' }).lens).toBe(UNKNOWN);
  });

  it('ignores a lens "name" that is a number or has no letter', () => {
    expect(display({ LensModel: 1 }).lens).toBe(UNKNOWN);
    expect(display({ LensModel: '1' }).lens).toBe(UNKNOWN);
    expect(display({ LensModel: 1, Lens: '18.0-70.0 mm f/3.5-4.5' }).lens).toBe('18.0-70.0 mm f/3.5-4.5');
    expect(display({ LensModel: '\0\0\0\0' }).lens).toBe(UNKNOWN);
    // Sony writes '----' for a lens that does not report itself.
    expect(display({ LensModel: '----', LensInfo: [35, 35, 1.4, 1.4] }).lens).toBe('35 mm f/1.4');
  });

  it('formats LensInfo: zoom, prime, unknown apertures, XMP rational strings', () => {
    expect(display({ LensInfo: [50, 50, 1.8, 1.8] }).lens).toBe('50 mm f/1.8');
    expect(display({ LensInfo: [70, 200, 2.8, 2.8] }).lens).toBe('70-200 mm f/2.8');
    expect(display({ LensInfo: [28, 135, 0, 0] }).lens).toBe('28-135 mm');
    expect(display({ LensInfo: [70, 200, Number.NaN, Number.NaN] }).lens).toBe('70-200 mm');
    expect(display({ LensInfo: new Float64Array([100, 400, 4.5, 5.6]) }).lens).toBe('100-400 mm f/4.5-5.6');
    expect(display({ LensInfo: [1.5700000524639703, 9, 1.5, 2.8] }).lens).toBe('1.57-9 mm f/1.5-2.8');
    expect(display({ LensInfo: '180/10 550/10 35/10 56/10' }).lens).toBe('18-55 mm f/3.5-5.6');
    expect(display({ LensInfo: '24/1 70/1 0/0 0/0' }).lens).toBe('24-70 mm');
  });

  it('LensInfo of zeros, or not a list, is Unknown', () => {
    expect(display({ LensInfo: [0, 0, 0, 0] }).lens).toBe(UNKNOWN);
    expect(display({ LensInfo: '0/1 0/1 0/1 0/1' }).lens).toBe(UNKNOWN);
    expect(display({ LensInfo: 155 }).lens).toBe(UNKNOWN);
    expect(display({ LensInfo: [] }).lens).toBe(UNKNOWN);
  });
});

describe('focal length, aperture, ISO', () => {
  it('focal length in whole millimetres when whole, without float noise', () => {
    expect(display({ FocalLength: 500 }).focalLength).toBe('500 mm');
    expect(display({ FocalLength: 500.00000001 }).focalLength).toBe('500 mm');
    expect(display({ FocalLength: 4.25 }).focalLength).toBe('4.25 mm');
    expect(display({ FocalLength: 5.859375 }).focalLength).toBe('5.86 mm');
    expect(display({ FocalLength: 20.74 }).focalLength).toBe('20.7 mm');
    expect(display({ FocalLength: '4000/10' }).focalLength).toBe('400 mm');
  });

  it('focal length 0 or missing is Unknown', () => {
    expect(display({ FocalLength: 0 }).focalLength).toBe(UNKNOWN);
    expect(display({ FocalLength: 'long' }).focalLength).toBe(UNKNOWN);
    expect(display({}).focalLength).toBe(UNKNOWN);
  });

  it('aperture with one decimal, float noise removed', () => {
    expect(display({ FNumber: 7.099999999 }).aperture).toBe('f/7.1');
    expect(display({ FNumber: 8 }).aperture).toBe('f/8');
    expect(display({ FNumber: 2.8 }).aperture).toBe('f/2.8');
    expect(display({ FNumber: 5.66 }).aperture).toBe('f/5.7');
    expect(display({ FNumber: 0.95 }).aperture).toBe('f/0.95');
    expect(display({ FNumber: '71/10' }).aperture).toBe('f/7.1');
  });

  it('aperture falls back to the APEX ApertureValue when FNumber is missing or 0', () => {
    expect(display({ ApertureValue: 6 }).aperture).toBe('f/8');
    expect(display({ FNumber: 0, ApertureValue: 5 }).aperture).toBe('f/5.7');
    expect(display({ FNumber: 4, ApertureValue: 6 }).aperture).toBe('f/4');
    expect(display({ FNumber: 0 }).aperture).toBe(UNKNOWN);
    expect(display({ ApertureValue: -2147483648 }).aperture).toBe(UNKNOWN);
  });

  it('ISO from ISO, ISOSpeedRatings or PhotographicSensitivity, first of a list', () => {
    expect(display({ ISO: 400 }).iso).toBe('400');
    expect(display({ ISO: [800, 0] }).iso).toBe('800');
    expect(display({ ISO: new Uint16Array([200, 0]) }).iso).toBe('200');
    expect(display({ ISOSpeedRatings: 100 }).iso).toBe('100');
    expect(display({ ISOSpeedRatings: [1600] }).iso).toBe('1600');
    expect(display({ PhotographicSensitivity: 6400 }).iso).toBe('6400');
    expect(display({ ISO: '200' }).iso).toBe('200');
  });

  it('ISO 0 or missing is Unknown, and 0 does not hide a real value further down', () => {
    expect(display({ ISO: 0 }).iso).toBe(UNKNOWN);
    expect(display({ ISO: [] }).iso).toBe(UNKNOWN);
    expect(display({ ISO: 0, ISOSpeedRatings: 100 }).iso).toBe('100');
    expect(display({}).iso).toBe(UNKNOWN);
  });
});

describe('shutter speed', () => {
  it('shows exposures up to 1/3 s as 1/N s', () => {
    expect(display({ ExposureTime: 0.00025 }).shutterSpeed).toBe('1/4000 s');
    expect(display({ ExposureTime: 1 / 8000 }).shutterSpeed).toBe('1/8000 s');
    expect(display({ ExposureTime: 0.005 }).shutterSpeed).toBe('1/200 s');
    expect(display({ ExposureTime: 1 / 3 }).shutterSpeed).toBe('1/3 s');
    expect(display({ ExposureTime: 0.3 }).shutterSpeed).toBe('1/3 s');
    expect(display({ ExposureTime: '1/250' }).shutterSpeed).toBe('1/250 s');
  });

  it('shows longer exposures in seconds', () => {
    expect(display({ ExposureTime: 0.4 }).shutterSpeed).toBe('0.4 s');
    expect(display({ ExposureTime: 0.8 }).shutterSpeed).toBe('0.8 s');
    expect(display({ ExposureTime: 1 }).shutterSpeed).toBe('1 s');
    expect(display({ ExposureTime: 2 }).shutterSpeed).toBe('2 s');
    expect(display({ ExposureTime: 2.5 }).shutterSpeed).toBe('2.5 s');
    expect(display({ ExposureTime: 30 }).shutterSpeed).toBe('30 s');
  });

  it('falls back to the APEX ShutterSpeedValue, ignoring absurd values', () => {
    expect(display({ ShutterSpeedValue: 8 }).shutterSpeed).toBe('1/256 s');
    expect(display({ ShutterSpeedValue: -1 }).shutterSpeed).toBe('2 s');
    expect(display({ ExposureTime: 4, ShutterSpeedValue: -2147483648 }).shutterSpeed).toBe('4 s');
    expect(display({ ShutterSpeedValue: -2147483648 }).shutterSpeed).toBe(UNKNOWN);
  });

  it('0, negative or missing is Unknown', () => {
    expect(display({ ExposureTime: 0 }).shutterSpeed).toBe(UNKNOWN);
    expect(display({ ExposureTime: -1 }).shutterSpeed).toBe(UNKNOWN);
    expect(display({ ExposureTime: Number.POSITIVE_INFINITY }).shutterSpeed).toBe(UNKNOWN);
    expect(display({}).shutterSpeed).toBe(UNKNOWN);
  });
});

describe('date taken', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('keeps the day part of the raw text, with slashes', () => {
    expect(display({ DateTimeOriginal: '2019:05:04 10:00:00' }).dateTaken).toBe('2019/05/04');
    expect(display({ DateTimeOriginal: '2013-07-05T03:18:27Z' }).dateTaken).toBe('2013/07/05');
    expect(display({ DateCreated: '2003-08-31' }).dateTaken).toBe('2003/08/31');
    expect(display({ DateTimeOriginal: '2019:05:04 10:00:00\0' }).dateTaken).toBe('2019/05/04');
  });

  it('reads the day from the text, whatever the time zone of the machine', () => {
    // Just before midnight and with a far offset: any trip through a Date in another zone would move the day.
    const raw = { DateTimeOriginal: '2020:12:31 23:59:59', DateTimeDigitized: '2020-12-31T23:59:59+14:00' };
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu']) {
      process.env.TZ = tz;
      expect(display(raw).dateTaken, tz).toBe('2020/12/31');
      expect(display({ DateTimeDigitized: '2021-01-01T00:00:01-12:00' }).dateTaken, tz).toBe('2021/01/01');
    }
  });

  it('refuses a Date object rather than guess its day', () => {
    // It was built in the parsing machine's zone; its day differs around the world.
    expect(display({ DateTimeOriginal: new Date(Date.UTC(2020, 0, 1, 12)) }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: new Date(Date.UTC(2020, 0, 1, 12)), CreateDate: '2020:01:01 12:00:00' }).dateTaken).toBe('2020/01/01');
  });

  it("'0000:00:00', blanks and impossible days are Unknown", () => {
    expect(display({ DateTimeOriginal: '0000:00:00 00:00:00' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: '    :  :     :  :  ' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: '2019:02:29 10:00:00' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: '2020:02:29 10:00:00' }).dateTaken).toBe('2020/02/29');
    expect(display({ DateTimeOriginal: '2019:13:01 10:00:00' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: '2019:04:31 10:00:00' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: '20190504' }).dateTaken).toBe(UNKNOWN);
    expect(display({ DateTimeOriginal: 1556964000 }).dateTaken).toBe(UNKNOWN);
  });

  it('falls back DateTimeOriginal → DateCreated → CreateDate → DateTimeDigitized', () => {
    const all = { DateTimeOriginal: '2001:01:01 00:00:00', DateCreated: '2002-02-02', CreateDate: '2003:03:03 00:00:00', DateTimeDigitized: '2004-04-04T00:00:00' };
    expect(display(all).dateTaken).toBe('2001/01/01');
    expect(display({ ...all, DateTimeOriginal: '0000:00:00 00:00:00' }).dateTaken).toBe('2002/02/02');
    expect(display({ CreateDate: all.CreateDate, DateTimeDigitized: all.DateTimeDigitized }).dateTaken).toBe('2003/03/03');
    expect(display({ DateTimeDigitized: all.DateTimeDigitized }).dateTaken).toBe('2004/04/04');
  });

  it('never uses the edit date (ModifyDate, DateTime)', () => {
    expect(display({ ModifyDate: '2014:09:22 10:56:35', DateTime: '2014:09:22 10:56:35' }).dateTaken).toBe(UNKNOWN);
  });
});

describe('missing values', () => {
  it('an empty raw object is Unknown everywhere', () => {
    expect(formatExif({})).toEqual(ALL_UNKNOWN);
  });

  it('null values are Unknown, not errors', () => {
    const nulls = Object.fromEntries(['Make', 'Model', 'LensModel', 'Lens', 'LensInfo', 'FocalLength', 'FNumber', 'ISO', 'ExposureTime', 'DateTimeOriginal'].map((k) => [k, null]));
    expect(formatExif(nulls)).toEqual(ALL_UNKNOWN);
  });
});

describe('hasAnyExif', () => {
  it('is false when exifr found nothing', () => {
    expect(hasAnyExif(undefined)).toBe(false);
    expect(hasAnyExif(null)).toBe(false);
    expect(hasAnyExif({})).toBe(false);
    expect(hasAnyExif({ errors: [new Error('broken segment')] })).toBe(false);
  });

  it('is false when the only tags describe the file encoding', () => {
    expect(hasAnyExif({ Orientation: 6, XResolution: 72, YResolution: 72, ResolutionUnit: 2, ExifImageWidth: 450 })).toBe(false);
    expect(hasAnyExif({ Make: '\0\0\0' })).toBe(false);
  });

  it('is true as soon as one tag says something about the photo', () => {
    expect(hasAnyExif({ Make: 'Canon' })).toBe(true);
    expect(hasAnyExif({ Orientation: 1, Software: 'GIMP 2.10' })).toBe(true);
    expect(hasAnyExif({ DateTimeOriginal: '0000:00:00 00:00:00' })).toBe(true);
  });
});

describe('dateTakenIso', () => {
  it('turns a display value into YYYY-MM-DD for sorting', () => {
    expect(dateTakenIso({ ...ALL_UNKNOWN, dateTaken: '2011/03/12' })).toBe('2011-03-12');
    expect(dateTakenIso(ALL_UNKNOWN)).toBeNull();
  });

  it('reads raw EXIF the same way formatExif does', () => {
    expect(dateTakenIso({ DateTimeOriginal: '2011:03:12 15:36:11' })).toBe('2011-03-12');
    expect(dateTakenIso({ DateTimeOriginal: '0000:00:00 00:00:00', CreateDate: '2011-03-12T15:36:11.00+01:00' })).toBe('2011-03-12');
    expect(dateTakenIso({ ModifyDate: '2011:03:12 15:36:11' })).toBeNull();
  });

  it('names a date the photo gives that no rule reads, and only then', () => {
    expect(unreadableDateTaken({ DateTimeOriginal: '0000:00:00 00:00:00' })).toBe('0000:00:00 00:00:00');
    expect(unreadableDateTaken({ DateTimeOriginal: '2011:02:30 08:00:00' })).toBe('2011:02:30 08:00:00');
    // Another tag with a valid day: the photo has its date.
    expect(unreadableDateTaken({ DateTimeOriginal: '0000:00:00 00:00:00', CreateDate: '2011-03-12T15:36:11' })).toBeUndefined();
    // No date at all is not a date that cannot be read.
    expect(unreadableDateTaken({ Make: 'NIKON' })).toBeUndefined();
    expect(unreadableDateTaken({ DateTimeOriginal: '   ' })).toBeUndefined();
  });

  it('is null without a source', () => {
    expect(dateTakenIso(undefined)).toBeNull();
    expect(dateTakenIso(null)).toBeNull();
  });

  it('agrees with formatExif on every real fixture', async () => {
    for (const file of ['dc_canon-5dmk3_orient6.jpg', 'mei_nikon-d5000.jpg', 'mei_olympus-c750uz_date-0000.jpg', 'imm_highsmith_gps_lens-xmp.jpg']) {
      const raw = (await readRaw(file))!;
      expect(dateTakenIso(raw), file).toBe(dateTakenIso(formatExif(raw)));
    }
  });
});
