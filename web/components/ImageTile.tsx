import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { imageUrl } from '../assets.ts';
import { FIRST_SCREEN_TIMING } from '../first-screen.ts';
import type { TileImage } from '../photos.ts';

/** The specification's lazy-load rule: 10% visible, with a 100px margin. */
export const LAZY_LOAD_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '100px' };
export const LOAD_ERROR_TEXT = 'Failed to load image';

type Status = 'waiting' | 'loading' | 'loaded' | 'failed';

/** The app's script starts once these are on screen (web/prerender/html-document.ts deferEntryScript; React has no type for the attribute). */
const FIRST_SCREEN: Record<string, string> = { elementtiming: FIRST_SCREEN_TIMING };

/**
 * How a tile starts. 'lazy' (the spec's rule) waits for the observer and fades in;
 * 'eager' is a real, visible image in the pre-rendered HTML, so the browser fetches it
 * with the page instead of after the JavaScript (the first screen's tiles);
 * 'priority' is eager and fetched before other images (the likely LCP element).
 */
export type TileLoading = 'lazy' | 'eager' | 'priority';

/** Tiles above the fold: the first `eager` are eager, the first `priority` of them fetched first. */
export function tileLoading(position: number, eager: number, priority = 2): TileLoading {
  if (position < Math.min(priority, eager)) return 'priority';
  return position < eager ? 'eager' : 'lazy';
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
 * An eager tile is in the pre-rendered markup as a visible image instead.
 */
export function ImageTile({ image, alt, sizes, fit = 'natural', className = '', loading = 'lazy', paused = false }: ImageTileProps) {
  const eager = loading !== 'lazy';
  const boxRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useState<Status>(eager ? 'loading' : 'waiting');
  const src = imageUrl(image.path);
  const hash = useMemo(() => hashBytes(image.placeholder), [image.placeholder]);
  const colour = useMemo(() => averageColour(hash), [hash]);
  // The blurred preview is decoded only for lazy tiles that start loading (client-only state, so
  // the pre-rendered markup and the first client render stay identical), each in a task of its
  // own: a screenful of tiles entering the view together would otherwise be one long task.
  // Eager tiles keep the average colour: their image arrives with the page.
  const [placeholder, setPlaceholder] = useState<string>();
  useEffect(() => {
    if (eager || status !== 'loading' || !hash) return;
    const timer = setTimeout(() => setPlaceholder(placeholderUrl(hash)), 0);
    return () => clearTimeout(timer);
  }, [eager, status, hash]);

  const reported = useRef(false);
  const failed = () => {
    // Logged once, though an eager image's error can reach both the handler and the check below.
    if (!reported.current) console.error(`${LOAD_ERROR_TEXT}: ${src}`);
    reported.current = true;
    setStatus('failed');
  };

  useEffect(() => {
    if (eager || paused) return;
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setStatus((current) => (current === 'waiting' ? 'loading' : current));
        observer.disconnect();
      }
    }, LAZY_LOAD_OPTIONS);
    observer.observe(box);
    return () => observer.disconnect();
  }, [eager, paused]);

  // A pre-rendered eager image may have loaded, or failed, before React attached its
  // handlers while hydrating: its load or error event is gone, so read the outcome.
  useEffect(() => {
    const img = imgRef.current;
    if (!eager || !img?.complete) return;
    if (img.naturalWidth > 0) setStatus((current) => (current === 'loading' ? 'loaded' : current));
    else failed();
    // Only once, after the first render: later outcomes arrive through onLoad and onError.
  }, []);

  const boxStyle: CSSProperties = {
    ...(fit === 'natural' && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : {}),
    ...(colour && status !== 'loaded' && status !== 'failed' ? { backgroundColor: colour } : {}),
    ...(placeholder && status === 'loading' ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' } : {}),
  };
  const shape = fit === 'fill' ? 'absolute inset-0 h-full w-full' : `relative w-full ${image.width && image.height ? '' : 'aspect-[4/3]'}`;
  // Lazy tiles are invisible while loading and fade in (the spec's 300 ms); an eager tile is
  // visible from the first paint, as a plain pre-rendered image would be.
  const visibility = eager ? '' : ` transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'}`;

  return (
    <div ref={boxRef} className={`${shape} overflow-hidden bg-stone-800 ${className}`} style={boxStyle} data-status={status}>
      {status === 'failed' ? (
        <div className={`flex h-full w-full justify-center p-3 text-center text-sm text-stone-300 ${fit === 'fill' ? 'items-end' : 'items-center'}`}>
          {LOAD_ERROR_TEXT}
        </div>
      ) : status !== 'waiting' ? (
        <picture className="block h-full w-full">
          {image.sources.map((source) => (
            <source
              key={source.type}
              type={source.type}
              sizes={sizes}
              srcSet={source.files.map((file) => `${imageUrl(file.path)} ${file.width}w`).join(', ')}
            />
          ))}
          <img
            ref={imgRef}
            src={src}
            alt={alt}
            width={image.width}
            height={image.height}
            {...(eager ? { loading: 'eager', ...(loading === 'priority' ? { fetchPriority: 'high' } : {}), ...FIRST_SCREEN } : { decoding: 'async' })}
            onLoad={() => setStatus('loaded')}
            onError={failed}
            className={`block h-full w-full object-cover${visibility}`}
          />
        </picture>
      ) : (
        // Pre-rendered pages show the photo to visitors and crawlers without JavaScript.
        <noscript>
          <img src={src} alt={alt} width={image.width} height={image.height} loading="lazy" decoding="async" className="block h-full w-full object-cover" />
        </noscript>
      )}
    </div>
  );
}
