import { Fragment, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { OutingSummary } from '../../data/outings.ts';
import { OUTINGS_ROUTE, OUTINGS_TITLE, outingRoute, outingsYearRoute, outingsYearTitle } from '../../data/paths.ts';
import { countOf, formatCount } from '../../data/count-text.ts';
import { ebirdChecklistUrl } from '../../data/ebird-links.ts';
import { Day } from '../components/DayAndRegion.tsx';
import { SpeciesName } from '../components/SpeciesName.tsx';
import { ImageTile, tileLoading } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import { PhotoGallery } from '../lightbox/PhotoGallery.tsx';
import { useLightboxOpen } from '../lightbox/photo-param.ts';
import { fieldTime, outingCounts, outingDates, outingDescription, outingsDescription, outingsYearDescription, outingTitle } from '../outing-text.ts';
import { tileOfCover } from '../photos.ts';
import { site } from '../site.ts';
import type { outingLoader, outingsLoader, outingsYearLoader } from './outings-loader.ts';
import { pageTitle, useSite } from './root.tsx';

const COVER_SIZES = '96px';
const WALL_SIZES = '(min-width: 1280px) 200px, (min-width: 768px) 25vw, 50vw';
/** Covers and photos on a phone's first screen, below the page's heading. */
const FIRST_SCREEN_TILES = 4;

export function OutingsPage() {
  const data = useLoaderData<typeof outingsLoader>();
  const identity = useSite();
  let position = 0;
  return (
    <>
      <PageMeta title={pageTitle(identity, OUTINGS_TITLE)} description={outingsDescription(identity.owner)} />
      <h1 className="font-serif text-4xl text-stone-50">{OUTINGS_TITLE}</h1>
      <p className="mt-3 max-w-3xl text-stone-300">
        {data.years.length > 0 ? 'Every day in the field with its species and photos, newest first.' : 'No outings yet: a day in the field appears here with its first photo that has a capture date.'}
      </p>
      {data.years.map(({ year, count, outings }) => (
        <section key={year} aria-labelledby={`year-${year}`} className="mt-10">
          <h2 id={`year-${year}`} className="font-serif text-2xl text-stone-50">
            {outings ? (
              year
            ) : (
              // A year kept on a page of its own: the index stays small however many outings there are.
              <Link to={outingsYearRoute(year)} className="text-link">
                {year}
              </Link>
            )}
          </h2>
          {outings ? (
            <OutingCards outings={outings} fromExport={data.fromExport} first={(position += outings.length) - outings.length} />
          ) : (
            <p className="mt-1 text-sm text-stone-400">{countOf(count, 'outing')}</p>
          )}
        </section>
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
    <li className="outing-card">
      <div className="outing-cover" aria-hidden="true">
        {outing.cover && <ImageTile image={tileOfCover(outing.cover)} alt="" sizes={COVER_SIZES} fit="fill" loading={tileLoading(position, FIRST_SCREEN_TILES)} />}
      </div>
      <div className="outing-text">
        {/* Lazy route discovery is a framework-mode feature this site does not use: its attribute would only weigh on a page of hundreds of cards. */}
        <Link to={outingRoute(outing.key)} className="outing-link" discover="none">
          {outingTitle(outing)}
        </Link>
        {outing.kind === 'trip' && <p>{outingDates(outing)}</p>}
        {outing.regions.length > 0 && <p className="outing-where">{outing.regions.join('; ')}</p>}
        <p>{outingCounts(outing, fromExport)}</p>
      </div>
    </li>
  );
}

export function OutingPage() {
  const outing = useLoaderData<typeof outingLoader>();
  const identity = useSite();
  const photos = outing.species.flatMap((s) => s.photos);
  const covered = useLightboxOpen(photos);
  const title = outingTitle(outing);
  // Photos are counted in page order (the listed species first), so the first screen's load first.
  let position = 0;
  const firsts = new Map(outing.species.map((s) => [s, (position += s.photos.length) - s.photos.length]));
  const section = (species: readonly OutingSpeciesView[]) => species.map((s) => <SpeciesItem key={s.scientificName ?? s.commonName} species={s} first={firsts.get(s)!} covered={covered} />);
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
      {outing.days && <TripDays days={outing.days} fromExport={outing.fromExport} />}
      {listed.length > 0 && (
        <section aria-labelledby="seen" className="mt-8">
          <h2 id="seen" className="font-serif text-2xl text-stone-50">
            {outing.fromExport ? 'Seen' : 'Photographed'}
          </h2>
          <p className="text-sm text-stone-400">{outing.fromExport ? `${countOf(listed.length, 'species', 'species')}, in taxonomic order` : countOf(listed.length, 'species', 'species')}</p>
          <ul className="divide-y divide-white/10">{section(listed)}</ul>
        </section>
      )}
      {notListed.length > 0 && (
        <section aria-labelledby="not-listed" className="mt-8">
          <h2 id="not-listed" className="font-serif text-2xl text-stone-50">
            Photographed, not on the checklists
          </h2>
          <ul className="divide-y divide-white/10">{section(notListed)}</ul>
        </section>
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
    <nav aria-label="Breadcrumb" className="text-sm text-stone-400">
      <Link to={OUTINGS_ROUTE} className="text-link">
        {OUTINGS_TITLE}
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
      {outing.kind === 'trip' && <Fact term="Dates:">{outingDates(outing)}</Fact>}
      {outing.regions.length > 0 && <Fact term="Where:">{outing.regions.map((r) => r.name).join('; ')}</Fact>}
      {outing.checklists !== undefined && outing.checklists > 0 && (
        <Fact term="Checklists:">
          {formatCount(outing.checklists)}
          {outing.checklistIds && outing.checklistIds.length > 0 && <ChecklistLinks ids={outing.checklistIds} />}
        </Fact>
      )}
      {outing.minutes !== undefined && outing.minutes > 0 && <Fact term="In the field:">{fieldTime(outing.minutes)}</Fact>}
      <Fact term={outing.fromExport ? 'Species:' : 'Species photographed:'}>{formatCount(outing.observed)}</Fact>
      {outing.lifers > 0 && <Fact term="Lifers:">{formatCount(outing.lifers)}</Fact>}
      <Fact term="Photos:">{formatCount(outing.photoCount)}</Fact>
    </dl>
  );
}

/** A trip's days, each linked to its own page. */
function TripDays({ days, fromExport }: { days: NonNullable<OutingView['days']>; fromExport: boolean }) {
  return (
    <section aria-labelledby="days" className="mt-8">
      <h2 id="days" className="font-serif text-2xl text-stone-50">
        Days
      </h2>
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
    </section>
  );
}

/** A species of the outing with its photos (`first`: the position of its first photo on the page), or 'Not photographed'. */
function SpeciesItem({ species: s, first, covered }: { species: OutingSpeciesView; first: number; covered: boolean }) {
  return (
    <li className="py-4" data-species={s.commonName}>
      <h3 className="font-serif text-xl text-stone-50">
        <SpeciesName name={s.commonName} species={s.species} />
        {s.lifer && <span className="ml-2 rounded-sm bg-amber-200 px-1.5 py-0.5 align-middle font-sans text-xs uppercase tracking-wider text-stone-950">Lifer</span>}
      </h3>
      {s.scientificName && (
        <p className="text-xs italic text-stone-400" lang="la">
          {s.scientificName}
        </p>
      )}
      {s.photos.length > 0 ? (
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {s.photos.map((photo, i) => (
            <li key={photo.key}>
              <PhotoTile {...tileOf(photo)} sizes={WALL_SIZES} layout="cover" loading={tileLoading(first + i, FIRST_SCREEN_TILES)} covered={covered} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-stone-400">Not photographed</p>
      )}
    </li>
  );
}

/** The owner's public checklists of the day, by eBird's id (publishing.checklistLinks). */
function ChecklistLinks({ ids }: { ids: readonly string[] }) {
  return (
    <>
      {' (on eBird: '}
      {ids.map((id, i) => (
        <Fragment key={id}>
          {i > 0 && ', '}
          <a href={ebirdChecklistUrl(id)} className="text-link">
            {id}
          </a>
        </Fragment>
      ))}
      )
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
