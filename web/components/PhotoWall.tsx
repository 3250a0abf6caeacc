import type { GalleryPhoto } from '../photos.ts';
import { tileLoading } from './ImageTile.tsx';
import { WALL_FIRST_SCREEN_TILES, WALL_GRID, WALL_SIZES } from './photo-wall.ts';
import { PhotoTile, tileOf } from './PhotoTile.tsx';

/** The photo wall of Home, of a species' Life List page and of an outing: each tile opens the lightbox at its photo. */
export function PhotoWall({ photos, covered }: { photos: readonly GalleryPhoto[]; covered: boolean }) {
  return (
    <ul className={WALL_GRID}>
      {photos.map((photo, position) => (
        <li key={photo.key}>
          <PhotoTile {...tileOf(photo)} sizes={WALL_SIZES} layout="cover" loading={tileLoading(position, WALL_FIRST_SCREEN_TILES)} covered={covered} />
        </li>
      ))}
    </ul>
  );
}
