import { Link, useHref, useLoaderData } from 'react-router';
import { photoAppRoute, recordingRoute, speciesRoute } from '../../data/paths.ts';
import type { CreditedMedia } from '../../data/media-schemas.ts';
import type { Credit } from '../../data/manifest-schemas.ts';
import { ImageTile } from '../components/ImageTile.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import type { creditsLoader } from './credits-loader.ts';
import { birdName } from '../bird-name.ts';
import { BirdName } from '../components/SpeciesName.tsx';
import { pageTitle, useSite } from './root.tsx';
import { t, tAround } from '../site-words.ts';
import { TitledSection } from '../components/TitledSection.tsx';

export function CreditsPage() {
  const { credited, media, taxonomy } = useLoaderData<typeof creditsLoader>();
  const identity = useSite();
  const taxonomyNote = tAround('credits.taxonomy', 'source', { edition: taxonomy?.edition ?? '' });
  return (
    <>
      <PageMeta title={pageTitle(identity, t('footer.credits'))} description={t('credits.description', { site: identity.title })} />
      <h1 className="font-serif text-4xl text-stone-50">{t('footer.credits')}</h1>
      <p className="mt-2 text-stone-400">{credited.length === 0 && media.length === 0 ? t('credits.allOwn') : t('credits.others')}</p>
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
              <CreditLine credit={photo.credit} />
            </div>
          </li>
        ))}
      </ul>
      {media.length > 0 && (
        <TitledSection id="media-credits" title={t('credits.media')} className="mt-10">
          <ul className="mt-2 divide-y divide-white/10">
            {media.map((item) => (
              <li key={item.id} className="py-3 text-sm" data-media={item.id}>
                <MediaLink item={item} />
                <CreditLine credit={item.credit} />
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
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

/** The author and the licence (linked where it has an address: CC BY and CC BY-SA ask for it), and the source. */
function CreditLine({ credit }: { credit: Credit }) {
  return (
    <>
      <p className="text-stone-300">
        {credit.author} ·{' '}
        {credit.licenceUrl ? (
          <a href={credit.licenceUrl} rel="license noreferrer" className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
            {credit.licence}
          </a>
        ) : (
          credit.licence
        )}
      </p>
      {credit.source && <p className="truncate text-xs text-stone-400">{t('credits.source', { source: credit.source })}</p>}
    </>
  );
}

/** A recording's or clip's kind and species, linking where it plays (the recording's player, the clip in the lightbox), and its file's name. */
function MediaLink({ item }: { item: CreditedMedia }) {
  // A plain link: the browser opens the species page at the player (the fragment), or with the lightbox on the clip.
  const href = useHref(item.kind === 'recording' ? recordingRoute(item.species, item.id) : photoAppRoute(item.species, item.id));
  return (
    <p>
      <span className="text-stone-400">{t(item.kind === 'recording' ? 'credits.recording' : 'credits.clip')}: </span>
      <a href={href} className="font-serif text-lg text-stone-50 hover:text-amber-200">
        <BirdName name={item.species} local={item.localName} />
      </a>
      <span className="ml-2 text-xs text-stone-400">{item.fileName}</span>
    </p>
  );
}
