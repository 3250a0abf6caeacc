import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatTaxonomyFile, parseTaxonomyFile } from './library-file.ts';
import { editionInName, readSourceCsv } from './source-formats.ts';

// Hand-made files of a few rows each, in each publisher's own header spelling (not extracts of the real files).
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const AVILIST = fixture('avilist-sample.csv');
const EBIRD = fixture('ebird-taxonomy-v2025-sample.csv');
const EBIRD_2021 = fixture('ebird-taxonomy-2021-sample.csv');
const EBIRD_API = fixture('ebird-api-sample.csv');
const AUK = fixture('auk-sample.csv');

describe('readSourceCsv', () => {
  it('keeps only the species of an AviList CSV (BOM, CRLF), with order and family and the other checklists’ names', async () => {
    const read = readSourceCsv(await readFile(AVILIST, 'utf8'), AVILIST);
    expect(read.layout).toBe('avilist');
    expect(read.publisher.source).toBe('AviList: The Global Avian Checklist');
    expect(read.skipped).toEqual({ order: 5, family: 7, genus: 1, subspecies: 3 });
    expect(read.species.map((s) => s.scientificName)).toEqual([
      'Struthio camelus',
      'Anser anser',
      'Aix sponsa',
      'Anas platyrhynchos',
      'Nycticorax nycticorax',
      'Circus maillardi',
      'Astur cooperii',
      'Buteo jamaicensis',
      'Perisoreus canadensis',
      'Cyanocitta cristata',
      'Poecile atricapillus',
      'Thryothorus ludovicianus',
    ]);
    const byName = new Map(read.species.map((s) => [s.scientificName, s]));
    expect(byName.get('Perisoreus canadensis')).toEqual({
      code: 'gryjay',
      scientificName: 'Perisoreus canadensis',
      englishName: 'Canada Jay',
      otherEnglishNames: ['Grey Jay'],
      order: 'Passeriformes',
      family: 'Corvidae',
      familyEnglish: 'Crows, Jays',
      sequence: 22,
    });
    expect(byName.get('Anser anser')?.otherEnglishNames).toEqual(['Graylag Goose']);
    // Names that differ only by hyphens or accents are one name, not another.
    expect(byName.get('Nycticorax nycticorax')?.otherEnglishNames).toEqual([]);
    expect(byName.get('Circus maillardi')?.otherEnglishNames).toEqual([]);
  });

  it('keeps only the species of the yearly eBird/Clements CSV, its family split into scientific and English names', async () => {
    const read = readSourceCsv(await readFile(EBIRD, 'utf8'), EBIRD);
    expect(read.layout).toBe('ebird-download');
    expect(read.publisher.source).toBe('eBird/Clements Checklist of Birds of the World');
    expect(read.skipped).toEqual({ domestic: 1, issf: 1, intergrade: 1, hybrid: 1, slash: 1, spuh: 1, form: 1 });
    expect(read.species.map((s) => s.englishName)).toEqual(['Common Ostrich', 'Graylag Goose', 'Wood Duck', 'Mallard', 'Canada Jay', 'Blue Jay', 'Carolina Wren']);
    expect(read.species[1]).toEqual({
      code: 'gragoo',
      concept: 'avibase-BE5B6E7C',
      scientificName: 'Anser anser',
      englishName: 'Graylag Goose',
      otherEnglishNames: [],
      order: 'Anseriformes',
      family: 'Anatidae',
      familyEnglish: 'Ducks, Geese, and Waterfowl',
      sequence: 255,
    });
  });

  it("reads the eBird API's CSV (what `npm run taxonomy` fetches): codes, no concepts, the family in two columns", async () => {
    const read = readSourceCsv(await readFile(EBIRD_API, 'utf8'), EBIRD_API);
    expect(read.layout).toBe('ebird-api');
    expect(read.skipped).toEqual({ issf: 1, spuh: 1 });
    expect(read.species.map((s) => s.code)).toEqual(['ostric2', 'mallar3', 'rocwre', 'canwre', 'gryjay']);
    expect(read.species.at(-1)).toEqual({ code: 'gryjay', scientificName: 'Perisoreus canadensis', englishName: 'Canada Jay', otherEnglishNames: [], order: 'Passeriformes', family: 'Corvidae', familyEnglish: 'Crows, Jays, and Magpies', sequence: 21102 });
  });

  it('reads a yearly eBird/Clements CSV from before 2022 (ORDER1, no TAXON_CONCEPT_ID)', async () => {
    const read = readSourceCsv(await readFile(EBIRD_2021, 'utf8'), EBIRD_2021);
    expect(read.layout).toBe('ebird-download');
    expect(read.species.map((s) => `${s.code} ${s.order} ${s.family}`)).toEqual(['ostric2 Struthioniformes Struthionidae', 'mallar3 Anseriformes Anatidae', 'norgos Accipitriformes Accipitridae', 'gryjay Passeriformes Corvidae']);
    expect(read.species.every((s) => s.concept === undefined)).toBe(true);
  });

  it("reads auk's preparation (lower-case headers, the family's names in two columns)", async () => {
    const read = readSourceCsv(await readFile(AUK, 'utf8'), AUK);
    expect(read.layout).toBe('auk');
    expect(read.skipped).toEqual({ issf: 1 });
    expect(read.species[1]).toEqual({ code: 'mallar3', concept: 'avibase-BD84A5D6', scientificName: 'Anas platyrhynchos', englishName: 'Mallard', otherEnglishNames: [], order: 'Anseriformes', family: 'Anatidae', familyEnglish: 'Ducks, Geese, and Waterfowl', sequence: 476 });
  });

  it('finds the edition in a file or URL name', () => {
    expect(editionInName('eBird_taxonomy_v2025.csv')).toBe('v2025');
    expect(editionInName('AviList-v2025-11Jun-extended.csv')).toBe('v2025');
    expect(editionInName('https://api.ebird.org/v2/ref/taxonomy/ebird?fmt=csv&version=2024')).toBe('v2024');
    expect(editionInName('https://api.ebird.org/v2/ref/taxonomy/ebird?fmt=csv')).toBeUndefined();
    expect(editionInName('taxonomy.csv')).toBeUndefined();
  });

  it('names the line and the missing field of a species row it cannot use', () => {
    const csv = ['TAXON_ORDER,CATEGORY,SPECIES_CODE,PRIMARY_COM_NAME,SCI_NAME,ORDER,FAMILY', '1,species,ostric2,Common Ostrich,Struthio camelus,Struthioniformes,Struthionidae (Ostriches)', '2,species,grerhe1,,Rhea americana,Rheiformes,Rheidae (Rheas)', '3,spuh,rhea1,,Rhea sp.,Rheiformes,Rheidae (Rheas)'].join('\n');
    expect(() => readSourceCsv(csv, 'broken.csv')).toThrow('broken.csv: 1 species row(s) unusable:\n  line 3: Rhea americana has no English name');
  });

  it('names the columns of a CSV it does not know', () => {
    expect(() => readSourceCsv('Name,Latin\nCanada Jay,Perisoreus canadensis\n', 'other.csv')).toThrow("other.csv: not a bird taxonomy this program reads (the eBird API's CSV, the yearly eBird/Clements CSV, auk's, or AviList's); its first line has Name, Latin");
  });

  it('names the line of a species row cut short (an interrupted download)', () => {
    const csv = 'TAXON_ORDER,CATEGORY,SPECIES_CODE,PRIMARY_COM_NAME,SCI_NAME,ORDER,FAMILY\n1,species,ostric2,Common Ostrich,Struthio camelus,Struthioniformes,Struthionidae (Ostriches)\n2,species,grerhe1,Greater Rhea,Rhea amer';
    expect(() => readSourceCsv(csv, 'cut.csv')).toThrow('cut.csv: 1 species row(s) unusable:\n  line 3: Rhea amer is cut part-way (5 of the 7 columns)');
  });

  it('refuses a row cut part-way in every layout, even where the columns it lacks are not read, and whatever its kind', async () => {
    const api = (await readFile(EBIRD_API, 'utf8')).trimEnd();
    // The last row loses its trailing columns (REPORT_AS … FAMILY_CODE), which the reader does not use: still a cut file.
    const cut = api.slice(0, api.lastIndexOf('Corvidae') + 'Corvidae'.length);
    expect(() => readSourceCsv(cut, 'api-cut.csv')).toThrow(/line \d+: Perisoreus canadensis is cut part-way \(11 of the 15 columns\)/);
    const avilist = (await readFile(AVILIST, 'utf8')).split(/\r?\n/);
    const cutOrder = [...avilist.slice(0, 2), '6,order,Anserif'].join('\n');
    expect(() => readSourceCsv(cutOrder, 'avilist-cut.csv')).toThrow('line 3: order is cut part-way (3 of the 11 columns)');
  });
});

