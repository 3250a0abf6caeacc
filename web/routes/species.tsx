import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { lifeListRoute, listRoute, outingRoute } from '../../data/paths.ts';
import { Day, DayAndRegion } from '../components/DayAndRegion.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { masonryLoading } from '../components/masonry.ts';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import { RecordingPlayer } from '../components/RecordingPlayer.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { COUNTS_SEPARATOR, mediaCountParts } from '../media-text.ts';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { useLightboxOpen } from '../lightbox/photo-param.ts';
import { birdName } from '../bird-name.ts';
import type { GalleryPhoto } from '../photos.ts';
import type { SpeciesData } from '../../data/site-data-schemas.ts';
import type { speciesLoader } from './species-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { t } from '../site-words.ts';

/** Its masonry's column widths (two columns, three from xl in the 1280 px column; padding and gaps taken off), as WALL_SIZES. */
const MASONRY_SIZES = '(min-width: 1280px) 403px, (min-width: 640px) calc(50vw - 30px), calc(50vw - 22px)';
/**
 * A phone's first screen below the page's heading, in the masonry's column widths (two columns
 * of ~184 px on a 412 × 823 px screen leave ~550 px: 3; taller phones: 4).
 */
const PHONE_SCREEN_IN_COLUMNS = 4;
/** A photo's shape for the masonry (a landscape 3:2 when the data has no size). */
const ratioOf = (photo: GalleryPhoto) => (photo.thumbnail.width && photo.thumbnail.height ? photo.thumbnail.height / photo.thumbnail.width : 2 / 3);

export function SpeciesPage() {
  const { species, photos, folder, sighting, seenIn, firstPhotographed, scientificName, localName, outings, recordings, clips } = useLoaderData<typeof speciesLoader>();
  // The wall: its photos, then its clips (which the lightbox plays).
  const wall = useMemo(() => (clips.length === 0 ? photos : [...photos, ...clips]), [photos, clips]);
  const covered = useLightboxOpen(wall);
  const identity = useSite();
  const counts = mediaCountParts({ photos: photos.length, recordings: recordings.length, clips: clips.length });
  const loading = masonryLoading(wall.map(ratioOf), 2, PHONE_SCREEN_IN_COLUMNS);
  return (
    <>
      <PageMeta title={pageTitle(identity, birdName(species, localName))} description={t('species.description', { species: birdName(species, localName), photos: counts.join(COUNTS_SEPARATOR), owner: identity.owner })} />
      <div className="mb-8">
        {folder.length > 1 && <FolderTrail folder={folder} />}
        <h1 className="mt-1 font-serif text-4xl text-stone-50">{localName ? <span lang={localName.lang}>{localName.name}</span> : species}</h1>
        {(localName || (sighting?.scientificName ?? scientificName)) && (
          <p className="mt-1 font-serif text-xl text-stone-300">
            {localName && <span lang="en">{species}</span>}
            {localName && (sighting?.scientificName ?? scientificName) && ' · '}
            {(sighting?.scientificName ?? scientificName) && <i lang="la">{sighting?.scientificName ?? scientificName}</i>}
          </p>
        )}
        <SpeciesFacts count={counts} sighting={sighting} firstPhotographed={firstPhotographed} seenIn={seenIn} outings={outings} />
      </div>
      <ul className="columns-2 gap-3 xl:columns-3">
        {wall.map((photo, position) => (
          <li key={photo.key} className="mb-3 break-inside-avoid">
            <PhotoTile {...tileOf(photo)} sizes={MASONRY_SIZES} layout="natural" loading={loading[position]} covered={covered} />
          </li>
        ))}
      </ul>
      {recordings.length > 0 && (
        <TitledSection id="recordings" title={t('media.recordings')} className="mt-10">
          <div className="mt-4 grid gap-8 lg:grid-cols-2">
            {/* Figures, not list items: the page's `ul li` are its wall's tiles. */}
            {recordings.map((recording, i) => (
              <RecordingPlayer key={recording.id} recording={recording} loading={i === 0 && wall.length === 0 ? 'eager' : 'lazy'} />
            ))}
          </div>
        </TitledSection>
      )}
      <PhotoGallery photos={wall} title={birdName(species, localName)} />
    </>
  );
}

