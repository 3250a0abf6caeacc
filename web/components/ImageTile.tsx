import { startTransition, useEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { imageUrl, srcSetOf } from '../assets.ts';
import { FIRST_SCREEN_TIMING, QUEUED_SRC, QUEUED_SRCSET } from '../first-screen.ts';
import type { TileImage } from '../photos.ts';
import { useStartWhenNear } from './near-viewport.ts';
import { t } from '../site-words.ts';

/** The specification's lazy-load rule: 10% visible, with a 100px margin. */
const LOAD_ERROR_TEXT = 'Failed to load image';

type Status = 'waiting' | 'queued' | 'loading' | 'loaded' | 'failed';

/** The app's script starts once these are on screen (web/prerender/inline-scripts.ts entryLoaderScript; React has no type for the attribute). */
const FIRST_SCREEN: Record<string, string> = { elementtiming: FIRST_SCREEN_TIMING };

/**
 * How a tile starts. 'lazy' (the spec's rule) waits for the observer and fades in.
 * The first screen's tiles are real, visible images of the pre-rendered page, loaded before
 * the JavaScript. Their files are named in data- attributes, which the browser's preload
 * scanner leaves alone, and the page's inline scripts hand them to the image
 * (web/prerender/inline-scripts.ts): 'priority' (the likely LCP element) as soon as the
 * parser reaches the end of the page, unless a `?photo=` link's photo comes first; 'next'
 * once the priority photo is on screen. On a phone's bandwidth the largest photo then
 * arrives alone instead of sharing it with the rest of the screen.
 */
export type TileLoading = 'lazy' | 'next' | 'priority';

/** Tiles of a page in order: the first is 'priority', the rest of the first `firstScreen` 'next'. */
export function tileLoading(position: number, firstScreen: number): TileLoading {
  if (position === 0 && firstScreen > 0) return 'priority';
  return position < firstScreen ? 'next' : 'lazy';
}

interface ImageTileProps {
  image: TileImage;
  alt: string;
  /** `sizes` for the srcset: how wide the tile is drawn at each breakpoint. */
  sizes: string;
  /**
   * 'natural' reserves the photo's own aspect ratio (walls, masonry);
   * 'fill' covers a box whose size the parent sets (folder cards).
   */
  fit?: 'natural' | 'fill';
  className?: string;
  loading?: TileLoading;
  /** The page is covered (an open photo): a lazy tile waits, as it would out of view. */
  paused?: boolean;
}

function hashBytes(hash: string | undefined): Uint8Array | undefined {
  if (!hash) return undefined;
  try {
    return Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The photo's average colour: a few bytes in the pre-rendered HTML instead of a 4 KB PNG per tile. */
function averageColour(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(bytes);
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return undefined;
  }
}

function placeholderUrl(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    return thumbHashToDataURL(bytes);
  } catch {
    return undefined;
  }
}

/**
 * One image tile used by every page: sets its source only once near the viewport,
 * holds its box from the manifest's size so nothing shifts, shows the ThumbHash
 * meanwhile, fades the photo in, and says so when the file cannot be loaded.
 * A first-screen tile is in the pre-rendered markup as a visible image instead.
 */
export function ImageTile({ image, alt, sizes, fit = 'natural', className = '', loading = 'lazy', paused = false }: ImageTileProps) {
  const firstScreen = loading !== 'lazy';
  const boxRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useState<Status>(firstScreen ? 'queued' : 'waiting');
  const src = imageUrl(image.path);
  const hash = useMemo(() => hashBytes(image.placeholder), [image.placeholder]);
  const colour = useMemo(() => averageColour(hash), [hash]);
  // First-screen tiles keep the average colour: their image arrives with the page.
  const placeholder = useDecodedPlaceholder(hash, !firstScreen && status === 'loading');

  const reported = useRef(false);
  const failed = () => {
    // Logged once, though a first-screen image's error can reach both the handler and the check below.
    if (!reported.current) console.error(`${LOAD_ERROR_TEXT}: ${src}`);
    reported.current = true;
    setStatus('failed');
  };

  // Both status changes below come to many tiles at once (a screenful entering the view, every
  // first-screen tile once hydrated): as transitions, their renders yield to the browser every few
  // milliseconds instead of being one long task.
  useStartWhenNear(boxRef, !firstScreen && !paused, () => startTransition(() => setStatus((current) => (current === 'waiting' ? 'loading' : current))));

  // A pre-rendered image may have loaded, or failed, before React attached its handlers while
  // hydrating: its load or error event is gone, so read the outcome. It has a source only if
  // the page's scripts gave it one; otherwise (a page the app rendered itself) it gets it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, after the first render; later outcomes arrive through onLoad and onError
  useEffect(() => {
    const img = imgRef.current;
    if (!firstScreen || !img) return;
    if (img.getAttribute('src') !== null && img.complete) {
      if (img.naturalWidth > 0) startTransition(() => setStatus((current) => (current === 'loading' || current === 'queued' ? 'loaded' : current)));
      else failed();
    } else {
      startTransition(() => setStatus((current) => (current === 'queued' ? 'loading' : current)));
    }
  }, []);

  const shape = fit === 'fill' ? 'absolute inset-0 h-full w-full' : `relative w-full ${image.width && image.height ? '' : 'aspect-[4/3]'}`;
  const fallback = <NoScriptImage image={image} src={src} alt={alt} />;
  return (
    <div ref={boxRef} className={`${shape} overflow-hidden bg-stone-800 ${className}`} style={boxStyle(image, fit, status, colour, placeholder)} data-status={status}>
      {status === 'failed' ? (
        <div className={`flex h-full w-full justify-center p-3 text-center text-sm text-stone-300 ${fit === 'fill' ? 'items-end' : 'items-center'}`}>
          {t('image.failed')}
        </div>
      ) : status !== 'waiting' ? (
        <>
          <TilePicture image={image} src={src} alt={alt} sizes={sizes} loading={loading} status={status} imgRef={imgRef} onLoad={() => setStatus('loaded')} onError={failed} />
          {status === 'queued' && fallback}
        </>
      ) : (
        fallback
      )}
    </div>
  );
}

/**
 * The blurred preview, decoded only while `active` (a lazy tile that started loading: client-only
 * state, so the pre-rendered markup and the first client render stay identical), each in a task
 * of its own: a screenful of tiles entering the view together would otherwise be one long task.
 */
function useDecodedPlaceholder(hash: Uint8Array | undefined, active: boolean): string | undefined {
  const [placeholder, setPlaceholder] = useState<string>();
  useEffect(() => {
    if (!active || !hash) return;
    const timer = setTimeout(() => setPlaceholder(placeholderUrl(hash)), 0);
    return () => clearTimeout(timer);
  }, [active, hash]);
  return placeholder;
}


/** The box holds the photo's shape and shows its colour, then its blurred preview, until the photo is in. */
function boxStyle(image: TileImage, fit: ImageTileProps['fit'], status: Status, colour: string | undefined, placeholder: string | undefined): CSSProperties {
  return {
    ...(fit === 'natural' && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : {}),
    ...(colour && status !== 'loaded' && status !== 'failed' ? { backgroundColor: colour } : {}),
    ...(placeholder && status === 'loading' ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' } : {}),
  };
}

interface TilePictureProps {
  image: TileImage;
  src: string;
  alt: string;
  sizes: string;
  loading: TileLoading;
  status: Status;
  imgRef: RefObject<HTMLImageElement | null>;
  onLoad: () => void;
  onError: () => void;
}

function TilePicture({ image, src, alt, sizes, loading, status, imgRef, onLoad, onError }: TilePictureProps) {
  const firstScreen = loading !== 'lazy';
  // Lazy tiles are invisible while loading and fade in (the spec's 300 ms); a first-screen tile
  // is visible from its first paint, as a plain pre-rendered image would be.
  const visibility = firstScreen ? '' : ` transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'}`;
  // A queued image's files wait in data- attributes; the page's scripts copy them to srcset and
  // src before the app hydrates, so the DOM holds attributes this render does not.
  const queued = status === 'queued';
  return (
    <picture className="block h-full w-full">
      {image.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          sizes={sizes}
          {...(queued ? { [QUEUED_SRCSET]: srcSetOf(source.files), suppressHydrationWarning: true } : { srcSet: srcSetOf(source.files) })}
        />
      ))}
      <img
        ref={imgRef}
        {...(queued ? { [QUEUED_SRC]: src, suppressHydrationWarning: true } : { src })}
        alt={alt}
        width={image.width}
        height={image.height}
        {...(firstScreen ? { loading: 'eager', ...(loading === 'priority' ? { fetchPriority: 'high' } : {}), ...FIRST_SCREEN } : { decoding: 'async' })}
        onLoad={onLoad}
        onError={onError}
        className={`block h-full w-full object-cover${visibility}`}
      />
    </picture>
  );
}

/** Pre-rendered pages show the photo to visitors and crawlers without JavaScript. */
function NoScriptImage({ image, src, alt }: { image: TileImage; src: string; alt: string }) {
  return (
    <noscript>
      <img src={src} alt={alt} width={image.width} height={image.height} loading="lazy" decoding="async" className="absolute inset-0 block h-full w-full object-cover" />
    </noscript>
  );
}
