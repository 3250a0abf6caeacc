import { useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { tileLoading } from '../components/ImageTile.tsx';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { loadManifest } from '../manifests.ts';
import { galleryPhotoFromEntry, type GalleryPhoto } from '../photos.ts';
import { pageTitle, useSite } from './root.tsx';

export const WALL_SIZES = '(min-width: 1280px) 320px, (min-width: 768px) 33vw, 50vw';
/** Tiles of a wall pre-rendered as real images: the first two rows on a phone. */
export const WALL_EAGER_TILES = 4;

/** The featured photos, in the owner's order (info.json `featured` → photo index). */
export async function homeLoader() {
  const [info, index] = await Promise.all([loadManifest('info'), loadManifest('photoIndex')]);
  const photos: GalleryPhoto[] = info.featured.flatMap((id) => {
    const entry = index.photos[id];
    return entry ? [galleryPhotoFromEntry(entry)] : [];
  });
  return { photos };
}

export function HomePage() {
  const { photos } = useLoaderData<typeof homeLoader>();
  const site = useSite();
  return (
    <>
      <PageMeta title={pageTitle(site)} description={site.description} />
      <h1 className="sr-only">{site.title}</h1>
      {photos.length === 0 ? (
        <p className="text-stone-400">No featured photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 xl:grid-cols-4">
          {photos.map((photo, position) => (
            <li key={photo.key}>
              <PhotoTile {...tileOf(photo)} sizes={WALL_SIZES} layout="cover" loading={tileLoading(position, WALL_EAGER_TILES)} />
            </li>
          ))}
        </ul>
      )}
      <PhotoGallery photos={photos} title={site.title} single />
    </>
  );
}