type SpeciesView = Awaited<ReturnType<typeof speciesLoader>>;

/** What the owner's records say of the species: first seen, photos, where and when. */
function SpeciesFacts({ count, sighting, firstPhotographed, seenIn, outings }: Pick<SpeciesView, 'sighting' | 'firstPhotographed' | 'seenIn' | 'outings'> & { count: readonly string[] }) {
  return (
    <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-400">
      {sighting && (
        <Fact term={t('species.firstSeen')}>
          <DayAndRegion day={sighting.firstSeen} place={sighting.firstPlace} />
        </Fact>
      )}
      <Fact term={t('species.photos')} hiddenTerm>
        {/* '3 photos · 1 recording': each count an element of its own. */}
        {count.map((text, i) => (
          <Fragment key={text}>
            {i > 0 && COUNTS_SEPARATOR}
            <span>{text}</span>
          </Fragment>
        ))}
      </Fact>
      {firstPhotographed !== undefined && (
        <Fact term={t('species.firstPhotographed')}>
          <Day day={firstPhotographed} />
        </Fact>
      )}
      {seenIn && seenIn.places.length > 0 && (
        <Fact term={t('species.seenIn')}>
          <PlacesByCountry places={seenIn.places} />
        </Fact>
      )}
      {outings && outings.length > 0 && (
        <Fact term={t('species.photographedOn')}>
          {outings.map((day, i) => (
            <span key={day}>
              {i > 0 && t('list.separator')}
              <Link to={outingRoute(day)} className="hover:text-amber-200">
                <Day day={day} />
              </Link>
            </span>
          ))}
        </Fact>
      )}
      {seenIn && seenIn.years.length > 0 && (
        <Fact term={t('species.years')}>
          <ListLinks lists={seenIn.years.map((year) => ({ key: String(year), name: String(year) }))} />
        </Fact>
      )}
    </dl>
  );
}

/** The Life List folders above the species, each a link to its level. */
function FolderTrail({ folder }: { folder: readonly string[] }) {
  return (
    <nav aria-label={t('nav.lifeList')} className="text-sm tracking-wide text-stone-400">
      {folder.slice(0, -1).map((name, depth) => (
        <span key={name}>
          {depth > 0 && ' › '}
          <Link to={lifeListRoute(folder.slice(0, depth + 1))} className="hover:text-amber-200">
            {name}
          </Link>
        </span>
      ))}
    </nav>
  );
}

/** One term of the species' facts; `hiddenTerm` keeps it for screen readers only (the value says it). */
function Fact({ term, hiddenTerm = false, children }: { term: string; hiddenTerm?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className={hiddenTerm ? 'sr-only' : undefined}>{term}</dt>
      <dd className="text-stone-200">{children}</dd>
    </div>
  );
}

/** Links to the place lists, grouped by country: 'Canada: Ontario · United States: Montana, Washington'. */
function PlacesByCountry({ places }: { places: NonNullable<SpeciesData['seenIn']>['places'] }) {
  return places.map((country, i) => (
    <span key={country.code}>
      {i > 0 && ' · '}
      <Link to={listRoute(country.code)} className="hover:text-amber-200">
        {country.name}
      </Link>
      {country.regions && (
        <>
          {': '}
          <ListLinks lists={country.regions.map((region) => ({ key: region.code, name: region.name }))} />
        </>
      )}
    </span>
  ));
}

/** Links to the year or place lists, comma-separated. */
function ListLinks({ lists }: { lists: ReadonlyArray<{ key: string; name: string }> }) {
  return lists.map((list, i) => (
    <span key={list.key}>
      {i > 0 && t('list.separator')}
      <Link to={listRoute(list.key)} className="hover:text-amber-200">
        {list.name}
      </Link>
    </span>
  ));
}
