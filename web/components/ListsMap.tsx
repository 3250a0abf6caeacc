import { Link } from 'react-router';
import type { PageMap } from '../../data/bird-lists.ts';
import { LAND_ID } from '../../data/lists-map-files.ts';
import { listRoute } from '../../data/paths.ts';
import { formatNumber, t, tn } from '../site-words.ts';

/** Species counts at which the shading steps up: a few, some, many, most of a birder's lists. */
const MAP_STEPS = [1, 10, 50, 200] as const;
const SHADES = ['fill-amber-900', 'fill-amber-700', 'fill-amber-500', 'fill-amber-300'] as const;

function shadeOf(observed: number): string {
  let step = 0;
  MAP_STEPS.forEach((from, i) => {
    if (observed >= from) step = i;
  });
  return SHADES[step]!;
}

export interface MapCounts {
  /** Region or country code → its list's name and species count. */
  [code: string]: { name: string; observed: number };
}

/**
 * A map drawn at ingest (pipeline/derive/ebird/region-maps.ts), its shapes in a file of their
 * own (data/lists-map-files.ts) that the page draws with `<use>`: every shape in grey, those with
 * a list shaded by its species count and linked to it. The links and their names are the page's
 * own SVG, so the map works without JavaScript and reads as the page does; the same figures
 * are in the table below for readers who cannot see it.
 */
export function ListsMap({ map, counts, title }: { map: PageMap; counts: MapCounts; title: string }) {
  // The site's own origin and base path: `<use>` draws only from the page's origin.
  const file = `${import.meta.env.BASE_URL}${map.file}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG has no <fieldset>; role=group names the map's regions as one
    <svg viewBox={`0 0 ${map.width} ${map.height}`} className="h-auto w-full" role="group" aria-label={title}>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <use> is never focusable; the land is decoration */}
      <use href={`${file}#${LAND_ID}`} className="fill-stone-700 stroke-stone-950" strokeWidth={0.5} aria-hidden="true" />
      {map.codes.map((code) => {
        const list = counts[code];
        if (!list) return null;
        const label = tn('map.region', list.observed, { name: list.name });
        return (
          // A router link: the base path and client-side navigation, as every other link of the site.
          <Link key={code} to={listRoute(code)} aria-label={label}>
            <use href={`${file}#${code}`} className={`${shadeOf(list.observed)} stroke-stone-950 hover:fill-amber-100`} strokeWidth={0.5}>
              <title>{label}</title>
            </use>
          </Link>
        );
      })}
    </svg>
  );
}

/** The shading's key. */
export function MapLegend() {
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-xs text-stone-300" aria-label={t('map.legend')}>
      {MAP_STEPS.map((from, i) => (
        <li key={from} className="flex items-center gap-1.5">
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" className={SHADES[i]} />
          </svg>
          {MAP_STEPS[i + 1] === undefined ? t('map.stepOpen', { from: formatNumber(from) }) : t('map.step', { from: formatNumber(from), to: formatNumber(MAP_STEPS[i + 1]! - 1) })}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <svg width="14" height="14" aria-hidden="true">
          <rect width="14" height="14" className="fill-stone-700" />
        </svg>
        {t('map.none')}
      </li>
    </ul>
  );
}
