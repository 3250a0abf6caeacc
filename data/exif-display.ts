import type { ExifDisplay } from './manifests.ts';

/**
 * The one place where raw EXIF becomes display values. Used by the pipeline on
 * every photo and by the site's in-browser fallback, so both always agree.
 *
 * Input: the object exifr returns for a file (tags merged from IFD0, EXIF and XMP),
 * read with `reviveValues: false` for dates so the day comes from the raw text.
 */
export const UNKNOWN = 'Unknown';

export type RawExif = Record<string, unknown>;

export function formatExif(raw: RawExif): ExifDisplay {
  throw new Error('not implemented yet');
}
