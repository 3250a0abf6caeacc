import { describe, expect, it } from 'vitest';
import { binomialOf, createSpeciesMatcher, growthByYear, lifeListRecordsSchema, lifeRecordSchema, normaliseSpeciesName, type LifeRecord } from './life-records.ts';

const record = (commonName: string, scientificName: string, taxonOrder: number, firstSeen = '2020-05-01'): LifeRecord => ({ commonName, scientificName, taxonOrder, firstSeen, firstRegion: 'US-NC' });

describe('normaliseSpeciesName', () => {
  it.each([
    ['Yellow-crowned Night-Heron', 'Yellow-crowned Night Heron'],
    ['Yellow-crowned Night-Heron', 'yellow crowned night heron'],
    ["Franklin's Gull", 'Franklins Gull'],
    ['Franklin’s Gull', "franklin's gull"],
    ['Cáckling Goose', 'Cackling Goose'],
    ['Great  Egret ', 'great_egret'],
    ['Sandhill Crane', 'Sandhill–Crane'],
  ])('%s ≡ %s', (a, b) => expect(normaliseSpeciesName(a)).toBe(normaliseSpeciesName(b)));

  it('keeps different species apart', () => {
    expect(normaliseSpeciesName('Snowy Plover')).not.toBe(normaliseSpeciesName('Snowy Egret'));
  });

  it('finds the binomial of group and trinomial names', () => {
    expect(binomialOf('Setophaga coronata [auduboni Group]')).toBe('setophaga coronata');
    expect(binomialOf('Buteo jamaicensis borealis')).toBe('buteo jamaicensis');
    expect(binomialOf('Anatinae')).toBeUndefined();
  });
});

describe('createSpeciesMatcher', () => {
  it("falls back to the scientific name the taxonomy gives the folder's species, after every name of eBird's", () => {
    const jay = lifeRecordSchema.parse({ commonName: 'Canada Jay', scientificName: 'Perisoreus canadensis', taxonOrder: 21500, firstSeen: '2019-02-10' });
    const taxonNames = new Map([['Gray Jay', 'Perisoreus canadensis'], ['Whiskey Jack', 'Perisoreus canadensis infaustus']]);
    expect(createSpeciesMatcher([jay], {}, taxonNames).match('Gray Jay')).toEqual({ record: jay, by: 'taxonomy' });
    // A trinomial falls back to its binomial, as eBird's own scientific names do.
    expect(createSpeciesMatcher([jay], {}, taxonNames).match('Whiskey Jack')).toEqual({ record: jay, by: 'taxonomy' });
    expect(createSpeciesMatcher([jay], {}, taxonNames).match('Canada Jay')).toEqual({ record: jay, by: 'common name' });
    // site.json's word wins: a mapping to a name the export lacks is not overridden by the taxonomy.
    expect(createSpeciesMatcher([jay], { 'Gray Jay': 'Steller’s Jay' }, taxonNames).match('Gray Jay')).toBeUndefined();
  });

  it('matches a common name two records share to neither', () => {
    const a = lifeRecordSchema.parse({ commonName: 'Sandpiper', scientificName: 'Calidris one', taxonOrder: 1, firstSeen: '2019-02-10' });
    const b = lifeRecordSchema.parse({ commonName: 'Sandpiper', scientificName: 'Calidris two', taxonOrder: 2, firstSeen: '2019-02-10' });
    expect(createSpeciesMatcher([a, b]).match('Sandpiper')).toBeUndefined();
    expect(createSpeciesMatcher([a, b]).match('Calidris two')).toEqual({ record: b, by: 'scientific name' });
  });

  const species = [record('Yellow-crowned Night-Heron', 'Nyctanassa violacea', 8760), record("Franklin's Gull", 'Leucophaeus pipixcan', 5700), record('Eurasian Nuthatch', 'Sitta europaea', 23000)];

  it('matches by normalised common name', () => {
    expect(createSpeciesMatcher(species).match('Yellow-crowned Night Heron')).toMatchObject({ record: species[0], by: 'common name' });
    expect(createSpeciesMatcher(species).match('franklins gull')).toMatchObject({ record: species[1], by: 'common name' });
  });

  it('matches a folder named with the scientific name, or a trinomial', () => {
    expect(createSpeciesMatcher(species).match('Sitta europaea')).toMatchObject({ record: species[2], by: 'scientific name' });
    expect(createSpeciesMatcher(species).match('Sitta europaea caesia')).toMatchObject({ record: species[2], by: 'scientific name' });
  });

  it('lets the explicit site.json map win, by common or scientific name', () => {
    const matcher = createSpeciesMatcher(species, { 'Wood Nuthatch': 'Eurasian Nuthatch', 'Night Heron': 'Nyctanassa violacea' });
    expect(matcher.match('Wood Nuthatch')).toMatchObject({ record: species[2], by: 'site.json' });
    expect(matcher.match('Night Heron')).toMatchObject({ record: species[0], by: 'site.json' });
  });

  it('does not fall back to the folder name when the explicit name is unknown', () => {
    const matcher = createSpeciesMatcher(species, { 'Eurasian Nuthatch': 'Nuthatch (Eurasian)' });
    expect(matcher.match('Eurasian Nuthatch')).toBeUndefined();
  });

  it('returns undefined for a species not in the list', () => {
    expect(createSpeciesMatcher(species).match('Snowy Owl')).toBeUndefined();
  });
});

describe('published life list schema', () => {
  it('refuses a location, coordinate, comment or checklist id on a record', () => {
    const base = record('Mallard', 'Anas platyrhynchos', 472);
    expect(lifeRecordSchema.safeParse(base).success).toBe(true);
    for (const extra of [{ location: '123 Maple St, backyard' }, { latitude: 35.1 }, { comments: 'x' }, { submissionId: 'S1' }]) {
      expect(lifeRecordSchema.safeParse({ ...base, ...extra }).success).toBe(false);
    }
  });

  it('refuses a bad date or region code', () => {
    expect(lifeRecordSchema.safeParse({ ...record('Mallard', 'Anas platyrhynchos', 472), firstSeen: '2021-02-30' }).success).toBe(false);
    expect(lifeRecordSchema.safeParse({ ...record('Mallard', 'Anas platyrhynchos', 472), firstRegion: 'Dare County' }).success).toBe(false);
  });

  it('checks count, growth and taxonomic order agree', () => {
    const species = [record('Mallard', 'Anas platyrhynchos', 472, '2019-04-02'), record('Great Egret', 'Ardea alba', 8600, '2021-06-01')];
    const growth = growthByYear(species);
    expect(growth).toEqual([
      { year: 2019, added: 1 },
      { year: 2020, added: 0 },
      { year: 2021, added: 1 },
    ]);
    expect(lifeListRecordsSchema.safeParse({ observedCount: 2, species, growth }).success).toBe(true);
    expect(lifeListRecordsSchema.safeParse({ observedCount: 3, species, growth }).success).toBe(false);
    expect(lifeListRecordsSchema.safeParse({ observedCount: 2, species: [...species].reverse(), growth }).success).toBe(false);
    expect(growthByYear([])).toEqual([]);
  });
});
