import { useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { tileLoading } from '../components/ImageTile.tsx';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import { WALL_FIRST_SCREEN_TILES, WALL_GRID, WALL_SIZES } from '../components/photo-wall.ts';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { useLightboxOpen } from '../lightbox/photo-param.ts';
import type { homeLoader } from './home-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { t } from '../site-words.ts';

export function HomePage() {
  const { photos } = useLoaderData<typeof homeLoader>();
  const covered = useLightboxOpen(photos);
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity)} description={identity.description} />
      <h1 className="sr-only">{identity.title}</h1>
      {photos.length === 0 ? (
        <p className="text-stone-400">{t('home.empty')}</p>
      ) : (
        <ul className={WALL_GRID}>
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
