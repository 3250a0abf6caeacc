import { Link } from 'react-router';
import type { ListsMap as MapData } from '../../data/bird-lists.ts';
import { listRoute } from '../../data/paths.ts';

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
 * A map drawn at ingest (pipeline/derive/ebird/region-maps.ts): every shape in grey, those with a list
 * shaded by its species count and linked to it. Plain SVG, so it shows without JavaScript;
 * the same figures are in the table beside it for readers who cannot see it.
 */
export function ListsMap({ map, counts, title }: { map: MapData; counts: MapCounts; title: string }) {
  return (
    <svg viewBox={`0 0 ${map.width} ${map.height}`} className="h-auto w-full" role="group" aria-label={title}>
      {map.shapes.map((shape, i) => {
        const list = shape.code ? counts[shape.code] : undefined;
        if (!list) return <path key={`${shape.code}-${i}`} d={shape.d} className="fill-stone-700 stroke-stone-950" strokeWidth={0.5} aria-hidden="true" />;
        return (
          // A router link: the base path and client-side navigation, as every other link of the site.
          <Link key={`${shape.code}-${i}`} to={listRoute(shape.code)} aria-label={`${list.name}: ${list.observed.toLocaleString('en-US')} species`}>
            <path d={shape.d} className={`${shadeOf(list.observed)} stroke-stone-950 hover:fill-amber-100`} strokeWidth={0.5}>
              <title>{`${list.name}: ${list.observed.toLocaleString('en-US')} species`}</title>
            </path>
          </Link>
        );
      })}
    </svg>
  );
}

/** The shading's key. */
export function MapLegend() {
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-xs text-stone-300" aria-label="Species per list">
      {MAP_STEPS.map((from, i) => (
        <li key={from} className="flex items-center gap-1.5">
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" className={SHADES[i]} />
          </svg>
          {MAP_STEPS[i + 1] === undefined ? `${from}+ species` : `${from}–${MAP_STEPS[i + 1]! - 1} species`}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <svg width="14" height="14" aria-hidden="true">
          <rect width="14" height="14" className="fill-stone-700" />
        </svg>
        no list
      </li>
    </ul>
  );
}
