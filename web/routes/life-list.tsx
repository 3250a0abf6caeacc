import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { lifeListRoute, LISTS_ROUTE, NOT_PHOTOGRAPHED_ROUTE, speciesRoute, type LifeListOrder } from '../../data/paths.ts';
import { SpeciesSearch } from '../components/SpeciesSearch.tsx';
import { ImageTile, tileLoading, type TileLoading } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { BirdName } from '../components/SpeciesName.tsx';
import { birdName } from '../bird-name.ts';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { useLightboxOpen } from '../lightbox/photo-param.ts';
import { site } from '../site.ts';
import type { FolderView } from '../site-model.ts';
import { PhotoWall } from '../components/PhotoWall.tsx';
import type { LifeListData } from './life-list-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { t, tn } from '../site-words.ts';
import { COUNTS_SEPARATOR, mediaCounts } from '../media-text.ts';

// One column on a phone, inside main's 1 rem padding. A card's photo lies under a darkening veil
// and the folder's name, so on a phone it is asked for at 0.7 of its width: a 412 px phone at
// 1.75 device pixels takes the 480 px file (1.26 pixels a point, sharp enough under the veil)
// rather than the 720 px one, twice the bytes, which keeps the first card, the page's largest
// paint, within a slow connection's first round trip (TILE_BYTES_BUDGET in the pipeline).
const CARD_SIZES = '(min-width: 1280px) 310px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc((100vw - 2rem) * 0.7)';
/** Folder cards pre-rendered with a real cover image (one column on a phone: the first screen). */
const CARD_FIRST_SCREEN_TILES = 4;

/** Alphabetical or field-guide order: two links, so each order has its own shareable, pre-rendered page. */
function OrderChoice({ segments, order }: { segments: string[]; order: LifeListOrder }) {
  const option = (value: LifeListOrder, label: string) => (
    <li>
      <Link
        to={lifeListRoute(segments, value)}
        aria-current={order === value ? 'page' : undefined}
        className={`block rounded-full border px-3 py-1 ${order === value ? 'border-amber-200 bg-amber-200 text-stone-950' : 'border-white/20 text-stone-200 hover:border-amber-200'}`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t('lifeList.order')} className="flex items-center gap-3 text-sm">
      <span className="text-stone-400" aria-hidden="true">
        {t('lifeList.orderLabel')}
      </span>
      <ul className="flex gap-2">
        {option('alphabetical', t('lifeList.alphabetical'))}
        {option('taxonomic', t('lifeList.taxonomic'))}
      </ul>
    </nav>
  );
}

function Card({ card, order, loading }: { card: FolderView; order: LifeListOrder; loading: TileLoading }) {
  return (
    <Link
      // A species' photo wall is the same page in either order.
      to={lifeListRoute(card.segments, card.isSpecies ? 'alphabetical' : order)}
      className="group relative block aspect-[4/3] overflow-hidden rounded-sm bg-stone-700 outline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-200"
    >
      {card.cover && <ImageTile image={card.cover} alt="" sizes={CARD_SIZES} fit="fill" loading={loading} className="transition-transform duration-500 group-hover:scale-105" />}
      <span className="absolute inset-0 flex items-center justify-center bg-black/35 p-4 text-center font-serif text-2xl text-white drop-shadow-[0_1px_3px_rgba(0,0,0,0.9)] transition-colors group-hover:bg-black/20">
        <span>
          <BirdName name={card.name} local={card.localName} />{' '}
          {/* Small text on its own dark chip: it must stay readable (4.5:1) over the lightest cover photo. */}
          <span className="mx-auto mt-1 block w-fit rounded-sm bg-black/60 px-1.5 font-sans text-sm tracking-wide text-white">{[tn('count.species', card.speciesCount), mediaCounts({ recordings: card.recordingCount, clips: card.clipCount })].filter(Boolean).join(COUNTS_SEPARATOR)}</span>
        </span>
      </span>
    </Link>
  );
}

export function LifeListPage() {
  const { level, hasLifeList, hasTaxonomicOrder } = useLoaderData<LifeListData>();
  const wall = useMemo(() => (level.kind === 'wall' ? [...level.species.photos, ...level.species.clips] : []), [level]);
  const covered = useLightboxOpen(wall);
  const identity = useSite();
  const navigate = useNavigate();
  const order = level.kind === 'folders' ? level.order : 'alphabetical';
  // A species' wall is headed by the name a visitor knows it by; folders keep the owner's names.
  const title = level.kind === 'wall' ? birdName(level.species.species, level.species.localName) : (level.segments.at(-1) ?? t('nav.lifeList'));
  const titleLang = level.kind === 'wall' ? level.species.localName?.lang : undefined;
  return (
    <>
      <PageMeta
        title={pageTitle(identity, title)}
        description={level.segments.length === 0 ? t('lifeList.description', { owner: identity.owner }) : t('lifeList.levelDescription', { path: level.segments.join(' › '), owner: identity.owner })}
      />
      <LevelHeading segments={level.segments} order={order} title={title} titleLang={titleLang} />
      {level.kind === 'folders' && (hasTaxonomicOrder || level.segments.length === 0) && (
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          {hasTaxonomicOrder && <OrderChoice segments={level.segments} order={level.order} />}
          {level.segments.length === 0 && (
            <SpeciesSearch load={() => site.searchEntries()} onSelect={(entry) => void navigate(entry.href)} className="w-full sm:w-80" />
          )}
        </div>
      )}
      {level.kind === 'folders' ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {level.cards.map((card, position) => (
            <li key={card.name}>
              <Card card={card} order={level.order} loading={tileLoading(position, CARD_FIRST_SCREEN_TILES)} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="-mt-4 mb-6 text-sm">
            <Link to={speciesRoute(level.species.species)} className="text-link">
              {t('lifeList.speciesPage', { species: birdName(level.species.species, level.species.localName) })}
            </Link>
          </p>
          <PhotoWall photos={wall} covered={covered} />
          <PhotoGallery photos={wall} title={title} />
        </>
      )}
      {hasLifeList && level.segments.length === 0 && (
        <p className="mt-8 text-sm">
          <Link to={NOT_PHOTOGRAPHED_ROUTE} className="text-link">
            {t('lifeList.notPhotographedLink')}
          </Link>
          {' · '}
          <Link to={LISTS_ROUTE} className="text-link">
            {t('lifeList.listsLink')}
          </Link>
        </p>
      )}
    </>
  );
}

/** A level's name, under the path of folders above it, with a way back up. */
function LevelHeading({ segments, order, title, titleLang }: { segments: string[]; order: LifeListOrder; title: string; titleLang: string | undefined }) {
  const parent = segments.slice(0, -1);
  return (
    <div className="mb-8 flex items-center gap-4">
      {segments.length > 0 && (
        <Link
          to={lifeListRoute(parent, order)}
          aria-label={t('lifeList.back', { name: parent.at(-1) ?? t('nav.lifeList') })}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-white/20 text-xl text-stone-200 hover:border-amber-200 hover:text-amber-200"
        >
          <span aria-hidden="true">←</span>
        </Link>
      )}
      <div>
        {segments.length > 1 && <p className="text-sm tracking-wide text-stone-400">{parent.join(' › ')}</p>}
        <h1 className="font-serif text-4xl text-stone-50" lang={titleLang}>
          {title}
        </h1>
      </div>
    </div>
  );
}
