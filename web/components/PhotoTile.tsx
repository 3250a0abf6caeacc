import { Link } from 'react-router';
import { photoLinkProps } from '../lightbox/photo-param.ts';
import { photoAlt, type GalleryPhoto, type TileImage } from '../photos.ts';
import { ImageTile, type TileLoading } from './ImageTile.tsx';

interface PhotoTileProps {
  image: TileImage;
  species: string;
  /** The image's alt text; the species name when not given. */
  alt?: string;
  /** The lightbox key this tile opens. */
  photoKey: string;
  sizes: string;
  /** 'cover': fixed 4:3 cell of a grid; 'natural': the photo's own shape (masonry). */
  layout: 'cover' | 'natural';
  /** 'lazy' unless the tile is on the first screen (see tileLoading). */
  loading?: TileLoading;
}

/** A thumbnail that opens the lightbox, with the species name revealed on hover and keyboard focus. */
export function PhotoTile({ image, species, alt, photoKey, sizes, layout, loading }: PhotoTileProps) {
  return (
    <Link
      {...photoLinkProps(photoKey)}
      aria-label={species}
      className={`group relative block overflow-hidden rounded-sm bg-stone-900 outline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-200 ${layout === 'cover' ? 'aspect-[4/3]' : ''}`}
    >
      <ImageTile image={image} alt={alt ?? species} sizes={sizes} fit={layout === 'cover' ? 'fill' : 'natural'} loading={loading} className="transition-transform duration-500 group-hover:scale-[1.03]" />
      <span
        aria-hidden="true"
        data-testid="species-caption"
        className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pt-8 pb-2 font-serif text-lg text-white opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100"
      >
        {species}
      </span>
    </Link>
  );
}

export function tileOf(photo: GalleryPhoto): Pick<PhotoTileProps, 'image' | 'species' | 'alt' | 'photoKey'> {
  return { image: photo.thumbnail, species: photo.species, alt: photoAlt(photo), photoKey: photo.key };
}
