import { lazy, Suspense } from 'react';
import type { GalleryPhoto } from '../photos.ts';
import { useOpenPhotoKey } from './photo-param.ts';

// The lightbox (library, plugins, CSS, exifr) is only downloaded when a photo is opened.
const PhotoLightbox = lazy(() => import('./PhotoLightbox.tsx'));

interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  /** Page title shown in the metadata panel. */
  title: string;
  /** Show only the opened photo (the home wall) instead of the whole page's gallery. */
  single?: boolean;
}

/** Opens the lightbox when the URL names one of this page's photos. */
export function PhotoGallery({ photos, title, single = false }: PhotoGalleryProps) {
  const key = useOpenPhotoKey();
  const index = key === null ? -1 : photos.findIndex((photo) => photo.key === key);
  const opened = photos[index];
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PhotoLightbox photos={single ? [opened] : photos} index={single ? 0 : index} title={title} />
    </Suspense>
  );
}
