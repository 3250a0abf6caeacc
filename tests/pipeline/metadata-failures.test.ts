import { afterAll, describe, expect, it, vi } from 'vitest';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { privacyOptionsSchema } from '../../data/site-config.ts';

// ExifTool's failures are made here (a task that timed out, a machine without Perl); the
// photo is real, and exifr really reads it.
const failure = vi.hoisted(() => ({ next: undefined as Error | undefined }));
vi.mock('../../pipeline/photos/exiftool.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../pipeline/photos/exiftool.ts')>();
  return { ...real, readTags: (...args: Parameters<typeof real.readTags>) => (failure.next ? Promise.reject(failure.next) : real.readTags(...args)) };
});
// The unit files of a worker share their modules (vitest.config.ts): these are loaded afresh, so
// the mock applies even where an earlier file loaded them, and dropped again after this file.
vi.resetModules();
const { run } = await import('../../pipeline/photos/metadata.ts');
const { ExiftoolTaskFailed, ExiftoolUnavailable, endExiftool } = await import('../../pipeline/photos/exiftool-process.ts');

const photo = fileURLToPath(new URL('../fixtures/exif/mei_nikon-d5000.jpg', import.meta.url));
const privacy = privacyOptionsSchema.parse({});
afterAll(async () => {
  await endExiftool();
  vi.doUnmock('../../pipeline/photos/exiftool.ts');
  vi.resetModules();
});

describe('metadata when ExifTool fails', () => {
  it('on this photo alone (a task timed out): exifr reads it, and the failure is the photo\'s in this run only', async () => {
    failure.next = new ExiftoolTaskFailed('ExifTool failed on this file (timed out)');
    const meta = await run(photo, statSync(photo).size, privacy);
    expect(meta.readByExifr).toEqual({ why: 'ExifTool failed on this file (timed out)', scope: 'photo' });
    expect(meta.exif?.camera).toMatch(/D5000/);
  });

  it('on the machine (no Perl): exifr reads it, and the failure is the machine\'s', async () => {
    failure.next = new ExiftoolUnavailable('perl could not be started (ENOENT)');
    const meta = await run(photo, statSync(photo).size, privacy);
    expect(meta.readByExifr).toEqual({ why: 'perl could not be started (ENOENT)', scope: 'machine' });
    expect(meta.exif?.camera).toMatch(/D5000/);
  });

  it('not at all: ExifTool reads it, and nothing says exifr did', async () => {
    failure.next = undefined;
    const meta = await run(photo, statSync(photo).size, privacy);
    expect(meta.readByExifr).toBeUndefined();
    expect(meta.exif?.camera).toMatch(/D5000/);
  });
});
