import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { childFolders, folderAt, isPhotoWall, isThumbnailName, type LifeListFolder } from '../../data/manifest-layout.ts';
import type { CoverPhotos, PhotoEntry } from '../../data/manifests.ts';
import { decodeLifeListPath, lifeListRoute, speciesRoute } from '../../data/paths.ts';
import { ImageTile, tileLoading, type TileLoading } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PhotoTile } from '../components/PhotoTile.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { loadManifest } from '../manifests.ts';
import { galleryPhotoFromEntry, type GalleryPhoto, type TileImage } from '../photos.ts';
import { WALL_EAGER_TILES, WALL_SIZES } from './home.tsx';
import { notFound } from './not-found.tsx';
import { pageTitle, useSite } from './root.tsx';

export const COVER_LOAD_ERROR = 'Error loading cover photos';
const CARD_SIZES = '(min-width: 1280px) 310px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
/** Folder cards pre-rendered with a real cover image (one column on a phone: the first screen). */
const CARD_EAGER_TILES = 4;

export interface FolderCard {
  name: string;
  segments: string[];
  cover?: TileImage;
}

export interface WallItem {
  thumbnail: TileImage;
  /** Lightbox key of the full-size photo this thumbnail opens. */
  photoKey: string | undefined;
}

export type LifeListLevel =
  | { kind: 'folders'; segments: string[]; cards: FolderCard[] }
  | { kind: 'wall'; segments: string[]; items: WallItem[]; gallery: GalleryPhoto[]; speciesLink: string | undefined };

/** The spec's cover list failure: logged, and the cards show grey blocks. */
async function loadCoversOrNone(): Promise<CoverPhotos> {
  try {
    return await loadManifest('coverPhotos');
  } catch (error) {
    console.error(COVER_LOAD_ERROR, error);
    return {};
  }
}

function tileFromPath(path: string): TileImage {
  return { path, sources: [] };
}

function folderCards(folder: LifeListFolder, segments: string[], covers: CoverPhotos, photos: PhotoEntry[]): FolderCard[] {
  const byThumbnail = new Map(photos.map((p) => [p.thumbnail.path, p]));
  return childFolders(folder)
    .filter(([, child]) => child.file_count > 0)
    .map(([name]) => {
      const childSegments = [...segments, name];
      const coverPath = covers[childSegments.join('/')];
      const entry = coverPath === undefined ? undefined : byThumbnail.get(coverPath);
      const cover = coverPath === undefined ? undefined : entry ? galleryPhotoFromEntry(entry).thumbnail : tileFromPath(coverPath);
      return { name, segments: childSegments, ...(cover ? { cover } : {}) };
    });
}

const stem = (name: string) => name.replace(/\.[^.]+$/, '');

/** The leaf rule: `lowq` files are the wall; the others are the full-size gallery, in the same order. */
function photoWall(folder: LifeListFolder, segments: string[], photos: PhotoEntry[]): { items: WallItem[]; gallery: GalleryPhoto[] } {
  const files = folder.files ?? [];
  const dir = ['life_list', ...segments].join('/');
  const byDisplay = new Map(photos.map((p) => [p.display.path, p]));
  const thumbnails = files.filter(isThumbnailName);
  const fulls = files.filter((name) => !isThumbnailName(name));
  const thumbnailOf = (full: string) => thumbnails.find((t) => stem(t) === `${stem(full)}_lowq`);

  const gallery = fulls.map((file): GalleryPhoto => {
    const entry = byDisplay.get(`${dir}/${file}`);
    if (entry) return galleryPhotoFromEntry(entry);
    const thumbnail = thumbnailOf(file);
    return { key: file, species: segments.at(-1) ?? file, thumbnail: tileFromPath(`${dir}/${thumbnail ?? file}`), full: { path: `${dir}/${file}` } };
  });
  const items = thumbnails.map((thumbnail, position): WallItem => {
    const fullIndex = fulls.findIndex((full) => thumbnailOf(full) === thumbnail);
    const photo = gallery[fullIndex === -1 ? position : fullIndex];
    const entry = photo && byDisplay.get(photo.full.path);
    return { thumbnail: entry ? galleryPhotoFromEntry(entry).thumbnail : tileFromPath(`${dir}/${thumbnail}`), photoKey: photo?.key };
  });
  return { items, gallery };
}

