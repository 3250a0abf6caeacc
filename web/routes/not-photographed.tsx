import { Link, useLoaderData } from 'react-router';
import { INFO_ROUTE, lifeListRoute } from '../../data/paths.ts';
import { DayAndRegion } from '../components/DayAndRegion.tsx';
import { BirdName } from '../components/SpeciesName.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import type { notPhotographedLoader } from './not-photographed-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { formatNumber, t, tn } from '../site-words.ts';

export function NotPhotographedPage() {
  const { observed, species } = useLoaderData<typeof notPhotographedLoader>();
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity, t('notPhotographed.title'))} description={t('notPhotographed.description', { owner: identity.owner })} />
      <h1 className="font-serif text-4xl text-stone-50">{t('notPhotographed.title')}</h1>
      <p className="mt-3 text-stone-300">
        {tn('notPhotographed.summary', observed, { shown: formatNumber(species.length) })}{' '}
        <Link to={lifeListRoute([])} className="text-link">
          {t('nav.lifeList')}
        </Link>{' '}
        ·{' '}
        <Link to={INFO_ROUTE} className="text-link">
          {t('nav.info')}
        </Link>
      </p>
      {species.length === 0 ? (
        <p className="mt-8 text-stone-300">{t('notPhotographed.none')}</p>
      ) : (
        <table className="mt-8 w-full text-left text-sm">
          <caption className="sr-only">{t('notPhotographed.caption')}</caption>
          <thead className="text-stone-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-normal">{t('table.species')}</th>
              <th scope="col" className="py-2 pr-4 font-normal">{t('table.scientificName')}</th>
              <th scope="col" className="py-2 font-normal">{t('table.firstSeen')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10 text-stone-200">
            {species.map((s) => (
              <tr key={s.scientificName}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  <BirdName name={s.commonName} local={s.localName} />
                </th>
                <td className="py-2 pr-4 italic text-stone-300">{s.scientificName}</td>
                <td className="py-2 text-stone-300">
                  <DayAndRegion day={s.firstSeen} place={s.firstPlace} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
