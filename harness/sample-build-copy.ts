import { cp } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the end-to-end global setup built the sample library (tests/e2e/global-setup.ts provides them). */
export interface SampleBuild {
  /** The sample library the site was built from. */
  photosDir: string;
  /** The ingest's output folder of that build (holds public/ and cache/). */
  generatedDir: string;
}

/**
 * The sample library and the global setup's ingest output, copied into `work` (as `photos/` and
 * `generated/`), for a test that builds the sample with other settings (another language,
 * another taxonomy). The photos keep their modification times, so the ingest finds every
 * rendition it made already and redoes only what the settings change: the data and the pages.
 */
export async function copySampleBuild(build: SampleBuild, work: string): Promise<{ photos: string; generated: string }> {
  const photos = join(work, 'photos');
  const generated = join(work, 'generated');
  await Promise.all([cp(build.photosDir, photos, { recursive: true, preserveTimestamps: true }), cp(build.generatedDir, generated, { recursive: true, preserveTimestamps: true })]);
  return { photos, generated };
}
