import { Link, useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { CREDITS_ROUTE, LISTS_ROUTE, NOT_PHOTOGRAPHED_ROUTE } from '../../data/paths.ts';
import { LifeGrowthChart } from '../components/LifeGrowthChart.tsx';
import type { infoLoader } from './info-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { countOf, formatCount } from '../../data/count-text.ts';

export function InfoPage() {
  const { gear, stats } = useLoaderData<typeof infoLoader>();
  const identity = useSite();
  return (
    <>
      <PageMeta title={pageTitle(identity, 'Info')} description={`Gear and Life List statistics of ${identity.owner}.`} />
      <h1 className="sr-only">Info</h1>
      <div className="grid gap-12 md:grid-cols-2">
        <section aria-labelledby="gear">
          <h2 id="gear" className="font-serif text-3xl text-stone-50">
            Gear
          </h2>
          {gear.length === 0 ? (
            <p className="mt-4 text-stone-400">No gear listed.</p>
          ) : (
            <ul className="mt-4 space-y-3 leading-relaxed text-stone-300">
              {gear.map((line) => (
                <li key={line} className="border-l-2 border-amber-200/60 pl-4">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="stats">
          <h2 id="stats" className="font-serif text-3xl text-stone-50">
            Stats
          </h2>
          <p className="mt-4 font-serif text-4xl text-amber-100">{countOf(stats.speciesObserved, 'species observed', 'species observed')}</p>
          <ul className="mt-4 space-y-1 text-stone-300">
            {stats.lifeList ? (
              <li>
                photographed {formatCount(stats.lifeList.photographed)} of {formatCount(stats.speciesObserved)}
              </li>
            ) : (
              <li>{countOf(stats.speciesPhotographed, 'species photographed', 'species photographed')}</li>
            )}
            <li>{countOf(stats.photos, 'photo')}</li>
          </ul>
          {stats.lifeList && (
            <>
              <p className="mt-4 text-sm">
                <Link to={NOT_PHOTOGRAPHED_ROUTE} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
                  Seen, not yet photographed
                </Link>
                {' · '}
                <Link to={LISTS_ROUTE} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
                  Year, country and state lists
                </Link>
              </p>
              <LifeGrowthChart growth={stats.lifeList.growth} className="mt-8" />
            </>
          )}
        </section>
      </div>
      <p className="mt-12 text-sm text-stone-400">
        Some photos are by other photographers and used under their licences: see the{' '}
        <Link to={CREDITS_ROUTE} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
          photo credits
        </Link>
        .
      </p>
    </>
  );
}
