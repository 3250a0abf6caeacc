import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { OutingSummary } from '../../data/outings.ts';
import { OUTINGS_ROUTE, outingRoute, outingsYearRoute } from '../../data/paths.ts';
import { formatNumber, t, tAround, tn } from '../site-words.ts';
import { ebirdChecklistUrl } from '../../data/ebird-links.ts';
import { Day } from '../components/DayAndRegion.tsx';
import { SpeciesName } from '../components/SpeciesName.tsx';
import { ImageTile, tileLoading } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PhotoWall } from '../components/PhotoWall.tsx';
import { RecordingPlayer } from '../components/RecordingPlayer.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { photoLinkProps, useLightboxOpen } from '../lightbox/photo-param.ts';
import { fieldTime, outingCounts, outingDates, outingDescription, outingsDescription, outingsTitle, outingsYearDescription, outingsYearTitle, outingTitle } from '../outing-text.ts';
import { tileOfCover } from '../photos.ts';
import type { outingLoader, outingsLoader, outingsYearLoader } from './outings-loader.ts';
import { pageTitle, useSite } from './root.tsx';

const COVER_SIZES = '96px';
/** A species' thumbnail in an outing's list (h-6 w-8). */
const THUMBNAIL_SIZES = '32px';
/** Outing cards' covers on a phone's first screen, below the page's heading. */
const CARD_FIRST_SCREEN_TILES = 4;

export function OutingsPage() {
  const data = useLoaderData<typeof outingsLoader>();
  const identity = useSite();
  let position = 0;
  return (
    <>
      <PageMeta title={pageTitle(identity, outingsTitle())} description={outingsDescription(identity.owner)} />
      <h1 className="font-serif text-4xl text-stone-50">{outingsTitle()}</h1>
      <p className="mt-3 max-w-3xl text-stone-300">
        {data.years.length > 0 ? t('outings.intro') : t('outings.empty')}
      </p>
      {data.years.map(({ year, count, outings }) => (
        <TitledSection
          key={year}
          id={`year-${year}`}
          className="mt-10"
          title={
            outings ? (
              year
            ) : (
              // A year kept on a page of its own: the index stays small however many outings there are.
              <Link to={outingsYearRoute(year)} className="text-link">
                {year}
              </Link>
            )
          }
        >
          {outings ? (
            <OutingCards outings={outings} fromExport={data.fromExport} first={(position += outings.length) - outings.length} />
          ) : (
            <p className="mt-1 text-sm text-stone-400">{tn('count.outings', count)}</p>
          )}
        </TitledSection>
      ))}
    </>
  );
}

export function OutingsYearPage() {
  const data = useLoaderData<typeof outingsYearLoader>();
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity, outingsYearTitle(data.year))} description={outingsYearDescription(identity.owner, data.year)} />
      <OutingBreadcrumb />
      <h1 className="mt-2 font-serif text-4xl text-stone-50">{outingsYearTitle(data.year)}</h1>
      <OutingCards outings={data.outings} fromExport={data.fromExport} first={0} />
    </>
  );
}

function OutingCards({ outings, fromExport, first }: { outings: readonly OutingSummary[]; fromExport: boolean; first: number }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {outings.map((outing, i) => (
        <OutingCard key={outing.key} outing={outing} fromExport={fromExport} position={first + i} />
      ))}
    </ul>
  );
}

