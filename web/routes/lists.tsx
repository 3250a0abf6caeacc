import { Link, useLoaderData, useParams } from 'react-router';
import type { BirdListData, ListsData, ListSummary } from '../../data/bird-lists.ts';
import { LISTS_ROUTE, OUTINGS_ROUTE, lifeListRoute, listRoute, outingRoute, speciesRoute } from '../../data/paths.ts';
import { imageUrl } from '../assets.ts';
import { Day, DayAndRegion } from '../components/DayAndRegion.tsx';
import { ListsMap, MapLegend, type MapCounts } from '../components/ListsMap.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { SpeciesName } from '../components/SpeciesName.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { listTitle } from '../site-model.ts';
import { outingTitle } from '../outing-text.ts';
import type { listLoader, listsLoader } from './lists-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { formatNumber, t, tn } from '../site-words.ts';

const n = formatNumber;

function Row({ list, level, label }: { list: ListSummary | ListsData['life']; level: 0 | 1; label: React.ReactNode }) {
  return (
    <tr>
      <th scope="row" className={`py-2 pr-4 font-normal ${level === 1 ? 'pl-6' : ''}`}>
        {label}
      </th>
      <td className="py-2 pr-4 text-right tabular-nums">{n(list.observed)}</td>
      <td className="py-2 text-right tabular-nums text-stone-300">
        {t('lists.photographedOf', { photographed: n(list.photographed), observed: n(list.observed) })}
      </td>
    </tr>
  );
}

function GroupHeading({ children }: { children: React.ReactNode }) {
  return (
    <tr>
      <th scope="rowgroup" colSpan={3} className="pt-6 pb-1 text-left text-xs font-normal uppercase tracking-[0.2em] text-stone-400">
        {children}
      </th>
    </tr>
  );
}

export function ListsPage() {
  const data = useLoaderData<typeof listsLoader>();
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity, t('lists.title'))} description={t('lists.description', { owner: identity.owner })} />
      <h1 className="font-serif text-4xl text-stone-50">{t('lists.title')}</h1>
      <p className="mt-3 max-w-3xl text-stone-300">
        {tn('lists.intro', data.life.observed, { owner: identity.owner, photographed: n(data.life.photographed) })}{' '}
        <Link to={lifeListRoute([], 'taxonomic')} className="text-link">
          {t('nav.lifeList')}
        </Link>{' · '}
        <Link to={OUTINGS_ROUTE} className="text-link">
          {t('nav.outings')}
        </Link>
      </p>
      {data.maps && <ListsMaps maps={data.maps} countries={data.countries} />}
      <ListsTable data={data} />
    </>
  );
}

/** The world map of the countries' lists and a map per country of its states' or provinces' lists. */
function ListsMaps({ maps, countries }: { maps: NonNullable<ListsData['maps']>; countries: ListsData['countries'] }) {
  const countryCounts: MapCounts = Object.fromEntries(countries.map((c) => [c.key, { name: c.name, observed: c.observed }]));
  const regionCounts: MapCounts = Object.fromEntries(countries.flatMap((c) => c.regions.map((r) => [r.key, { name: r.name, observed: r.observed }])));
  return (
    <TitledSection id="where" title={t('lists.where')} className="mt-8">
      <figure className="mt-4">
        <div className="grid items-center gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ListsMap map={maps.world} counts={countryCounts} title={t('lists.mapWorld')} />
          </div>
          {maps.regions.map((regional) => (
            // Named visibly too: a country's outline alone is not a label.
            <div key={regional.country}>
              <p className="mb-1 text-xs text-stone-400">{regional.name}</p>
              <ListsMap map={regional} counts={regionCounts} title={t('lists.mapRegions', { country: regional.name })} />
            </div>
          ))}
        </div>
        <figcaption>
          <MapLegend />
          <p className="mt-1 text-xs text-stone-400">{t('lists.mapNote')}</p>
        </figcaption>
      </figure>
    </TitledSection>
  );
}

