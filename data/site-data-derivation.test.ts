import { describe, expect, it } from 'vitest';
import { siteDataPaths, levelDataSchema, notPhotographedDataSchema, searchDataSchema, speciesDataSchema } from './site-data-schemas.ts';
import { siteDataFiles } from './site-data-derivation.ts';
import { fixtureLifeList, fixtureManifests, fixtureManifestsWithTaxonomy, LIFE_RECORDS, MALLARD, photos, WOOD_DUCK } from '../harness/fixture-site.ts';

/** data/site-data-derivation.ts with and without the eBird life list: what the ingest writes and the fixtures serve. */
const species = (files: Map<string, unknown>, name: string) => speciesDataSchema.parse(files.get(siteDataPaths.species(name)));
const level = (files: Map<string, unknown>, segments: string[]) => levelDataSchema.parse(files.get(siteDataPaths.level(segments)));

describe('per-page data with an eBird life list', () => {
  const files = siteDataFiles(fixtureManifests(), fixtureLifeList());

  it("gives a matched species page its scientific name, first day and region seen, and its first day photographed", () => {
    const duck = species(files, 'Wood Duck');
    expect(duck.sighting).toEqual({ scientificName: 'Aix sponsa', firstSeen: '2005-04-02', firstRegion: 'US-NC', firstPlace: 'North Carolina, United States' });
    expect(duck.firstPhotographed).toBe('2024-05-17');
    // The warbler's folder is not in the export: no sighting, the page is as before.
    expect(species(files, 'Ménétries’s Warbler').sighting).toBeUndefined();
  });

  it("gives each card its first species' taxonomic order, and marks species walls", () => {
    const root = level(files, []);
    if (root.kind !== 'folders') throw new Error('the root is a folder level');
    expect(root.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Anseriformes', 280],
      ['Charadriiformes', 5500],
      ['Passeriformes', undefined],
    ]);
    const ducks = level(files, WOOD_DUCK.slice(0, 2));
    if (ducks.kind !== 'folders') throw new Error('the family is a folder level');
    expect(ducks.cards.map((c) => [c.name, c.taxonOrder, c.species])).toEqual([
      ['Mallard', 330, true],
      ['Wood Duck', 280, true],
    ]);
    expect(root.cards.every((c) => c.species === undefined)).toBe(true);
  });

  it('lists the species not photographed in taxonomic order, with only names, day and region', () => {
    const data = notPhotographedDataSchema.parse(files.get(siteDataPaths.notPhotographed));
    expect(data.observed).toBe(5);
    expect(data.species).toEqual([
      { commonName: 'American Black Duck', scientificName: 'Anas rubripes', firstSeen: '2007-12-30', firstRegion: 'US-MD', firstPlace: 'Maryland, United States' },
      { commonName: 'Sandhill Crane', scientificName: 'Antigone canadensis', firstSeen: '2007-02-11' },
    ]);
  });

  it('lists every species page for the search box, with the scientific name when the export has one', () => {
    const data = searchDataSchema.parse(files.get(siteDataPaths.search));
    expect(data.species).toEqual([
      { name: "Franklin's Gull", scientificName: LIFE_RECORDS.gull.scientificName },
      { name: 'Mallard', scientificName: LIFE_RECORDS.mallard.scientificName },
      { name: 'Ménétries’s Warbler' },
      { name: 'Wood Duck', scientificName: LIFE_RECORDS.woodDuck.scientificName },
    ]);
  });

  it('leaves out a first day photographed when no photo has a date', () => {
    const manifests = fixtureManifests();
    manifests.photoIndex.photos[photos.mallard.id] = { ...photos.mallard, takenOn: null };
    expect(species(siteDataFiles(manifests, fixtureLifeList()), MALLARD.at(-1)!).firstPhotographed).toBeUndefined();
  });
});

