import { Link, useLoaderData } from 'react-router';
import { PageMeta } from '../components/PageMeta.tsx';
import { CREDITS_ROUTE, LISTS_ROUTE, NOT_PHOTOGRAPHED_ROUTE } from '../../data/paths.ts';
import { LifeGrowthChart } from '../components/LifeGrowthChart.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import type { infoLoader } from './info-loader.ts';
import { pageTitle, useSite } from './root.tsx';
import { formatNumber, t, tAround, tn } from '../site-words.ts';

export function InfoPage() {
  const { gear, stats } = useLoaderData<typeof infoLoader>();
  const identity = useSite();
  const creditsNote = tAround('info.otherPhotographers', 'link');
  return (
    <>
      <PageMeta title={pageTitle(identity, t('nav.info'))} description={t('info.description', { owner: identity.owner })} />
      <h1 className="sr-only">{t('nav.info')}</h1>
      <div className="grid gap-12 md:grid-cols-2">
        <GearSection gear={gear} />
        <StatsSection stats={stats} />
      </div>
      <p className="mt-12 text-sm text-stone-400">
        {creditsNote[0]}
        <Link to={CREDITS_ROUTE} className={LINK}>
          {t('info.creditsLink')}
        </Link>
        {creditsNote[1]}
      </p>
    </>
  );
}

type InfoData = Awaited<ReturnType<typeof infoLoader>>;

const LINK = 'text-amber-200 underline underline-offset-2 hover:text-amber-100';
/** Info's two columns have larger headings than other pages' sections. */
const INFO_HEADING = 'font-serif text-3xl text-stone-50';

/** The owner's cameras and lenses, a line each, as the ingest summed them up. */
function GearSection({ gear }: { gear: InfoData['gear'] }) {
  return (
    <TitledSection id="gear" title={t('info.gear')} headingClassName={INFO_HEADING}>
      {gear.length === 0 ? (
        <p className="mt-4 text-stone-400">{t('info.noGear')}</p>
      ) : (
        <ul className="mt-4 space-y-3 leading-relaxed text-stone-300">
          {gear.map((line) => (
            <li key={line} className="border-l-2 border-amber-200/60 pl-4">
              {line}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** The counts; with an eBird export, the photographed share of the life list and its growth. */
function StatsSection({ stats }: { stats: InfoData['stats'] }) {
  return (
    <TitledSection id="stats" title={t('info.stats')} headingClassName={INFO_HEADING}>
      <p className="mt-4 font-serif text-4xl text-amber-100">{tn('count.speciesObserved', stats.speciesObserved)}</p>
      <ul className="mt-4 space-y-1 text-stone-300">
        {stats.lifeList ? (
          <li>{t('info.photographedOf', { photographed: formatNumber(stats.lifeList.photographed), observed: formatNumber(stats.speciesObserved) })}</li>
        ) : (
          <li>{tn('count.speciesPhotographed', stats.speciesPhotographed)}</li>
        )}
        <li>{tn('count.photos', stats.photos)}</li>
        {stats.recordings !== undefined && <li>{tn('count.recordings', stats.recordings)}</li>}
        {stats.clips !== undefined && <li>{tn('count.clips', stats.clips)}</li>}
      </ul>
      {stats.lifeList && (
        <>
          <p className="mt-4 text-sm">
            <Link to={NOT_PHOTOGRAPHED_ROUTE} className={LINK}>
              {t('notPhotographed.title')}
            </Link>
            {' · '}
            <Link to={LISTS_ROUTE} className={LINK}>
              {t('footer.lists')}
            </Link>
          </p>
          <LifeGrowthChart growth={stats.lifeList.growth} className="mt-8" />
        </>
      )}
    </TitledSection>
  );
}
