import exifr from 'exifr';
import { EXIFR_OPTIONS, type RawExif } from '../../data/exif-display.ts';
import { readMetadataBytes } from './exif-bytes.ts';

/**
 * The second reader, for a machine where ExifTool cannot run (no Perl, say): exifr on the
 * file's EXIF and XMP segments, under the names `formatExif` reads. It reads no maker notes,
 * so a lens named only there (older Nikon, Pentax, Sony A-mount, Olympus bodies) is missing,
 * and neither the photographer's words nor opted-in GPS and serial numbers are read. What it
 * reads is never kept as the photo's: the next run with ExifTool reads the photo again.
 */
export async function readWithExifr(file: string, size: number): Promise<RawExif> {
  const bytes = await readMetadataBytes(file, size);
  const raw = (await exifr.parse(bytes, EXIFR_OPTIONS)) as RawExif | undefined;
  return raw ?? {};
}
