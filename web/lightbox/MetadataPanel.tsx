import type { ExifDisplay } from '../../data/manifest-schemas.ts';
import { Link } from 'react-router';
import { outingRoute } from '../../data/paths.ts';
import { Day } from '../components/DayAndRegion.tsx';
import { birdName } from '../bird-name.ts';
import type { GalleryPhoto } from '../photos.ts';
import { UNKNOWN } from '../../data/exif-display.ts';
import { t, type PhraseKey } from '../site-words.ts';

const METADATA_LABELS: ReadonlyArray<[keyof ExifDisplay, PhraseKey]> = [
  ['camera', 'exif.camera'],
  ['lens', 'exif.lens'],
  ['focalLength', 'exif.focalLength'],
  ['aperture', 'exif.aperture'],
  ['iso', 'exif.iso'],
  ['shutterSpeed', 'exif.shutterSpeed'],
  ['dateTaken', 'exif.date'],
];

/** A value of the panel: the pipeline's "Unknown" (data/exif-display.ts) in the site's language. */
const shown = (value: string) => (value === UNKNOWN ? t('exif.unknown') : value);

interface MetadataPanelProps {
  photo: GalleryPhoto | undefined;
  title: string;
}

/**
 * The panel beside the lightbox image: page title, the photo's camera details (from the photo
 * index, at once) and its credit. A photo without camera data (`exif: null`, spec §8) shows
 * no details, and no panel unless it has a caption.
 */
export function MetadataPanel({ photo, title }: MetadataPanelProps) {
  const exif = photo?.exif;
  if (!photo || (!exif && !photo.caption)) return null;
  return (
    <aside
      aria-label={t('lightbox.details')}
      className="w-full shrink-0 overflow-y-auto bg-stone-950/90 p-5 text-sm text-stone-200 lg:h-full lg:w-80 lg:border-l lg:border-white/10"
    >
      <h2 className="font-serif text-xl text-stone-50">{title}</h2>
      {title !== birdName(photo.species, photo.localName) && (
        <p className="mt-1 text-stone-400" lang={photo.localName?.lang}>
          {birdName(photo.species, photo.localName)}
        </p>
      )}
      {exif && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {METADATA_LABELS.map(([field, label]) => (
            <div key={field} className="contents">
              <dt className="text-stone-400">{t(label)}</dt>
              <dd className="text-stone-100" data-field={field}>
                {shown(exif[field])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {/* Only a day that is an outing has a page: a photo dated in the future (a wrong camera clock) is on none. */}
      {photo.outing && (
        <p className="mt-4 text-stone-400" data-testid="photo-outing">
          {t('lightbox.outing')}{' '}
          <Link to={outingRoute(photo.outing)} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
            <Day day={photo.outing} />
          </Link>
        </p>
      )}
      {photo.caption && (
        <p className="mt-5 border-t border-white/10 pt-4 leading-relaxed whitespace-pre-line text-stone-200" data-testid="photo-caption">
          {photo.caption}
        </p>
      )}
      {photo.credit && (
        <p className="mt-5 border-t border-white/10 pt-4 text-xs leading-relaxed text-stone-400" data-testid="photo-credit">
          {t('photo.by', { author: photo.credit.author })} ·{' '}
          {photo.credit.licenceUrl ? (
            <a href={photo.credit.licenceUrl} className="underline hover:text-stone-200" target="_blank" rel="noreferrer license">
              {photo.credit.licence}
            </a>
          ) : (
            photo.credit.licence
          )}
        </p>
      )}
    </aside>
  );
}
