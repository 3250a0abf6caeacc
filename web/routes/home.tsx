import { useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { PhotoWall } from '../components/PhotoWall.tsx';
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
        <PhotoWall photos={photos} covered={covered} />
      )}
      <PhotoGallery photos={photos} title={identity.title} single />
    </>
  );
}
