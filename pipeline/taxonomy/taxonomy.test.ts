import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTaxonomy, taxonomyFrom, type TaxonomySpecies } from './taxonomy.ts';
import { formatTaxonomyFile } from './library-file.ts';
import { readSourceCsv } from './source-formats.ts';
import { readFile } from 'node:fs/promises';

const species = (scientificName: string, englishName: string, family: [string, string], order: string, sequence: number, otherEnglishNames: string[] = []): TaxonomySpecies => ({
  code: scientificName.split(' ').map((w) => w.slice(0, 3)).join('').toLowerCase(),
  scientificName,
  englishName,
  otherEnglishNames,
  order,
  family: family[0],
  familyEnglish: family[1],
  sequence,
});

const CORVIDS: [string, string] = ['Corvidae', 'Crows, Jays'];
const HERONS: [string, string] = ['Ardeidae', 'Herons, Bitterns'];
const HAWKS: [string, string] = ['Accipitridae', 'Hawks, Eagles, Kites'];
const SPECIES = [
  species('Perisoreus canadensis', 'Canada Jay', CORVIDS, 'Passeriformes', 30, ['Grey Jay']),
  species('Cyanocitta cristata', 'Blue Jay', CORVIDS, 'Passeriformes', 31),
  species('Nycticorax nycticorax', 'Black-crowned Night Heron', HERONS, 'Pelecaniformes', 10),
  species('Circus maillardi', 'Réunion Harrier', HAWKS, 'Accipitriformes', 20, ['Reunion Harrier']),
  species('Astur cooperii', "Cooper's Hawk", HAWKS, 'Accipitriformes', 21),
  species('Anser anser', 'Greylag Goose', ['Anatidae', 'Ducks, Geese, Swans'], 'Anseriformes', 5, ['Graylag Goose']),
];
const taxonomy = taxonomyFrom(SPECIES, 'Test checklist v1');

