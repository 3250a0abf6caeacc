import { Link } from 'react-router';
import { photoLinkProps } from '../lightbox/photo-param.ts';
import { srcSetOf } from '../assets.ts';
import { SCREEN_SIZE, SCREEN_SRCSET } from '../first-screen.ts';
import { birdName } from '../bird-name.ts';
import { clipName, mediaLength } from '../media-text.ts';
import { photoAlt, screenImages, type GalleryPhoto, type ScreenImage, type TileImage } from '../photos.ts';
import { ImageTile, type TileLoading } from './ImageTile.tsx';

interface PhotoTileProps {
  image: TileImage;
  /** The species' name as shown (in the site's bird-name language where known). */
  species: string;
  /** The language of `species` when it is a local name. */
  lang?: string | undefined;
  /** The image's alt text; the species name when not given. */
  alt?: string;
  /** The lightbox key this tile opens. */
  photoKey: string;
  /** The photo's full-screen files (screenImages), for a photo link's preview. */
  screen?: ScreenImage[];
  sizes: string;
  /** 'cover': fixed 4:3 cell of a grid; 'natural': the photo's own shape (masonry). */
  layout: 'cover' | 'natural';
  /** 'lazy' unless the tile is on the first screen (see tileLoading). */
  loading?: TileLoading;
  /** A photo of the page is open over it (useLightboxOpen): lazy tiles wait. */
  covered?: boolean;
  /** A clip's length in seconds: the tile of its poster shows a play mark and the length, and the lightbox plays it. */
  clipSeconds?: number | undefined;
}

/** A thumbnail that opens the lightbox, with the species name revealed on hover and keyboard focus. */
export function PhotoTile({ image, species, lang, alt, photoKey, screen = [], sizes, layout, loading, covered, clipSeconds }: PhotoTileProps) {
  const largest = screen.at(-1);
  return (
    <Link
      {...photoLinkProps(photoKey)}
      // What a `?photo=` link's preview shows before the app has started (web/prerender/inline-scripts.ts
      // firstScreenScript): the pre-rendered page holds no loader data to read it from.
      {...{ [SCREEN_SRCSET]: srcSetOf(screen) || undefined, [SCREEN_SIZE]: largest ? `${largest.width}x${largest.height}` : undefined }}
      aria-label={clipSeconds === undefined ? species : clipName(species, clipSeconds)}
      // The tile's look is named once in web/styles.css (.photo-tile, .tile-zoom, .tile-caption):
      // every photo has a tile on two pages, so its classes are paid for in each one's HTML.
      className={`group photo-tile${layout === 'cover' ? ' aspect-[4/3]' : ''}`}
    >
      <ImageTile image={image} alt={alt ?? species} sizes={sizes} fit={layout === 'cover' ? 'fill' : 'natural'} loading={loading} paused={covered} className="tile-zoom" />
      <span aria-hidden="true" data-testid="species-caption" lang={lang} className="tile-caption opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100">
        {species}
      </span>
      {clipSeconds !== undefined && <ClipMark seconds={clipSeconds} />}
    </Link>
  );
}

export function tileOf(photo: GalleryPhoto): Pick<PhotoTileProps, 'image' | 'species' | 'lang' | 'alt' | 'photoKey' | 'screen' | 'clipSeconds'> {
  return {
    image: photo.thumbnail,
    species: birdName(photo.species, photo.localName),
    lang: photo.localName?.lang,
    alt: photoAlt(photo),
    photoKey: photo.key,
    screen: screenImages(photo),
    ...(photo.video ? { clipSeconds: photo.video.durationSeconds } : {}),
  };
}

/** A clip tile's mark: a play sign in the middle and the length in a corner (the tile's name says both). */
function ClipMark({ seconds }: { seconds: number }) {
  return (
    <span aria-hidden="true" data-testid="clip-mark" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-white">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="absolute top-2 right-2 rounded-sm bg-black/70 px-1.5 text-xs tabular-nums text-white">{mediaLength(seconds)}</span>
    </span>
  );
}
