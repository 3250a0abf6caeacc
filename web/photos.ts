import type { Credit, ExifDisplay, ImageSource } from '../data/manifest-schemas.ts';
import type { LocalName } from '../data/local-name.ts';
import type { MediaFile, PageClip } from '../data/media-schemas.ts';
import type { FolderCard, PagePhoto } from '../data/site-data-schemas.ts';
import { birdName } from './bird-name.ts';

/**
 * What pages hand to tiles and the lightbox: manifest paths (turned into URLs at
 * render time, so the asset origin is applied in one place) and only the fields a
 * tile or the lightbox shows.
 */
export interface TileImage {
  /** Site-relative path of the `_lowq.jpg` thumbnail. */
  path: string;
  width?: number;
  height?: number;
  /** ThumbHash, base64. */
  placeholder?: string;
  sources: ImageSource[];
}

export interface GalleryPhoto {
  /** Value of `?photo=`: the photo id, or the file name for a file the index does not know. */
  key: string;
  /** The species' key (its English name, or the owner's folder name): its page's URL. */
  species: string;
  /** Its name in the site's bird-name language, where the taxonomy has one. */
  localName?: LocalName;
  thumbnail: TileImage;
  /** The full-size display image. */
  full: { path: string; width?: number; height?: number };
  /** Camera metadata from the photo index; `null` when the photo has no EXIF that could be read (the panel is hidden). */
  exif: ExifDisplay | null;
  credit?: Credit;
  /** Day taken, `YYYY-MM-DD`, or null when unknown. */
  takenOn?: string | null;
  /** The day of the outing the photo is on (its page exists); absent when the day is no outing, e.g. dated after the ingest by a wrong camera clock. */
  outing?: string;
  /** The photographer's own title and caption, from the file's XMP/IPTC (plain text: React escapes it). */
  title?: string;
  caption?: string;
  /** A clip: its video, which the lightbox plays (its poster is `full`, its tile the poster's renditions). */
  video?: GalleryVideo;
}

interface GalleryVideo {
  /** The published files, the first a browser plays wins. */
  files: MediaFile[];
  durationSeconds: number;
}

/** The image's alt text: the photographer's title or caption, else the species name. */
export function photoAlt(photo: Pick<GalleryPhoto, 'species' | 'localName' | 'title' | 'caption'>): string {
  return photo.title ?? photo.caption ?? birdName(photo.species, photo.localName);
}

/** One file a full-screen view may show, with its size in pixels. */
export interface ScreenImage {
  path: string;
  width: number;
  height: number;
}

/**
 * The files a full-screen view of the photo picks from by width (srcset), smallest first: the
 * WebP renditions narrower than the display image, then the display JPEG. The lightbox, the
 * photo link's preview and the share page offer the same list, so a phone gets the same file
 * from each (and the browser's cache serves the second view).
 */
export function screenImages(photo: Pick<GalleryPhoto, 'thumbnail' | 'full'>): ScreenImage[] {
  const { full } = photo;
  const webp = photo.thumbnail.sources.filter((source) => source.type === 'image/webp').flatMap((source) => source.files);
  return [
    ...webp.filter((file) => full.width === undefined || file.width < full.width).sort((a, b) => a.width - b.width),
    ...(full.width && full.height ? [{ path: full.path, width: full.width, height: full.height }] : []),
  ];
}

export function tileOfCover(cover: NonNullable<FolderCard['cover']>): TileImage {
  return { path: cover.thumbnail.path, width: cover.thumbnail.width, height: cover.thumbnail.height, placeholder: cover.placeholder, sources: cover.sources };
}

export function galleryPhotoFromEntry(entry: PagePhoto): GalleryPhoto {
  return {
    key: entry.id,
    species: entry.species,
    ...(entry.localName ? { localName: entry.localName } : {}),
    thumbnail: tileOfCover(entry),
    full: { path: entry.display.path, width: entry.display.width, height: entry.display.height },
    exif: entry.exif,
    takenOn: entry.takenOn,
    ...(entry.credit ? { credit: entry.credit } : {}),
    ...(entry.title ? { title: entry.title } : {}),
    ...(entry.caption ? { caption: entry.caption } : {}),
    ...(entry.outing !== undefined ? { outing: entry.outing } : {}),
  };
}

/** A clip as the wall and the lightbox show it: a tile of its poster frame, which the lightbox plays. */
export function galleryPhotoFromClip(clip: PageClip): GalleryPhoto {
  return {
    key: clip.id,
    species: clip.species,
    ...(clip.localName ? { localName: clip.localName } : {}),
    thumbnail: tileOfCover(clip),
    full: { path: clip.poster.path, width: clip.poster.width, height: clip.poster.height },
    exif: null,
    takenOn: clip.takenOn,
    ...(clip.credit ? { credit: clip.credit } : {}),
    ...(clip.title ? { title: clip.title } : {}),
    ...(clip.caption ? { caption: clip.caption } : {}),
    ...(clip.outing !== undefined ? { outing: clip.outing } : {}),
    video: { files: clip.video, durationSeconds: clip.durationSeconds },
  };
}
