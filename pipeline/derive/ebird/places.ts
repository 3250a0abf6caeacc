import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoEqualEarth, geoPath, type GeoProjection } from 'd3-geo';
import { iso31661, iso31662 } from 'iso-3166';
import { feature } from 'topojson-client';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import type { Topology } from 'topojson-specification';
import { countryOf, type ListsMap, type ListsMaps } from '../../../data/bird-lists.ts';
import type { LifeListRecords } from '../../../data/life-records.ts';

/**
 * The places of the export: each region code's name, and the Lists page's maps. Names come
 * from maintained data, not a table of ours: countries from the CLDR names built into Node's
 * ICU ('United States', 'United Kingdom'), states/provinces from ISO 3166-2 (`iso-3166`:
 * 'Texas', 'England', 'Ontario'). The maps are drawn here, at ingest, from Natural Earth's
 * shapes (`world-atlas`, 1:110m) and the US Census Bureau's (`us-atlas`), projected with
 * d3-geo and simplified: the site gets finished SVG paths, and none of these libraries.
 */

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const isoCountries = new Map(iso31661.map((c) => [c.alpha2, c]));
const isoSubdivisions = new Map(iso31662.map((s) => [s.code, s.name]));

/** A region code's name; the code itself when no data names it (never a guess). */
export function regionName(code: string): string {
  if (code.includes('-')) return isoSubdivisions.get(code) ?? code;
  return countryNames.of(code) ?? isoCountries.get(code)?.name ?? code;
}

export interface Places {
  names: Record<string, string>;
  maps: ListsMaps;
}

/** Names of every region and country of the records, and the maps that show them. */
export function placesOf(records: LifeListRecords): Places {
  const codes = new Set<string>();
  for (const s of records.species) for (const r of s.regions ?? []) codes.add(r.region).add(countryOf(r.region));
  const names = Object.fromEntries([...codes].sort().map((code) => [code, regionName(code)]));
  return { names, maps: mapsOf(codes) };
}

const require = createRequire(import.meta.url);
const topology = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;

/** Shape detail kept (topojson-simplify's quantile): measured for a Lists page under 60 KB gzip with its maps. */
const WORLD_DETAIL = 0.3;
const STATES_DETAIL = 0.1;
const WORLD = { width: 960, height: 470 };
const STATES = { width: 640, height: 400 };

/** The states/provinces whose shapes a maintained package has, by country. */
const REGION_MAPS: Record<string, { name: string; file: string; object: string; projection: () => GeoProjection; code: (name: string) => string | undefined }> = {
  US: {
    name: 'United States',
    file: 'us-atlas/states-10m.json',
    object: 'states',
    projection: () => geoAlbersUsa(),
    code: (name) => iso31662.find((s) => s.parent === 'US' && s.name === name)?.code,
  },
};

function mapsOf(codes: ReadonlySet<string>): ListsMaps {
  const numeric = new Map(iso31661.map((c) => [c.numeric, c.alpha2]));
  const world = drawn('world-atlas/countries-110m.json', 'countries', WORLD_DETAIL, geoEqualEarth(), WORLD, (id) => numeric.get(String(id)) ?? '', true);
  const regions = Object.entries(REGION_MAPS)
    .filter(([country]) => [...codes].some((c) => c.startsWith(`${country}-`)))
    .map(([country, source]) => {
      return { country, name: source.name, ...drawn(source.file, source.object, STATES_DETAIL, source.projection(), STATES, (_id, name) => (name ? source.code(name) : undefined) ?? '', false) };
    });
  return { world, regions };
}

function drawn(
  file: string,
  object: string,
  detail: number,
  projection: GeoProjection,
  size: { width: number; height: number },
  codeOf: (id: unknown, name: string | undefined) => string,
  sphere: boolean,
): ListsMap {
  const whole = presimplify(topology(file) as Parameters<typeof presimplify>[0]);
  const simple = simplify(whole, quantile(whole, detail));
  const collection = feature(simple as Topology, simple.objects[object]!) as unknown as GeoJSON.FeatureCollection;
  projection.fitSize([size.width, size.height], sphere ? { type: 'Sphere' } : collection);
  // Whole pixels: the paths are a third of their size with one decimal, and look the same at this scale.
  const path = geoPath(projection).digits(0);
  const shapes = collection.features.flatMap((f) => {
    const d = path(f);
    // Points after a moveto are linetos without the letter: shorter, and no `L901`-like text that
    // reads as an eBird location id to a privacy scan.
    return d ? [{ code: codeOf(f.id, (f.properties as { name?: string } | null)?.name), d: d.replaceAll('L', ' ') }] : [];
  });
  return { ...size, shapes };
}