/** Every list: the life list, then the years, then the countries, each followed by its states or provinces. */
function ListsTable({ data }: { data: ListsData }) {
  return (
    <table className="mt-8 w-full max-w-3xl text-left text-sm text-stone-200">
      <caption className="sr-only">{t('lists.caption')}</caption>
      <thead className="text-stone-400">
        <tr>
          <th scope="col" className="py-2 pr-4 font-normal">
            {t('lists.list')}
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-normal">
            {t('table.species')}
          </th>
          <th scope="col" className="py-2 text-right font-normal">
            {t('lists.photographed')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/10">
        <Row list={data.life} level={0} label={<Link to={lifeListRoute([], 'taxonomic')} className="text-link">{t('lists.life')}</Link>} />
      </tbody>
      <tbody className="divide-y divide-white/10">
        <GroupHeading>{t('lists.years')}</GroupHeading>
        {data.years.map((year) => (
          <Row key={year.key} list={year} level={0} label={<Link to={listRoute(year.key)} className="text-link">{year.name}</Link>} />
        ))}
      </tbody>
      <tbody className="divide-y divide-white/10">
        <GroupHeading>{t('lists.countries')}</GroupHeading>
        {data.countries.flatMap((country) => [
          <Row key={country.key} list={country} level={0} label={<Link to={listRoute(country.key)} className="text-link">{country.name}</Link>} />,
          ...country.regions.map((region) => <Row key={region.key} list={region} level={1} label={<Link to={listRoute(region.key)} className="text-link">{region.name}</Link>} />),
        ])}
      </tbody>
    </table>
  );
}

export function ListPage() {
  const list = useLoaderData<typeof listLoader>();
  const identity = useSite();
  const { key } = useParams();
  const title = listTitle(list);
  const added = list.species.filter((s) => s.newForLife).length;
  return (
    <>
      <PageMeta title={pageTitle(identity, t('list.pageTitle', { list: title }))} description={tn('list.description', list.observed, { owner: identity.owner, list: title, photographed: n(list.photographed) })} />
      <nav aria-label={t('breadcrumb')} className="text-sm text-stone-400">
        <Link to={LISTS_ROUTE} className="text-link">
          {t('lists.title')}
        </Link>
        {list.country && (
          <>
            {' / '}
            <Link to={listRoute(list.country.key)} className="text-link">
              {list.country.name}
            </Link>
          </>
        )}
      </nav>
      <h1 className="mt-2 font-serif text-4xl text-stone-50" data-list={key}>
        {title}
      </h1>
      <p className="mt-3 text-stone-300">
        {list.kind === 'year'
          ? tn('list.summaryYear', list.observed, { photographed: n(list.photographed), added: n(added) })
          : tn('list.summary', list.observed, { photographed: n(list.photographed) })}
      </p>
      {list.outings && (
        <nav aria-label={t('nav.outings')} className="mt-3 text-sm text-stone-300">
          {t('list.outings')}{' '}
          {list.outings.map((o, i) => (
            <span key={o.key}>
              {i > 0 && t('list.separator')}
              <Link to={outingRoute(o.key)} className="text-link">
                {outingTitle(o)}
              </Link>
            </span>
          ))}
        </nav>
      )}
      <ListSpecies list={list} title={title} />
    </>
  );
}

/** A list's species, in taxonomic order: a thumbnail of the photographed ones, the day each was first seen there, lifers and those not photographed marked. */
function ListSpecies({ list, title }: { list: BirdListData; title: string }) {
  return (
    <table className="mt-8 w-full text-left text-sm">
      <caption className="sr-only">{t(list.kind === 'year' ? 'list.captionYear' : 'list.caption', { list: title })}</caption>
      <thead className="text-stone-400">
        <tr>
          <th scope="col" className="py-2 pr-4 font-normal">
            <span className="sr-only">{t('list.photo')}</span>
          </th>
          <th scope="col" className="py-2 pr-4 font-normal">
            {t('table.species')}
          </th>
          <th scope="col" className="py-2 pr-4 font-normal">
            {list.kind === 'year' ? t('list.firstSeenIn', { year: list.name }) : t('list.firstSeenHere')}
          </th>
          <th scope="col" className="py-2 font-normal">
            <span className="sr-only">{t('list.notes')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/10 text-stone-200">
        {list.species.map((s) => (
          <tr key={s.scientificName}>
            <td className="w-16 py-1.5 pr-4">
              {s.species && s.thumbnail ? (
                <Link to={speciesRoute(s.species)} tabIndex={-1} aria-hidden="true">
                  <img src={imageUrl(s.thumbnail.path)} width={48} height={Math.round((48 * s.thumbnail.height) / s.thumbnail.width)} alt="" loading="lazy" decoding="async" className="rounded-sm bg-stone-800" />
                </Link>
              ) : null}
            </td>
            <th scope="row" className="py-1.5 pr-4 font-normal">
              <SpeciesName name={s.commonName} local={s.localName} species={s.species} />{' '}
              <span className="block text-xs italic text-stone-400">{s.scientificName}</span>
            </th>
            <td className="py-1.5 pr-4 text-stone-300">{list.kind === 'year' ? <DayAndRegion day={s.firstSeen} place={s.place} /> : <Day day={s.firstSeen} />}</td>
            <td className="py-1.5 text-xs text-stone-400">
              {[s.newForLife ? t('list.newForLife') : '', s.species ? '' : t('list.notPhotographed')].filter(Boolean).join(' · ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
