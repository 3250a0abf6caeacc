import { Link, useLoaderData } from 'react-router';
import { speciesRoute } from '../../data/paths.ts';
import { ImageTile } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import type { creditsLoader } from './credits-loader.ts';
import { birdName } from '../bird-name.ts';
import { BirdName } from '../components/SpeciesName.tsx';
import { pageTitle, useSite } from './root.tsx';
import { t, tAround } from '../site-words.ts';
import { TitledSection } from '../components/TitledSection.tsx';

export function CreditsPage() {
  const { credited, taxonomy } = useLoaderData<typeof creditsLoader>();
  const identity = useSite();
  const taxonomyNote = tAround('credits.taxonomy', 'source', { edition: taxonomy?.edition ?? '' });
  return (
    <>
      <PageMeta title={pageTitle(identity, t('footer.credits'))} description={t('credits.description', { site: identity.title })} />
      <h1 className="font-serif text-4xl text-stone-50">{t('footer.credits')}</h1>
      <p className="mt-2 text-stone-400">{credited.length === 0 ? t('credits.allOwn') : t('credits.others')}</p>
      <ul className="mt-8 divide-y divide-white/10">
        {credited.map((photo) => (
          <li key={photo.key} className="flex items-center gap-4 py-3">
            <div className="relative h-16 w-24 shrink-0 overflow-hidden rounded-sm">
              <ImageTile image={photo.thumbnail} alt={birdName(photo.species, photo.localName)} sizes="96px" fit="fill" />
            </div>
            <div className="min-w-0 text-sm">
              <Link to={speciesRoute(photo.species)} className="font-serif text-lg text-stone-50 hover:text-amber-200">
                <BirdName name={photo.species} local={photo.localName} />
              </Link>
              <p className="text-stone-300">
                {photo.credit.author} ·{' '}
                {photo.credit.licenceUrl ? (
                  <a href={photo.credit.licenceUrl} rel="license noreferrer" className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
                    {photo.credit.licence}
                  </a>
                ) : (
                  photo.credit.licence
                )}
              </p>
              {photo.credit.source && <p className="truncate text-xs text-stone-400">{t('credits.source', { source: photo.credit.source })}</p>}
            </div>
          </li>
        ))}
      </ul>
      {taxonomy && (
        <TitledSection id="taxonomy-credit" title={t('credits.birdNames')} className="mt-10">
          <p className="mt-2 text-sm text-stone-300">
            {taxonomyNote[0]}
            {taxonomy.url ? (
              <a href={taxonomy.url} rel="noreferrer" className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
                {taxonomy.source}
              </a>
            ) : (
              taxonomy.source
            )}
            {taxonomyNote[1]}
          </p>
        </TitledSection>
      )}
    </>
  );
}
