import exifr from 'exifr';
import { EXIFR_OPTIONS, type RawExif } from '../../data/exif-display.ts';
import { fullMessageOf } from '../../data/error-text.ts';
import { readMetadataBytes } from './exif-bytes.ts';

/**
 * The second reader, for a machine where ExifTool cannot run (no Perl, say): exifr on the
 * file's EXIF and XMP segments, under the names `formatExif` reads. It reads no maker notes,
 * so a lens named only there (older Nikon, Pentax, Sony A-mount, Olympus bodies) is missing,
 * and neither the photographer's words nor opted-in GPS and serial numbers are read. What it
 * reads is never kept as the photo's: the next run with ExifTool reads the photo again.
 */

/**
 * The tags kept: those `formatExif` and the embedded EXIF read, as pipeline/photos/exiftool.ts
 * keeps them from ExifTool. Nothing else (XMP document IDs, a creator tool, an XMP serial
 * number) may count as camera data, so a photo without any is `exif: null` under both readers.
 */
const DISPLAY_TAGS = [
  'Make',
  'Model',
  'LensModel',
  'Lens',
  'LensInfo',
  'FocalLength',
  'FNumber',
  'ApertureValue',
  'ISO',
  'ISOSpeedRatings',
  'PhotographicSensitivity',
  'ExposureTime',
  'ShutterSpeedValue',
  'DateTimeOriginal',
  'DateCreated',
  'CreateDate',
  'DateTimeDigitized',
] as const;

/** Numbers that XMP writes as rational text ('56/10'): made numbers, as EXIF gives them, so the embedded EXIF keeps them too. */
const RATIONAL_TAGS = new Set<string>(['FocalLength', 'FNumber', 'ApertureValue', 'ExposureTime', 'ShutterSpeedValue']);

export interface ExifrReading {
  raw: RawExif;
  /** What exifr reported as broken while it still read the rest ('Malformed EXIF data'). */
  damage?: string;
}

/** The photo's camera data as exifr reads it. Throws, with exifr's reason, when exifr could read none of its metadata. */
export async function readWithExifr(file: string, size: number): Promise<ExifrReading> {
  const bytes = await readMetadataBytes(file, size);
  const parsed = (await exifr.parse(bytes, EXIFR_OPTIONS)) as (RawExif & { errors?: unknown[] }) | undefined;
  const raw: RawExif = {};
  for (const tag of DISPLAY_TAGS) {
    const value = parsed?.[tag];
    if (value !== undefined) raw[tag] = RATIONAL_TAGS.has(tag) ? numberOf(value) : value;
  }
  // silentErrors: a segment exifr could not parse is listed here instead of throwing.
  const errors = (parsed?.errors ?? []).map(fullMessageOf).filter((m) => m.length > 0);
  if (errors.length === 0) return { raw };
  const reason = [...new Set(errors)].join('; ');
  if (Object.keys(raw).length === 0) throw new Error(reason);
  return { raw, damage: reason };
}

/** '56/10' → 5.6, '-3/2' → -1.5; anything else as it was. */
function numberOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^\s*(-?\d+(?:\.\d+)?)(?:\s*\/\s*(\d+(?:\.\d+)?))?\s*$/.exec(value);
  if (!match) return value;
  const n = Number(match[1]) / (match[2] === undefined ? 1 : Number(match[2]));
  return Number.isFinite(n) ? n : value;
}
