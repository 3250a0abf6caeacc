import { useEffect, useMemo, useState } from 'react';
import Lightbox, { ACTIVE_SLIDE_COMPLETE, ACTIVE_SLIDE_ERROR, useEvents, type Slide } from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import './lightbox.css';
import { imageUrl, mediaUrl } from '../assets.ts';
import { PHOTO_PREVIEW_ID } from '../first-screen.ts';
import { photoAlt, screenImages, type GalleryPhoto } from '../photos.ts';
import { Metadata, PanelTitleContext } from './metadata-plugin.tsx';
import { useOpenedHere, usePhotoNavigation } from './photo-param.ts';
import { ShareButton } from './share-button.tsx';
import { Staged } from './staged-plugin.tsx';
import { lightboxLabels } from './lightbox-labels.ts';

/** The overlay colour (rgba(0,0,0,0.8)) is in lightbox.css; the portal fades it in. */
const FADE_MS = 300;

/**
 * One photo as a slide. `srcSet` holds the renditions that exist (the WebP widths of the data
 * and the display JPEG), so the lightbox fetches a screen-sized file on a phone and the large
 * one on a desktop.
 */
export function toSlide(photo: GalleryPhoto): Slide {
  const { full } = photo;
  const webp = photo.thumbnail.sources.filter((source) => source.type === 'image/webp').flatMap((source) => source.files);
  // The strip shows the smallest WebP, the file the page's tiles have already loaded on most screens.
  const thumbnail = imageUrl(webp.reduce<{ path: string; width: number } | undefined>((small, file) => (small && small.width <= file.width ? small : file), undefined)?.path ?? photo.thumbnail.path);
  if (photo.video) {
    // A clip: its poster until the visitor plays it (no autoplay; nothing of the video fetched before).
    return {
      type: 'video',
      poster: imageUrl(full.path),
      width: full.width,
      height: full.height,
      preload: 'none',
      sources: photo.video.files.map((file) => ({ src: mediaUrl(file.path), type: file.type })),
      thumbnail,
      photo,
    };
  }
  const srcSet = screenImages(photo).map((file) => ({ src: imageUrl(file.path), width: file.width, height: file.height }));
  return {
    src: imageUrl(full.path),
    alt: photoAlt(photo),
    width: full.width,
    height: full.height,
    ...(srcSet.length > 1 ? { srcSet } : {}),
    thumbnail,
    photo,
  };
}

/** The open photo's pre-rendered stand-in (web/prerender/inline-scripts.ts firstScreenScript), if a photo link showed one. */
function removePhotoPreview(): void {
  document.getElementById(PHOTO_PREVIEW_ID)?.remove();
}

/** Inside the lightbox: reports once the open photo has loaded (or failed), so the rest may load. */
function OpenPhotoLoaded({ onLoaded }: { onLoaded: () => void }) {
  const { subscribe } = useEvents();
  useEffect(() => {
    const unsubscribe = [subscribe(ACTIVE_SLIDE_COMPLETE, onLoaded), subscribe(ACTIVE_SLIDE_ERROR, onLoaded)];
    return () => unsubscribe.forEach((u) => u());
  }, [subscribe, onLoaded]);
  return null;
}

/** What shows that the visitor is using the lightbox, not just looking at the photo. */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel'] as const;

/** False until the visitor's first pointer, key or wheel input; true from the start when `already`. */
function useInteracted(already: boolean): boolean {
  const [interacted, setInteracted] = useState(already);
  useEffect(() => {
    if (interacted) return;
    const done = () => setInteracted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true, once: true });
    return () => INTERACTIONS.forEach((type) => window.removeEventListener(type, done, { capture: true }));
  }, [interacted]);
  return interacted;
}

interface PhotoLightboxProps {
  photos: readonly GalleryPhoto[];
  /** The photo it opens on. */
  index: number;
  title: string;
}

/** The lightbox of a page's photos, opened on the one the URL names, which then follows it. No Slideshow plugin: no autoplay. */
export default function PhotoLightbox({ photos, index, title }: PhotoLightboxProps) {
  const { show, close } = usePhotoNavigation();
  // Once open, the lightbox leads and the URL follows a render later: were it handed the URL's
  // index (or new slides) on every render, a render that lands between an arrow key and the URL
  // catching up would take the visitor back to the photo they just left.
  const [openedAt] = useState(index);
  const slides = useMemo(() => photos.map(toSlide), [photos]);
  // The open photo first: its neighbours and the thumbnails strip load once it has (on a phone
  // they would otherwise share the bandwidth with it). A visitor who arrived through a photo link
  // came for that photo: the rest waits until they touch the lightbox (a click on the page
  // already was such a touch).
  const [openLoaded, setOpenLoaded] = useState(false);
  const interacted = useInteracted(useOpenedHere());
  const rest = openLoaded && interacted;
  const [onLoaded] = useState(() => () => {
    setOpenLoaded(true);
    removePhotoPreview();
  });
  useEffect(() => removePhotoPreview, []);
  // A clip shows its poster at once and reports no "loaded" until it has played to its end: the rest need not wait for it.
  const openIsClip = photos[index]?.video !== undefined;
  useEffect(() => {
    if (openIsClip) onLoaded();
  }, [openIsClip, onLoaded]);
  return (
    <PanelTitleContext.Provider value={title}>
      <Lightbox
        open
        index={openedAt}
        slides={slides}
        close={close}
        on={{
          view: ({ index: viewed }) => {
            const photo = photos[viewed];
            if (photo) show(photo.key);
          },
        }}
        plugins={[Fullscreen, Thumbnails, Zoom, Video, Metadata, Staged]}
        video={{ autoPlay: false, controls: true, playsInline: true, preload: 'none' }}
        labels={lightboxLabels()}
        toolbar={{ buttons: [<ShareButton key="share" />, 'close'] }}
        animation={{ fade: FADE_MS }}
        controller={{ closeOnBackdropClick: true }}
        // With two photos an endless carousel would show one of them twice in the thumbnails strip.
        carousel={{ finite: photos.length <= 2, preload: rest ? 2 : 0 }}
        render={{
          ...(photos.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : {}),
          controls: () => (openLoaded ? null : <OpenPhotoLoaded onLoaded={onLoaded} />),
          // An empty box until then: without an image the strip would draw each slide's own image instead.
          ...(rest ? {} : { thumbnail: () => <span className="block h-full w-full" /> }),
        }}
        thumbnails={{ width: 96, height: 64, border: 0, gap: 8, padding: 0, vignette: true }}
      />
    </PanelTitleContext.Provider>
  );
}
