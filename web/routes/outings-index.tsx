import { Link, useLoaderData } from 'react-router';
import { outingsYearRoute } from '../../data/paths.ts';
import { OutingCards } from '../components/OutingCards.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { outingsDescription, outingsTitle } from '../outing-text.ts';
import { t, tn } from '../site-words.ts';
import type { outingsLoader } from './outings-loader.ts';
import { pageTitle, useSite } from './root.tsx';

/** The Outings page: every day in the field and every trip, newest first, by year. */
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
