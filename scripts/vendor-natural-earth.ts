/**
 * Writes pipeline/derive/ebird/natural-earth/states-provinces-50m.topo.json: the states and
 * provinces the Lists page's maps draw beyond the US (pipeline/derive/ebird/region-maps.ts), from
 * Natural Earth 1:50m (public domain) as GeoJSON in martynafford/natural-earth-geojson (CC0).
 * Run by hand when the data should change, never by CI; the README next to the output says how.
 *   tsx scripts/vendor-natural-earth.ts <ne_50m_admin_1_states_provinces.json> <ne_50m_admin_0_map_units.json>
 *
 * One TopoJSON object per country (keyed by its ISO 3166-1 code), one geometry per state or
 * province with its ISO 3166-2 code (eBird's region code) as `id` and nothing else.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geoArea } from 'd3-geo';
import { iso31662 } from 'iso-3166';
import { topology } from 'topojson-server';

const OUT = fileURLToPath(new URL('../pipeline/derive/ebird/natural-earth/states-provinces-50m.topo.json', import.meta.url));

/** us-atlas (US Census Bureau, 1:10m) draws the US: its states are left out here. */
const DRAWN_ELSEWHERE = new Set(['US']);

/**
 * Countries whose first-level divisions (as eBird codes them) are Natural Earth map units rather
 * than admin-1 features, by geo-unit code, with the unit's name to check the code against.
 */
const MAP_UNITS: Record<string, { code: string; name: string }> = {
  ENG: { code: 'GB-ENG', name: 'England' },
  SCT: { code: 'GB-SCT', name: 'Scotland' },
  WLS: { code: 'GB-WLS', name: 'Wales' },
  NIR: { code: 'GB-NIR', name: 'Northern Ireland' },
  BCR: { code: 'BE-BRU', name: 'Brussels Capital Region' },
  BFR: { code: 'BE-VLG', name: 'Flemish Region' },
  BWR: { code: 'BE-WAL', name: 'Walloon Region' },
};

/**
 * Grid of the stored coordinates across all the countries' extent (−141° to 159° longitude):
 * 1e5 steps are ~0.003°, under a pixel on Belgium's 640 px map, the smallest country here.
 */
const QUANTIZATION = 1e5;

type Feature = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
const readFeatures = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>).features;
const subdivisions = new Map(iso31662.map((s) => [s.code, s.parent]));

function main(args: string[]): void {
  const [admin1File, mapUnitsFile] = args;
  if (!admin1File || !mapUnitsFile) throw new Error('usage: tsx scripts/vendor-natural-earth.ts <ne_50m_admin_1_states_provinces.json> <ne_50m_admin_0_map_units.json>');
  const byCountry = new Map<string, Feature[]>();
  const add = (country: string, code: string | undefined, source: Feature) => {
    // d3-geo's winding (clockwise outer rings): the other winding would be the rest of the globe.
    if (geoArea(source) > 2 * Math.PI) throw new Error(`${code ?? country}: rings wound the wrong way for d3-geo`);
    const kept: Feature = { type: 'Feature', properties: null, geometry: source.geometry, ...(code && { id: code }) };
    byCountry.set(country, [...(byCountry.get(country) ?? []), kept]);
  };

  for (const f of readFeatures(admin1File)) {
    const { iso_a2: country, iso_3166_2: code } = f.properties as { iso_a2: string; iso_3166_2: string };
    if (DRAWN_ELSEWHERE.has(country)) continue;
    // A unit ISO 3166-2 does not code (Australia's Jervis Bay Territory, `AU-X02~`) stays as land without a list.
    add(country, subdivisions.get(code) === country ? code : undefined, f);
  }
  const found = new Set<string>();
  for (const f of readFeatures(mapUnitsFile)) {
    const { GU_A3: unit, GEOUNIT: name } = f.properties as { GU_A3: string; GEOUNIT: string };
    const wanted = MAP_UNITS[unit];
    if (!wanted) continue;
    if (name !== wanted.name || !subdivisions.has(wanted.code)) throw new Error(`map unit ${unit} is '${name}', expected '${wanted.name}' (${wanted.code})`);
    add(wanted.code.slice(0, 2), wanted.code, f);
    found.add(unit);
  }
  const missing = Object.keys(MAP_UNITS).filter((unit) => !found.has(unit));
  if (missing.length > 0) throw new Error(`map units not found: ${missing.join(', ')}`);

  const objects: Record<string, GeoJSON.FeatureCollection> = Object.fromEntries(
    [...byCountry].sort(([a], [b]) => a.localeCompare(b)).map(([country, features]) => [country, { type: 'FeatureCollection', features }]),
  );
  // Quantized and delta-encoded: 180 KB, against ~750 KB for the same topology unquantized.
  const topo = topology(objects, QUANTIZATION);
  writeFileSync(OUT, `${JSON.stringify(topo)}\n`);
  const counts = Object.entries(objects).map(([country, collection]) => `${country} ${collection.features.length}`).join(', ');
  console.log(`${OUT}: ${(Buffer.byteLength(JSON.stringify(topo)) / 1024).toFixed(0)} KB; ${counts}`);
}

main(process.argv.slice(2));
