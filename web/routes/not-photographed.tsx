import { Link, useLoaderData } from 'react-router';
import { INFO_ROUTE, lifeListRoute } from '../../data/paths.ts';
import { DayAndRegion } from '../components/DayAndRegion.tsx';
import { BirdName } from '../components/SpeciesName.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import type { notPhotographedLoader } from './not-photographed-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { formatCount } from '../../data/count-text.ts';

export const NOT_PHOTOGRAPHED_TITLE = 'Seen, not yet photographed';

export function NotPhotographedPage() {
  const { observed, species } = useLoaderData<typeof notPhotographedLoader>();
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity, NOT_PHOTOGRAPHED_TITLE)} description={`Species ${identity.owner} has observed but not yet photographed.`} />
      <h1 className="font-serif text-4xl text-stone-50">{NOT_PHOTOGRAPHED_TITLE}</h1>
      <p className="mt-3 text-stone-300">
        {formatCount(species.length)} of the {formatCount(observed)} species observed, in taxonomic order.{' '}
        <Link to={lifeListRoute([])} className="text-link">
          Life List
        </Link>{' '}
        ·{' '}
        <Link to={INFO_ROUTE} className="text-link">
          Info
        </Link>
      </p>
      {species.length === 0 ? (
        <p className="mt-8 text-stone-300">Every species observed has been photographed.</p>
      ) : (
        <table className="mt-8 w-full text-left text-sm">
          <caption className="sr-only">Species observed but not yet photographed, with the day and region first seen</caption>
          <thead className="text-stone-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-normal">Species</th>
              <th scope="col" className="py-2 pr-4 font-normal">Scientific name</th>
              <th scope="col" className="py-2 font-normal">First seen</th>
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
