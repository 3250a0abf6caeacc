import { useLoaderData } from 'react-router';
import { OutingBreadcrumb } from '../components/OutingBreadcrumb.tsx';
import { OutingCards } from '../components/OutingCards.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { outingsYearDescription, outingsYearTitle } from '../outing-text.ts';
import type { outingsYearLoader } from './outings-loader.ts';
import { pageTitle, useSite } from './root.tsx';

/** One year of outings, on a page of its own when the Outings page is split by year. */
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
