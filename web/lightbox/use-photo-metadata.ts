import { useEffect, useState } from 'react';
import type { ExifDisplay } from '../../data/manifests.ts';
import { imageUrl } from '../assets.ts';
import type { GalleryPhoto } from '../photos.ts';

export type PhotoMetadata = { status: 'ready'; values: ExifDisplay } | { status: 'loading' } | { status: 'hidden' };

/** Reads the camera metadata of a photo the index does not know, from the full image, in the browser. */
async function readMetadataFromImage(url: string): Promise<ExifDisplay> {
  const [{ default: exifr }, { EXIFR_OPTIONS, formatExif, hasAnyExif }] = await Promise.all([import('exifr'), import('../../data/exif-display.ts')]);
  const raw: unknown = await exifr.parse(url, EXIFR_OPTIONS);
  // Same rule as the pipeline's `exif: null`: a file with only size/orientation tags has no camera metadata.
  if (typeof raw !== 'object' || raw === null || !hasAnyExif({ ...raw })) throw new Error('the image has no Exif metadata');
  return formatExif({ ...raw });
}

/**
 * The metadata panel's values: at once from the photo index; `hidden` for a photo
 * the index says has no EXIF (spec §8) or whose in-browser read failed (logged).
 */
export function usePhotoMetadata(photo: GalleryPhoto | undefined): PhotoMetadata {
  const needsRead = photo !== undefined && photo.exif === undefined;
  const url = photo ? imageUrl(photo.full.path) : '';
  const [read, setRead] = useState<{ url: string; result: PhotoMetadata } | undefined>();

  useEffect(() => {
    if (!needsRead) return;
    let current = true;
    readMetadataFromImage(url).then(
      (values) => current && setRead({ url, result: { status: 'ready', values } }),
      (error: unknown) => {
        console.error(`Could not read the metadata of ${url}:`, error);
        if (current) setRead({ url, result: { status: 'hidden' } });
      },
    );
    return () => {
      current = false;
    };
  }, [needsRead, url]);

  if (!photo) return { status: 'hidden' };
  if (photo.exif === null) return { status: 'hidden' };
  if (photo.exif) return { status: 'ready', values: photo.exif };
  return read?.url === url ? read.result : { status: 'loading' };
}
