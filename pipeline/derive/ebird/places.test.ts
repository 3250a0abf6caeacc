import { describe, expect, it } from 'vitest';
import type { LifeListRecords } from '../../../data/life-records.ts';
import { placesOf, regionName } from './places.ts';

const seenIn = (...regions: string[]): LifeListRecords => ({
  observedCount: 1,
  growth: [{ year: 2020, added: 1 }],
  species: [{ commonName: 'Mallard', scientificName: 'Anas platyrhynchos', taxonOrder: 1, firstSeen: '2020-01-01', regions: regions.map((region) => ({ region, firstSeen: '2020-01-01' })) }],
});

describe('regionName', () => {
  it('names countries as people say them (CLDR) and states/provinces by ISO 3166-2', () => {
    expect(['US', 'GB', 'CA', 'CR'].map(regionName)).toEqual(['United States', 'United Kingdom', 'Canada', 'Costa Rica']);
    expect(['US-TX', 'GB-ENG', 'CA-ON', 'MX-ROO'].map(regionName)).toEqual(['Texas', 'England', 'Ontario', 'Quintana Roo']);
  });

  it('gives a code it cannot name back as it is', () => {
    expect(regionName('US-ZZ')).toBe('US-ZZ');
    expect(regionName('XX')).toBe('XX');
  });
});

describe('placesOf', () => {
  it('names every region of the records and their countries', () => {
    expect(placesOf(seenIn('US-TX', 'GB-ENG')).names).toEqual({ GB: 'United Kingdom', 'GB-ENG': 'England', US: 'United States', 'US-TX': 'Texas' });
  });

  it('draws the world with every country coded, and US states only for a birder with US state lists', () => {
    const withStates = placesOf(seenIn('US-TX', 'GB-ENG')).maps;
    const codes = withStates.world.shapes.map((s) => s.code);
    for (const code of ['US', 'GB', 'CA', 'BR', 'AU']) expect(codes).toContain(code);
    expect(withStates.world.shapes.every((s) => /^M[\d., \-MZ]+$/.test(s.d))).toBe(true);
    expect(withStates.regions.map((r) => r.country)).toEqual(['US']);
    const states = withStates.regions[0]!.shapes.map((s) => s.code);
    expect(states).toContain('US-TX');
    expect(states).toContain('US-AK');
    expect(placesOf(seenIn('GB-ENG', 'CA-ON')).maps.regions).toEqual([]);
  });
});