function OutingCard({ outing, fromExport, position }: { outing: OutingSummary; fromExport: boolean; position: number }) {
  return (
    <li className={outing.kind === 'trip' ? 'outing-card outing-trip' : 'outing-card'}>
      {outing.cover ? (
        <div className="outing-cover" aria-hidden="true">
          <ImageTile image={tileOfCover(outing.cover)} alt="" sizes={COVER_SIZES} fit="fill" loading={tileLoading(position, CARD_FIRST_SCREEN_TILES)} />
        </div>
      ) : (
        // A day without photos shows what it was: its species count, as a birder tallies it.
        <div className="outing-tally" aria-hidden="true">
          <span className="outing-tally-count">{formatNumber(outing.observed)}</span>
          {tn('outing.tally', outing.observed)}
        </div>
      )}
      <div className="outing-text">
        {/* Lazy route discovery is a framework-mode feature this site does not use: its attribute would only weigh on a page of hundreds of cards. */}
        <Link to={outingRoute(outing.key)} className="outing-link" discover="none">
          {outingTitle(outing)}
        </Link>
        {outing.kind === 'trip' && <p className="truncate">{outingDates(outing)}</p>}
        <p className="line-clamp-2">{outingCounts(outing, fromExport)}</p>
        {outing.regions.length > 0 && <p className="outing-where">{outing.regions.join('; ')}</p>}
      </div>
    </li>
  );
}

export function OutingPage() {
  const outing = useLoaderData<typeof outingLoader>();
  const identity = useSite();
  // The wall's order: the listed species first, as the list below names them; the clips after the photos.
  const photos = useMemo(() => [...outing.species.flatMap((s) => s.photos), ...outing.species.flatMap((s) => s.clips)], [outing]);
  const recordings = outing.species.flatMap((s) => s.recordings ?? []);
  const covered = useLightboxOpen(photos);
  const title = outingTitle(outing);
  const listed = outing.species.filter((s) => !s.notListed);
  const notListed = outing.species.filter((s) => s.notListed);
  return (
    <>
      <PageMeta title={pageTitle(identity, title)} description={outingDescription(outing, identity.owner)} />
      <OutingBreadcrumb trip={outing.trip} />
      <h1 className="mt-2 font-serif text-4xl text-stone-50" data-outing={outing.key}>
        {outing.kind === 'day' ? <Day day={outing.from} /> : title}
      </h1>
      <OutingFacts outing={outing} />
      {photos.length > 0 && (
        <TitledSection id="photos" title={t('outing.photos')} className="mt-6" headingClassName="sr-only">
          <PhotoWall photos={photos} covered={covered} />
        </TitledSection>
      )}
      {recordings.length > 0 && (
        <TitledSection id="recordings" title={t('media.recordings')} className="mt-8">
          <div className="mt-4 grid gap-8 lg:grid-cols-2">
            {recordings.map((recording) => (
              <RecordingPlayer key={recording.id} recording={recording} showSpecies />
            ))}
          </div>
        </TitledSection>
      )}
      {outing.days && <TripDays days={outing.days} fromExport={outing.fromExport} />}
      {listed.length > 0 && (
        <TitledSection id="seen" title={outing.fromExport ? t('outing.seen') : t('outing.photographed')} className="mt-8">
          <p className="text-sm text-stone-400">{outing.fromExport ? tn('outing.speciesInOrder', listed.length) : tn('count.species', listed.length)}</p>
          <SpeciesList species={listed} />
        </TitledSection>
      )}
      {notListed.length > 0 && (
        <TitledSection id="not-listed" title={t('outing.notListed')} className="mt-8">
          <SpeciesList species={notListed} />
        </TitledSection>
      )}
      <PhotoGallery photos={photos} title={title} />
    </>
  );
}

type OutingView = Awaited<ReturnType<typeof outingLoader>>;
type OutingSpeciesView = OutingView['species'][number];

/** Back to the Outings page, and to the trip of a day. */
function OutingBreadcrumb({ trip }: { trip?: OutingView['trip'] }) {
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-stone-400">
      <Link to={OUTINGS_ROUTE} className="text-link">
        {outingsTitle()}
      </Link>
      {trip && (
        <>
          {' / '}
          <Link to={outingRoute(trip.key)} className="text-link">
            {trip.name}
          </Link>
        </>
      )}
    </nav>
  );
}

