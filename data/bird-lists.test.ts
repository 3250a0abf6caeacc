import { describe, expect, it } from 'vitest';
import { birdLists, listKindOf } from './bird-lists.ts';
import { countryOf } from './region-code.ts';
import type { LifeListRecords, LifeRecord } from './life-records.ts';

const record = (commonName: string, taxonOrder: number, years: Array<[number, string, string?]>, regions: Array<[string, string]>): LifeRecord => ({
  commonName,
  scientificName: `Avis ${commonName.toLowerCase().replace(/\W/g, '')}`,
  taxonOrder,
  firstSeen: [...years].sort((a, b) => a[1].localeCompare(b[1]))[0]![1],
  years: years.map(([year, firstSeen, region]) => ({ year, firstSeen, ...(region && { region }) })),
  regions: regions.map(([region, firstSeen]) => ({ region, firstSeen })),
});

const species = [
  record('Mallard', 10, [[2019, '2019-03-01', 'US-TX'], [2020, '2020-01-05', 'GB-ENG']], [['US-TX', '2019-03-01'], ['GB-ENG', '2020-01-05'], ['US-NC', '2020-06-01']]),
  record('Robin', 20, [[2020, '2020-02-02', 'GB-ENG']], [['GB-ENG', '2020-02-02']]),
  record('Kestrel', 30, [[2019, '2019-07-07', 'US-NC'], [2020, '2020-03-03', 'US-NC']], [['US-NC', '2019-07-07'], ['US', '2019-05-05']]),
];
const records: LifeListRecords = { observedCount: 3, species, growth: [{ year: 2019, added: 2 }, { year: 2020, added: 1 }] };
const names = { US: 'United States', 'US-TX': 'Texas', 'US-NC': 'North Carolina', GB: 'United Kingdom', 'GB-ENG': 'England' };
const photographed = new Map([[species[2]!.scientificName, { species: 'American Kestrel', thumbnail: { path: 'life_list/k_lowq.jpg', width: 480, height: 320 } }]]);

describe('birdLists', () => {
  const { lists, pages } = birdLists({ records, photographed, names });
  const page = (key: string) => pages.find((p) => p.key === key)!;

  it('makes eBird’s table: life, years newest first, countries with their states by name', () => {
    expect(lists.life).toEqual({ observed: 3, photographed: 1 });
    expect(lists.years).toEqual([
      { key: '2020', name: '2020', observed: 3, photographed: 1, added: 1 },
      { key: '2019', name: '2019', observed: 2, photographed: 1, added: 2 },
    ]);
    expect(lists.countries).toEqual([
      { key: 'GB', name: 'United Kingdom', observed: 2, photographed: 0, regions: [{ key: 'GB-ENG', name: 'England', observed: 2, photographed: 0 }] },
      {
        key: 'US',
        name: 'United States',
        observed: 2,
        photographed: 1,
        regions: [
          { key: 'US-NC', name: 'North Carolina', observed: 2, photographed: 1 },
          { key: 'US-TX', name: 'Texas', observed: 1, photographed: 0 },
        ],
      },
    ]);
  });

  it('a year list: taxonomic order, the year’s first day and region, new for the life list marked', () => {
    expect(page('2020')).toEqual({
      key: '2020',
      kind: 'year',
      name: '2020',
      observed: 3,
      photographed: 1,
      species: [
        { commonName: 'Mallard', scientificName: 'Avis mallard', firstSeen: '2020-01-05', region: 'GB-ENG', place: 'England, United Kingdom' },
        { commonName: 'Robin', scientificName: 'Avis robin', firstSeen: '2020-02-02', region: 'GB-ENG', place: 'England, United Kingdom', newForLife: true },
        { commonName: 'Kestrel', scientificName: 'Avis kestrel', firstSeen: '2020-03-03', region: 'US-NC', place: 'North Carolina, United States', species: 'American Kestrel', thumbnail: { path: 'life_list/k_lowq.jpg', width: 480, height: 320 } },
      ],
    });
  });

  it('a country list: every region of the country and the country’s own rows, each species at its first day there', () => {
    expect(page('US').species.map((s) => [s.commonName, s.firstSeen])).toEqual([
      ['Mallard', '2019-03-01'],
      // The row with the country code alone (2019-05-05) is earlier than its state's (2019-07-07).
      ['Kestrel', '2019-05-05'],
    ]);
    expect(page('US').country).toBeUndefined();
  });

  it('a state/province list names its country', () => {
    expect(page('US-NC')).toMatchObject({ kind: 'region', name: 'North Carolina', country: { key: 'US', name: 'United States' } });
    expect(page('US-NC').species.map((s) => s.commonName)).toEqual(['Mallard', 'Kestrel']);
    // A country code alone makes no state list.
    expect(pages.map((p) => p.key).sort()).toEqual(['2019', '2020', 'GB', 'GB-ENG', 'US', 'US-NC', 'US-TX']);
  });

  it('names a region it has no name for by its code, never by a guess', () => {
    const { lists: unnamed } = birdLists({ records, photographed, names: {} });
    expect(unnamed.countries.map((c) => c.name)).toEqual(['GB', 'US']);
  });

  it('has no lists without records', () => {
    const empty = birdLists({ records: { observedCount: 0, species: [], growth: [] }, photographed: new Map(), names: {} });
    expect(empty.pages).toEqual([]);
    expect(empty.lists).toEqual({ life: { observed: 0, photographed: 0 }, years: [], countries: [] });
  });
});

describe('list keys', () => {
  it('tell years, countries and states/provinces apart', () => {
    expect(['2024', 'US', 'US-TX', 'GB-ENG'].map(listKindOf)).toEqual(['year', 'country', 'region', 'region']);
    expect(countryOf('CA-ON')).toBe('CA');
  });
});