describe('taxonomyFrom', () => {
  it('lists the species in field-guide order and keeps the source', () => {
    expect(taxonomy.source).toBe('Test checklist v1');
    expect(taxonomy.species.map((s) => s.sequence)).toEqual([5, 10, 20, 21, 30, 31]);
  });

  it('matches the current English name', () => {
    expect(taxonomy.match('Canada Jay')).toEqual({ species: SPECIES[0], by: 'english' });
  });

  it('matches another English name the source carries', () => {
    expect(taxonomy.match('Grey Jay')).toEqual({ species: SPECIES[0], by: 'other-english' });
    expect(taxonomy.match('Graylag Goose')?.species.englishName).toBe('Greylag Goose');
  });

  it('matches the scientific name, and a trinomial or group by its binomial', () => {
    expect(taxonomy.match('Perisoreus canadensis')).toEqual({ species: SPECIES[0], by: 'scientific' });
    expect(taxonomy.match('Perisoreus canadensis canadensis')?.species.englishName).toBe('Canada Jay');
    expect(taxonomy.match('Perisoreus canadensis [canadensis Group]')?.species.englishName).toBe('Canada Jay');
  });

  it('ignores case, accents, hyphens, apostrophes and spacing', () => {
    expect(taxonomy.match('black crowned night-heron')?.species.scientificName).toBe('Nycticorax nycticorax');
    expect(taxonomy.match('  Black-Crowned  Night  Heron ')?.species.scientificName).toBe('Nycticorax nycticorax');
    expect(taxonomy.match('reunion harrier')).toEqual({ species: SPECIES[3], by: 'english' });
    expect(taxonomy.match('Coopers Hawk')?.species.scientificName).toBe('Astur cooperii');
    expect(taxonomy.match('Cooper’s Hawk')?.species.scientificName).toBe('Astur cooperii');
    expect(taxonomy.match('PERISOREUS CANADENSIS')?.by).toBe('scientific');
  });

  it('matches nothing for an unknown name, and names the closest species', () => {
    expect(taxonomy.match('Gray Jay')).toBeUndefined();
    // Greylag Goose is third by its other name, Graylag Goose.
    expect(taxonomy.closest('Gray Jay')).toEqual(['Canada Jay', 'Blue Jay', 'Greylag Goose']);
    expect(taxonomy.closest('Coopers Hwak', 1)).toEqual(["Cooper's Hawk"]);
    // A misspelt scientific name is near its species too.
    expect(taxonomy.closest('Perisoreus canadenis', 1)).toEqual(['Canada Jay']);
  });

  it('finds an order by its scientific name, in any case', () => {
    expect(taxonomy.order('passeriformes')).toBe('Passeriformes');
    expect(taxonomy.order('Accipitriformes')).toBe('Accipitriformes');
    expect(taxonomy.order('Perching Birds')).toBeUndefined();
  });

  it('finds a family by its scientific or English name', () => {
    expect(taxonomy.family('Corvidae')).toEqual({ scientific: 'Corvidae', english: 'Crows, Jays' });
    expect(taxonomy.family('crows, JAYS')).toEqual({ scientific: 'Corvidae', english: 'Crows, Jays' });
    expect(taxonomy.family('Hawks, Eagles, Kites')?.scientific).toBe('Accipitridae');
    expect(taxonomy.family('Tyrant Flycatchers')).toBeUndefined();
  });

  it('does not pick a species for an other name two species share', () => {
    // After a split, both daughter species may carry the parent's former name.
    const split = taxonomyFrom(
      [
        species('Aphelocoma californica', 'California Scrub-Jay', CORVIDS, 'Passeriformes', 1, ['Western Scrub-Jay']),
        species('Aphelocoma woodhouseii', "Woodhouse's Scrub-Jay", CORVIDS, 'Passeriformes', 2, ['Western Scrub-Jay']),
      ],
      'split',
    );
    expect(split.match('Western Scrub-Jay')).toBeUndefined();
    expect(split.ambiguous('western scrub jay').map((s) => s.englishName)).toEqual(['California Scrub-Jay', "Woodhouse's Scrub-Jay"]);
    expect(split.ambiguous('California Scrub-Jay')).toEqual([]);
    expect(split.match('California Scrub-Jay')?.by).toBe('english');
  });

  it("prefers a species' current English name to another species' former name", () => {
    const renamed = taxonomyFrom(
      [species('Anas one', 'Old Teal', ['Anatidae', 'Ducks'], 'Anseriformes', 1), species('Anas two', 'New Teal', ['Anatidae', 'Ducks'], 'Anseriformes', 2, ['Old Teal'])],
      'renamed',
    );
    expect(renamed.match('Old Teal')).toEqual({ species: renamed.species[0], by: 'english' });
    expect(renamed.ambiguous('Old Teal')).toEqual([]);
  });

  it('does not pick a family for an English name two families share', () => {
    const shared = taxonomyFrom(
      [species('Genusa one', 'Bird One', ['Alphaidae', 'Babblers'], 'Passeriformes', 1), species('Genusb two', 'Bird Two', ['Betaidae', 'Babblers'], 'Passeriformes', 2)],
      'shared',
    );
    expect(shared.family('Babblers')).toBeUndefined();
    expect(shared.family('Betaidae')).toEqual({ scientific: 'Betaidae', english: 'Babblers' });
  });

  it('does not pick a species for a current English name two species share', () => {
    const twice = taxonomyFrom(
      [species('Genusa one', 'Same Bird', ['Alphaidae', 'Alphas'], 'Passeriformes', 1), species('Genusb two', 'Other Bird', ['Alphaidae', 'Alphas'], 'Passeriformes', 2, ['Same Bird']), species('Genusc three', 'Same Bird', ['Alphaidae', 'Alphas'], 'Passeriformes', 3)],
      'twice',
    );
    expect(twice.match('Same Bird')).toBeUndefined();
    expect(twice.ambiguous('same bird').map((s) => s.scientificName)).toEqual(['Genusa one', 'Genusc three']);
  });

  it('rejects a family given two English names or two orders', () => {
    expect(() => taxonomyFrom([SPECIES[0]!, { ...SPECIES[1]!, familyEnglish: 'Jays' }], 'families')).toThrow(
      "families: Cyanocitta cristata puts Corvidae in Passeriformes as 'Jays', an earlier species in Passeriformes as 'Crows, Jays'",
    );
    expect(() => taxonomyFrom([SPECIES[0]!, { ...SPECIES[1]!, order: 'Corviformes' }], 'orders')).toThrow('orders: Cyanocitta cristata puts Corvidae in Corviformes');
  });

  it('rejects a scientific name listed twice', () => {
    expect(() => taxonomyFrom([SPECIES[0]!, { ...SPECIES[1]!, scientificName: 'Perisoreus canadensis' }], 'twice')).toThrow('twice: Perisoreus canadensis is listed twice');
  });
});