/** Dates, regions, checklists, time in the field and the counts. */
function OutingFacts({ outing }: { outing: OutingView }) {
  return (
    <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-400">
      {outing.kind === 'trip' && <Fact term={t('outing.dates')}>{outingDates(outing)}</Fact>}
      {outing.regions.length > 0 && <Fact term={t('outing.where')}>{outing.regions.map((r) => r.name).join('; ')}</Fact>}
      {outing.checklists !== undefined && outing.checklists > 0 && (
        <Fact term={t('outing.checklists')}>
          {formatNumber(outing.checklists)}
          {outing.checklistIds && outing.checklistIds.length > 0 && <ChecklistLinks ids={outing.checklistIds} />}
        </Fact>
      )}
      {outing.minutes !== undefined && outing.minutes > 0 && <Fact term={t('outing.inTheField')}>{fieldTime(outing.minutes)}</Fact>}
      <Fact term={outing.fromExport ? t('outing.species') : t('outing.speciesPhotographed')}>{formatNumber(outing.observed)}</Fact>
      {outing.lifers > 0 && <Fact term={t('outing.lifers')}>{formatNumber(outing.lifers)}</Fact>}
      <Fact term={t('species.photos')}>{formatNumber(outing.photoCount)}</Fact>
      {outing.recordingCount !== undefined && <Fact term={t('media.recordingsFact')}>{formatNumber(outing.recordingCount)}</Fact>}
      {outing.clipCount !== undefined && <Fact term={t('media.clipsFact')}>{formatNumber(outing.clipCount)}</Fact>}
    </dl>
  );
}

/** A trip's days, each linked to its own page. */
function TripDays({ days, fromExport }: { days: NonNullable<OutingView['days']>; fromExport: boolean }) {
  return (
    <TitledSection id="days" title={t('outing.days')} className="mt-8">
      <ul className="mt-2 space-y-1 text-sm text-stone-300">
        {days.map((day) => (
          <li key={day.date}>
            <Link to={outingRoute(day.date)} className="text-link">
              <Day day={day.date} />
            </Link>
            : {outingCounts({ observed: day.species, lifers: day.lifers, photos: day.photos }, fromExport)}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** The outing's species, compact, in columns: a photographed one marked by a thumbnail that opens its first photo, the rest plain. */
function SpeciesList({ species }: { species: readonly OutingSpeciesView[] }) {
  const thumbnails = species.some((s) => s.photos.length > 0);
  return (
    <ul className="mt-3 gap-x-8 sm:columns-2 lg:columns-3">
      {species.map((s) => (
        <li key={s.scientificName ?? s.commonName} className="flex break-inside-avoid items-center gap-2 py-0.5" data-species={s.commonName}>
          {thumbnails && <SpeciesThumbnail photos={s.photos} />}
          <span className="min-w-0">
            <SpeciesName name={s.commonName} local={s.localName} species={s.species} />
            {s.lifer && <span className="ml-2 rounded-sm bg-amber-200 px-1 align-middle text-xs uppercase tracking-wider text-stone-950">{t('outing.lifer')}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A species' first photo of the outing as a small thumbnail opening the lightbox there, named by
 * the species' count of photos (its name is the link beside it); an empty slot, so the names
 * align, for the rest.
 */
function SpeciesThumbnail({ photos }: { photos: OutingSpeciesView['photos'] }) {
  const [photo] = photos;
  if (!photo) return <span className="h-6 w-8 shrink-0" />;
  return (
    <Link {...photoLinkProps(photo.key)} aria-label={tn('count.photos', photos.length)} className="relative block h-6 w-8 shrink-0 overflow-hidden rounded-sm bg-stone-800">
      <ImageTile image={photo.thumbnail} alt="" sizes={THUMBNAIL_SIZES} fit="fill" />
    </Link>
  );
}

/** The owner's public checklists of the day, by eBird's id (publishing.checklistLinks). */
function ChecklistLinks({ ids }: { ids: readonly string[] }) {
  const [before, after] = tAround('outing.onEbird', 'checklists');
  return (
    <>
      {before}
      {ids.map((id, i) => (
        <Fragment key={id}>
          {i > 0 && t('list.separator')}
          <a href={ebirdChecklistUrl(id)} className="text-link">
            {id}
          </a>
        </Fragment>
      ))}
      {after}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className="text-stone-200">{children}</dd>
    </div>
  );
}