describe('per-page data without an eBird export', () => {
  const files = siteDataFiles(fixtureManifests());

  it('writes no not-yet-photographed file, no sightings and no taxonomic order', () => {
    expect(files.has(siteDataPaths.notPhotographed)).toBe(false);
    expect(species(files, 'Wood Duck').sighting).toBeUndefined();
    const root = level(files, []);
    if (root.kind !== 'folders') throw new Error('the root is a folder level');
    expect(root.cards.some((c) => c.taxonOrder !== undefined)).toBe(false);
  });

  it('still lists every species page for the search box, by common name', () => {
    expect(searchDataSchema.parse(files.get(siteDataPaths.search)).species.map((s) => s.name)).toEqual(["Franklin's Gull", 'Mallard', 'Ménétries’s Warbler', 'Wood Duck']);
  });

  it('differs from the files with the life list only in the life list parts', () => {
    const withLife = siteDataFiles(fixtureManifests(), fixtureLifeList());
    // The life list's own files: the not-yet-photographed page and the table of lists (the fixture's records carry no years or regions, so no list pages).
    expect([...withLife.keys()].filter((k) => !files.has(k)).sort()).toEqual([siteDataPaths.lists, siteDataPaths.notPhotographed]);
    expect(withLife.get(siteDataPaths.home)).toEqual(files.get(siteDataPaths.home));
    expect(withLife.get(siteDataPaths.credits)).toEqual(files.get(siteDataPaths.credits));
  });
});

describe('per-page data without an eBird export, the species found in the bird taxonomy', () => {
  const files = siteDataFiles(fixtureManifestsWithTaxonomy());

  it("gives each card its first species' place in the taxonomy's sequence; a folder of species it does not know has none", () => {
    const root = level(files, []);
    if (root.kind !== 'folders') throw new Error('the root is a folder level');
    expect(root.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Anseriformes', 300],
      ['Charadriiformes', 100],
      ['Passeriformes', undefined],
    ]);
    const ducks = level(files, WOOD_DUCK.slice(0, 2));
    if (ducks.kind !== 'folders') throw new Error('the family is a folder level');
    expect(ducks.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Mallard', 300],
      ['Wood Duck', 400],
    ]);
  });

  it("uses the eBird export's order, never the taxonomy's, when there is an export", () => {
    const root = level(siteDataFiles(fixtureManifestsWithTaxonomy(), fixtureLifeList()), []);
    if (root.kind !== 'folders') throw new Error('the root is a folder level');
    expect(root.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Anseriformes', 280],
      ['Charadriiformes', 5500],
      ['Passeriformes', undefined],
    ]);
  });

  it('still writes no life list files', () => {
    expect(files.has(siteDataPaths.notPhotographed)).toBe(false);
    expect(files.has(siteDataPaths.lists)).toBe(false);
  });
});

describe('per-page data with local bird names (the ingest gave them from the taxonomy)', () => {
  const BRAUTENTE = { name: 'Brautente', lang: 'de' };
  const DUNKELENTE = { name: 'Dunkelente', lang: 'de' };
  const manifests = fixtureManifests();
  for (const [id, photo] of Object.entries(manifests.photoIndex.photos)) if (photo.species === 'Wood Duck') manifests.photoIndex.photos[id] = { ...photo, localName: BRAUTENTE };
  const life = fixtureLifeList();
  const named = (record: (typeof life.records.species)[number]) =>
    record.scientificName === LIFE_RECORDS.woodDuck.scientificName ? { ...record, localName: BRAUTENTE } : record.scientificName === LIFE_RECORDS.blackDuck.scientificName ? { ...record, localName: DUNKELENTE } : record;
  const files = siteDataFiles(manifests, { ...life, records: { ...life.records, species: life.records.species.map(named) }, bySpecies: new Map([...life.bySpecies].map(([k, r]) => [k, named(r)])) });

  it('names the species page, its photos, its card and its search entry; the key and URL stay English', () => {
    const duck = species(files, 'Wood Duck');
    expect(duck.localName).toEqual(BRAUTENTE);
    expect(duck.photos.map((p) => p.localName)).toEqual(duck.photos.map(() => BRAUTENTE));
    const card = level(files, WOOD_DUCK.slice(0, -1));
    expect(card.kind === 'folders' && card.cards.find((c) => c.name === 'Wood Duck')?.localName).toEqual(BRAUTENTE);
    const search = searchDataSchema.parse(files.get(siteDataPaths.search));
    expect(search.species.find((s) => s.name === 'Wood Duck')).toMatchObject({ localName: BRAUTENTE });
    expect(search.species.find((s) => s.name === 'Mallard')?.localName).toBeUndefined();
  });

  it('names the species not photographed, and leaves those without a local name English', () => {
    const data = notPhotographedDataSchema.parse(files.get(siteDataPaths.notPhotographed));
    expect(data.species.map((s) => [s.commonName, s.localName?.name])).toEqual([
      ['American Black Duck', 'Dunkelente'],
      ['Sandhill Crane', undefined],
    ]);
  });
});