describe('loadTaxonomy', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'taxonomy-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const header = { source: 'Test checklist', edition: 'v1', from: 'test.csv', retrieved: '2025-10-30' };

  it("reads a library's file once and shares the result, with its header and credit", async () => {
    const file = path.join(dir, 'good.tsv');
    await writeFile(file, formatTaxonomyFile(header, SPECIES));
    const first = loadTaxonomy(file);
    const second = loadTaxonomy(file);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(a.source).toBe('Test checklist, v1');
    expect(a.header).toEqual(header);
    expect(a.credit).toEqual({ source: 'Test checklist', edition: 'v1' });
    expect(a.species).toEqual([...SPECIES].sort((x, y) => x.sequence - y.sequence));
    expect(a.match('Grey Jay')?.species.scientificName).toBe('Perisoreus canadensis');
  });

  it('fails on a missing file and tries again on the next call', async () => {
    const file = path.join(dir, 'later.tsv');
    await expect(loadTaxonomy(file)).rejects.toThrow('ENOENT');
    await writeFile(file, formatTaxonomyFile(header, SPECIES));
    await expect(loadTaxonomy(file)).resolves.toHaveProperty('source', 'Test checklist, v1');
  });

  it('names the file, line and fault of a bad row', async () => {
    const file = path.join(dir, 'bad.tsv');
    const lines = formatTaxonomyFile(header, SPECIES).split('\n');
    lines[5] = lines[5]!.replace('Anseriformes', 'anseriformes');
    await writeFile(file, lines.join('\n'));
    await expect(loadTaxonomy(file)).rejects.toThrow(`${file}:6: `);
    await expect(loadTaxonomy(file)).rejects.toThrow('must be one capitalised word such as Passeriformes');
  });
});

// The real eBird/Clements v2025 taxonomy, kept outside the project for tests only.
const SHARED = fileURLToPath(new URL('../../../shared/taxonomy/ebird-taxonomy-v2025.csv', import.meta.url));
if (!existsSync(SHARED)) console.warn(`skipped: the real taxonomy's tests (${SHARED} is absent)`);
describe.skipIf(!existsSync(SHARED))('the real eBird/Clements v2025 taxonomy (../shared/taxonomy)', () => {
  it("reads in auk's layout: 11,167 species with every field set, matched by current, scientific and family names", async () => {
    const read = readSourceCsv(await readFile(SHARED, 'utf8'), SHARED);
    expect(read.layout).toBe('auk');
    expect(read.species).toHaveLength(11_167);
    const real = taxonomyFrom(read.species, 'eBird/Clements, v2025');
    for (const s of real.species) {
      for (const value of [s.code, s.scientificName, s.englishName, s.order, s.family, s.familyEnglish]) expect(value).not.toBe('');
      expect(s.sequence).toBeGreaterThan(0);
    }
    expect(new Set(real.species.map((s) => s.order)).size).toBe(45);
    expect(new Set(real.species.map((s) => s.family)).size).toBe(251);
    expect(real.match('Canada Jay')?.species.scientificName).toBe('Perisoreus canadensis');
    expect(real.match('perisoreus canadensis')?.species.code).toBe('gryjay');
    expect(real.family('Wrens')?.scientific).toBe('Troglodytidae');
  });
});
