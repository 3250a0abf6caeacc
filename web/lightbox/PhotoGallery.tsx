import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import type { GalleryPhoto } from '../photos.ts';
import { useOpenPhotoKey } from './photo-param.ts';

// The lightbox (library, plugins, CSS) is not in the entry chunk: it is downloaded when the
// visitor points at, touches or focuses a photo (preloadLightbox, web/entry-client.tsx), or
// when a photo is opened first.
type PhotoLightboxComponent = (typeof import('./PhotoLightbox.tsx'))['default'];
let loadedLightbox: PhotoLightboxComponent | undefined;
const loadLightbox = () =>
  import('./PhotoLightbox.tsx').then((module) => {
    loadedLightbox = module.default;
    return module;
  });
const LazyLightbox = lazy(loadLightbox);

/** Downloads and evaluates the lightbox's code ahead of the first click, so the first open is as fast as the next ones. */
export function preloadLightbox(): void {
  // A failure is not an error yet: opening a photo tries again and reports it.
  loadLightbox().catch(() => {});
}

interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  /** Page title shown in the metadata panel. */
  title: string;
  /** Show only the opened photo (the home wall) instead of the whole page's gallery. */
  single?: boolean;
}

const noSubscription = () => () => {};

/**
 * False while hydrating a pre-rendered page (whose HTML never holds the lightbox:
 * the query string is not part of a static file), true afterwards, so a deep link
 * with ?photo= opens the lightbox right after hydration instead of breaking it.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Opens the lightbox when the URL names one of this page's photos. */
export function PhotoGallery({ photos, title, single = false }: PhotoGalleryProps) {
  const key = useOpenPhotoKey();
  const hydrated = useHydrated();
  const index = key === null ? -1 : photos.findIndex((photo) => photo.key === key);
  const opened = photos[index];
  // The same array while the same photo is open: a new one would be new slides to the lightbox.
  const shown = useMemo(() => (single && opened ? [opened] : photos), [single, opened, photos]);
  if (!opened || !hydrated) return null;
  // Once the code is here (preloaded), render it directly: a lazy component suspends on its first
  // render even then, and React holds back the content revealed after a fallback by ~300 ms.
  const PhotoLightbox = loadedLightbox ?? LazyLightbox;
  return (
    <Suspense fallback={null}>
      <PhotoLightbox photos={shown} index={single ? 0 : index} title={title} />
    </Suspense>
  );
}
