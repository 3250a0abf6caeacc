import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { privacyOptionsSchema } from '../../data/site-config.ts';
import { endExiftool } from '../../pipeline/photos/exiftool-process.ts';
import { run } from '../../pipeline/photos/metadata.ts';
import { fixture } from './helpers.ts';

const privacy = privacyOptionsSchema.parse({});

describe('metadata that cannot be read is never a silent loss', () => {
  afterAll(endExiftool);

  it('damaged EXIF: what could be read is kept, and the warning names what ExifTool reported', async () => {
    const file = fixture('broken/xmp-date_bad-exif-offset.jpg');
    const meta = await run(file, statSync(file).size, privacy);
    expect(meta.warning).toMatch(/part of the metadata is damaged and was skipped \(Wrong format \(string\) for IFD0 0x8769 ExifOffset\)/);
    // The XMP date survives.
    expect(meta.exif?.dateTaken).toBe('2013/07/05');
  });

  it('an unreadable file: no camera details, and the reason', async () => {
    const meta = await run(fixture('broken/no-such-photo.jpg'), 1, privacy);
    expect(meta.exif).toBeNull();
    expect(meta.warning).toMatch(/^EXIF could not be read \(.*(not found|No such file)/i);
  });

  it('an intact file: no warning', async () => {
    const file = fixture('photos/epy_nikon-d3100_gps.jpg');
    expect((await run(file, statSync(file).size, privacy)).warning).toBeUndefined();
  });
});
