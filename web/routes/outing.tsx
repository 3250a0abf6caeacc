import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { ebirdChecklistUrl } from '../../data/ebird-links.ts';
import { outingRoute } from '../../data/paths.ts';
import { Day } from '../components/DayAndRegion.tsx';
import { ImageTile } from '../components/ImageTile.tsx';
import { OutingBreadcrumb } from '../components/OutingBreadcrumb.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PhotoWall } from '../components/PhotoWall.tsx';
import { RecordingPlayer } from '../components/RecordingPlayer.tsx';
import { SpeciesName } from '../components/SpeciesName.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { photoLinkProps, useLightboxOpen } from '../lightbox/photo-param.ts';
import { fieldTime, outingCounts, outingDates, outingDescription, outingTitle } from '../outing-text.ts';
import { formatNumber, t, tAround, tn } from '../site-words.ts';
import type { outingLoader } from './outings-loader.ts';
import { pageTitle, useSite } from './root.tsx';

/** A species' thumbnail in an outing's list (h-6 w-8). */
const THUMBNAIL_SIZES = '32px';

/** One day in the field, or a trip: its photos, recordings, facts and species. */
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
            : {outingCounts({ observed: day.species, lifers: day.lifers, photos: day.photos, recordings: day.recordings, clips: day.clips }, fromExport)}
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
