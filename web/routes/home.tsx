import { useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { tileLoading } from '../components/ImageTile.tsx';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { useLightboxOpen } from '../lightbox/photo-param.ts';
import { site } from '../site.ts';
import { pageTitle, useSite } from './root.tsx';

export const WALL_SIZES = '(min-width: 1280px) 320px, (min-width: 768px) 33vw, 50vw';
/** Tiles of a wall pre-rendered as real images: the first two rows on a phone. */
export const WALL_FIRST_SCREEN_TILES = 4;

/** The featured photos, in the owner's order. */
export async function homeLoader() {
  return { photos: await site.home() };
}

export function HomePage() {
  const { photos } = useLoaderData<typeof homeLoader>();
  const covered = useLightboxOpen(photos);
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity)} description={identity.description} />
      <h1 className="sr-only">{identity.title}</h1>
      {photos.length === 0 ? (
        <p className="text-stone-400">No featured photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 xl:grid-cols-4">
          {photos.map((photo, position) => (
            <li key={photo.key}>
              <PhotoTile {...tileOf(photo)} sizes={WALL_SIZES} layout="cover" loading={tileLoading(position, WALL_FIRST_SCREEN_TILES)} covered={covered} />
            </li>
          ))}
        </ul>
      )}
      <PhotoGallery photos={photos} title={identity.title} single />
    </>
  );
}