export async function lifeListLoader({ params }: LoaderFunctionArgs): Promise<LifeListLevel> {
  const segments = decodeLifeListPath(params.path);
  const [structure, index, birdPhotos, covers] = await Promise.all([
    loadManifest('lifeListStructure'),
    loadManifest('photoIndex'),
    loadManifest('birdPhotos'),
    loadCoversOrNone(),
  ]);
  const folder = folderAt(structure, segments);
  if (!folder) throw notFound();
  const here = Object.values(index.photos).filter((p) => p.folder.length >= segments.length && segments.every((s, i) => p.folder[i] === s));
  if (isPhotoWall(folder)) {
    const species = segments.at(-1);
    const speciesLink = species !== undefined && Object.hasOwn(birdPhotos, species) ? speciesRoute(species) : undefined;
    return { kind: 'wall', segments, ...photoWall(folder, segments, here), speciesLink };
  }
  return { kind: 'folders', segments, cards: folderCards(folder, segments, covers, here) };
}

function Card({ card, loading }: { card: FolderCard; loading: TileLoading }) {
  return (
    <Link
      to={lifeListRoute(card.segments)}
      className="group relative block aspect-[4/3] overflow-hidden rounded-sm bg-stone-700 outline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-200"
    >
      {card.cover && <ImageTile image={card.cover} alt="" sizes={CARD_SIZES} fit="fill" loading={loading} className="transition-transform duration-500 group-hover:scale-105" />}
      <span className="absolute inset-0 flex items-center justify-center bg-black/35 p-4 text-center font-serif text-2xl text-white drop-shadow-[0_1px_3px_rgba(0,0,0,0.9)] transition-colors group-hover:bg-black/20">
        {card.name}
      </span>
    </Link>
  );
}

export function LifeListPage() {
  const level = useLoaderData<typeof lifeListLoader>();
  const site = useSite();
  const title = level.segments.at(-1) ?? 'Life List';
  const parent = level.segments.slice(0, -1);
  return (
    <>
      <PageMeta
        title={pageTitle(site, level.segments.length === 0 ? 'Life List' : title)}
        description={level.segments.length === 0 ? `The Life List of ${site.owner}: every species observed, by order and family.` : `${level.segments.join(' › ')}, in the Life List of ${site.owner}.`}
      />
      <div className="mb-8 flex items-center gap-4">
        {level.segments.length > 0 && (
          <Link
            to={lifeListRoute(parent)}
            aria-label={`Back to ${parent.at(-1) ?? 'Life List'}`}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-white/20 text-xl text-stone-200 hover:border-amber-200 hover:text-amber-200"
          >
            <span aria-hidden="true">←</span>
          </Link>
        )}
        <div>
          {level.segments.length > 1 && <p className="text-sm tracking-wide text-stone-400">{parent.join(' › ')}</p>}
          <h1 className="font-serif text-4xl text-stone-50">{title}</h1>
        </div>
      </div>
      {level.kind === 'folders' ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {level.cards.map((card, position) => (
            <li key={card.name}>
              <Card card={card} loading={tileLoading(position, CARD_EAGER_TILES)} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          {level.speciesLink && (
            <p className="-mt-4 mb-6 text-sm">
              <Link to={level.speciesLink} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
                Species page of {title} →
              </Link>
            </p>
          )}
          <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 xl:grid-cols-4">
            {level.items.map((item, position) => (
              <li key={item.thumbnail.path}>
                {item.photoKey === undefined ? (
                  <div className="relative aspect-[4/3]">
                    <ImageTile image={item.thumbnail} alt={title} sizes={WALL_SIZES} fit="fill" loading={tileLoading(position, WALL_EAGER_TILES)} />
                  </div>
                ) : (
                  <PhotoTile image={item.thumbnail} species={title} photoKey={item.photoKey} sizes={WALL_SIZES} layout="cover" loading={tileLoading(position, WALL_EAGER_TILES)} />
                )}
              </li>
            ))}
          </ul>
          <PhotoGallery photos={level.gallery} title={title} />
        </>
      )}
    </>
  );
}