describe("a library's taxonomy file", () => {
  const header = { source: 'AviList: The Global Avian Checklist', edition: 'v2025', from: 'avilist-sample.csv', retrieved: '2025-06-11' };

  it('is the same bytes for the same species in any order, and reads back as written', async () => {
    const { species } = readSourceCsv(await readFile(AVILIST, 'utf8'), AVILIST);
    const text = formatTaxonomyFile(header, species);
    expect(formatTaxonomyFile(header, [...species].reverse())).toBe(text);
    const parsed = parseTaxonomyFile(text, 'sample.tsv');
    expect(parsed.header).toEqual(header);
    expect(parsed.species).toEqual(species);
    expect(parseTaxonomyFile(text.replace(/\n/g, '\r\n'), 'crlf.tsv')).toEqual(parsed);
    expect(text.split('\n').slice(0, 5)).toEqual([
      '#source\tAviList: The Global Avian Checklist',
      '#edition\tv2025',
      '#from\tavilist-sample.csv',
      '#retrieved\t2025-06-11',
      'sequence\tcode\tconcept\tscientific_name\tenglish_name\tlocal_name\tother_english_names\torder\tfamily\tfamily_english',
    ]);
  });

  it('keeps the names fetched in another language, and says which', async () => {
    const { species } = readSourceCsv(await readFile(AUK, 'utf8'), AUK);
    const local = species.map((s) => (s.code === 'mallar3' ? { ...s, localName: 'Ánade Real' } : s));
    const parsed = parseTaxonomyFile(formatTaxonomyFile({ ...header, locale: 'es' }, local), 'es.tsv');
    expect(parsed.header.locale).toBe('es');
    expect(parsed.species.find((s) => s.code === 'mallar3')?.localName).toBe('Ánade Real');
  });

  it('refuses a name it could not hold in a column, and a species code listed twice', () => {
    const jay = { code: 'gryjay', scientificName: 'Perisoreus canadensis', englishName: 'Canada Jay', otherEnglishNames: [], order: 'Passeriformes', family: 'Corvidae', familyEnglish: 'Crows', sequence: 1 };
    expect(() => formatTaxonomyFile(header, [{ ...jay, englishName: 'Canada\tJay' }])).toThrow('no tab');
    expect(() => formatTaxonomyFile(header, [jay, { ...jay, scientificName: 'Cyanocitta cristata', sequence: 2 }])).toThrow('species code gryjay is listed twice');
  });

  it('names the line of a row with the wrong number of columns', () => {
    const text = formatTaxonomyFile(header, []) + '1\tA b\n';
    expect(() => parseTaxonomyFile(text, 'short.tsv')).toThrow('short.tsv:6: expected 10 tab-separated columns, found 2');
  });
});
