import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILES, photoIndexSchema } from '../../data/manifest-schemas.ts';
import { privacyOptionsSchema } from '../../data/site-config.ts';
import { endExiftool } from '../../pipeline/photos/exiftool-process.ts';
import { run, type PhotoMetadata } from '../../pipeline/photos/metadata.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli } from '../../harness/ingest-tree.ts';

const privacy = privacyOptionsSchema.parse({});
const read = (file: string) => run(file, statSync(file).size, privacy);

describe('metadata that cannot be read is never a silent loss', () => {
  afterAll(endExiftool);

  it('damaged EXIF: what could be read is kept, and the warning names what ExifTool reported', async () => {
    const meta = await read(fixture('broken/xmp-date_bad-exif-offset.jpg'));
    expect(meta.warning).toMatch(/part of the metadata is damaged and was skipped \(Wrong format \(string\) for IFD0 0x8769 ExifOffset\)/);
    // The XMP date survives.
    expect(meta.exif?.dateTaken).toBe('2013/07/05');
  });

  it('an unreadable file: no camera details, and the reason', async () => {
    const meta = await run(fixture('broken/no-such-photo.jpg'), 1, privacy);
    expect(meta.exif).toBeNull();
    expect(meta.warning).toMatch(/^EXIF could not be read \(.*(not found|No such file)/i);
  });

  it("a capture date the camera wrote but that cannot be read ('0000:00:00', a clock never set): said, so the photo is not left off its outing in silence", async () => {
    const meta = await read(fixture('exif/mei_olympus-c750uz_date-0000.jpg'));
    expect(meta.takenOn).toBeNull();
    expect(meta.exif).toMatchObject({ camera: 'OLYMPUS C750UZ', dateTaken: 'Unknown' });
    expect(meta.warning).toBe("the capture date '0000:00:00 00:00:00' cannot be read: the photo is on no outing, and shows no date");
  });

  it('an intact file: no warning', async () => {
    expect((await read(fixture('photos/epy_nikon-d3100_gps.jpg'))).warning).toBeUndefined();
  });
});

/** A Nikon D700 photo whose only camera data is XMP under a non-standard APP1 header ('XMP\0://ns.adobe.com/…'): no EXIF block at all. */
const D700 = fixture('exif/sample_nikon-d700_wood-duck.jpg');
/** XMP with document IDs and a creator tool, nothing about the camera. */
const NO_CAMERA_DATA = fixture('exif/sample_no-camera-data_mallard.jpg');
/** No metadata segment at all. */
const NO_METADATA = fixture('exif/dc_sony-mavica-fd88_noexif.jpg');
/** An AVIF whose EXIF item ExifTool reads and exifr reports as 'Malformed EXIF data'. */
const AVIF = fixture('exif/mei_avif_20mp.avif');

/**
 * Without Perl, exifr reads the photos (a Perl that cannot start is the real failure, not a
 * mock). What it reads agrees with ExifTool's reading; what it cannot read is said, per photo.
 */
describe('the exifr fallback tells the truth', () => {
  const byExiftool = new Map<string, PhotoMetadata>();
  const perl = process.env.PORTFOLIO_PERL;
  beforeAll(async () => {
    for (const file of [D700, NO_CAMERA_DATA, NO_METADATA, AVIF]) byExiftool.set(file, await read(file));
    await endExiftool();
    process.env.PORTFOLIO_PERL = '/nonexistent/perl';
  });
  afterAll(async () => {
    if (perl === undefined) delete process.env.PORTFOLIO_PERL;
    else process.env.PORTFOLIO_PERL = perl;
    await endExiftool();
  });

  it('reads the camera data of XMP under a non-standard header, as ExifTool does', async () => {
    const exiftool = byExiftool.get(D700)!;
    expect(exiftool.readByExifr).toBeUndefined();
    expect(exiftool.exif).toMatchObject({ camera: 'NIKON D700', aperture: 'f/5.6', shutterSpeed: '1/1600 s', iso: '3200', focalLength: '300 mm', dateTaken: '2009/05/05' });
    const exifr = await read(D700);
    expect(exifr.readByExifr?.scope).toBe('machine');
    expect(exifr.warning).toBeUndefined();
    // ExifTool's lens is its composite LensID ('70.0-300.0mm …'), exifr's the XMP text ('70.0-300.0 mm …').
    const { lens: _exifrLens, ...exifrRest } = exifr.exif!;
    const { lens: _exiftoolLens, ...exiftoolRest } = exiftool.exif!;
    expect(exifrRest).toEqual(exiftoolRest);
    expect(exifr.exif?.lens).toMatch(/^70\.0-300\.0 ?mm f\/4\.5-5\.6$/);
    expect(exifr.takenOn).toBe(exiftool.takenOn);
    // The display rendition keeps the same camera data: XMP's rational text ('56/10') and ISO dates made EXIF values.
    const { LensModel: _exifrLensModel, ...exifrEmbed } = exifr.embed.IFD2 ?? {};
    const { LensModel: _exiftoolLensModel, ...exiftoolEmbed } = exiftool.embed.IFD2 ?? {};
    expect(exifrEmbed).toEqual(exiftoolEmbed);
    expect(exifr.embed.IFD0).toEqual(exiftool.embed.IFD0);
  });

  it('writes no camera data for a photo without any, as ExifTool does', async () => {
    for (const file of [NO_CAMERA_DATA, NO_METADATA]) {
      expect(byExiftool.get(file)!.exif, file).toBeNull();
      const exifr = await read(file);
      expect(exifr.readByExifr?.scope, file).toBe('machine');
      expect(exifr.exif, file).toBeNull();
      expect(exifr.takenOn, file).toBeNull();
      expect(exifr.warning, file).toBeUndefined();
    }
  });

  it('says why when exifr cannot read a photo that has camera data', async () => {
    expect(byExiftool.get(AVIF)!.exif?.camera).toBe('Canon EOS 70D');
    const exifr = await read(AVIF);
    expect(exifr.exif).toBeNull();
    expect(exifr.warning).toBe('EXIF could not be read (Malformed EXIF data); published without camera details');
  });

  it('puts that warning in the ingest report with the photo\'s path, and publishes what it read', async () => {
    const tree = await makeTree({ files: { 'Order/Family/Species/canon.avif': AVIF, 'Order/Family/Species/nikon.jpg': D700 } });
    try {
      const result = await runCli(ingestArgs(tree, '--quiet'));
      expect(result.code, result.stderr).toBe(0);
      const problems = result.state.ingest!.problems.all;
      expect(problems).toContainEqual({ severity: 'warning', path: 'life_list/Order/Family/Species/canon.avif', reason: 'EXIF could not be read (Malformed EXIF data); published without camera details' });
      expect(problems.filter((p) => p.path.endsWith('nikon.jpg'))).toEqual([]);
      const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, MANIFEST_FILES.photoIndex)));
      const nikon = Object.values(index.photos).find((p) => p.display.path.includes('nikon'))!;
      expect(nikon.exif).toMatchObject({ camera: 'NIKON D700', shutterSpeed: '1/1600 s' });
    } finally {
      await tree.cleanup();
    }
  });
});
