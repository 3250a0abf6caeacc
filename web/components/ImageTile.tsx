import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { imageUrl } from '../assets.ts';
import type { TileImage } from '../photos.ts';

/** The specification's lazy-load rule: 10% visible, with a 100px margin. */
export const LAZY_LOAD_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '100px' };
export const LOAD_ERROR_TEXT = 'Failed to load image';

type Status = 'waiting' | 'loading' | 'loaded' | 'failed';

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
 */
export function ImageTile({ image, alt, sizes, fit = 'natural', className = '' }: ImageTileProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('waiting');
  const src = imageUrl(image.path);
  const hash = useMemo(() => hashBytes(image.placeholder), [image.placeholder]);
  const colour = useMemo(() => averageColour(hash), [hash]);
  // The blurred preview is decoded only for tiles that start loading; `status` is client-only
  // state, so the pre-rendered markup and the first client render stay identical.
  const placeholder = useMemo(() => (status === 'loading' ? placeholderUrl(hash) : undefined), [status, hash]);

  useEffect(() => {
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
  }, []);

  const boxStyle: CSSProperties = {
    ...(fit === 'natural' && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : {}),
    ...(colour && status !== 'loaded' && status !== 'failed' ? { backgroundColor: colour } : {}),
    ...(placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' } : {}),
  };
  const shape = fit === 'fill' ? 'absolute inset-0 h-full w-full' : `relative w-full ${image.width && image.height ? '' : 'aspect-[4/3]'}`;

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
            src={src}
            alt={alt}
            width={image.width}
            height={image.height}
            decoding="async"
            onLoad={() => setStatus('loaded')}
            onError={() => {
              console.error(`${LOAD_ERROR_TEXT}: ${src}`);
              setStatus('failed');
            }}
            className={`block h-full w-full object-cover transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
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
