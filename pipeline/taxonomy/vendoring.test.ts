import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSourceCsv } from './source-formats.ts';
import { taxonomyFrom } from './taxonomy.ts';
import { formatTaxonomyFile, parseTaxonomyFile } from './vendored-file.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const AVILIST = fixture('avilist-sample.csv');
const EBIRD = fixture('ebird-taxonomy-sample.csv');
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

describe('readSourceCsv', () => {
  it('keeps only the species of an AviList CSV (BOM, CRLF), with order and family and the other checklists’ names', async () => {
    const read = readSourceCsv(await readFile(AVILIST, 'utf8'), AVILIST);
    expect(read.format).toBe('avilist');
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

  it('keeps only the species of an eBird taxonomy CSV, its family split into scientific and English names', async () => {
    const read = readSourceCsv(await readFile(EBIRD, 'utf8'), EBIRD);
    expect(read.format).toBe('ebird');
    expect(read.skipped).toEqual({ domestic: 1, issf: 1, intergrade: 1, hybrid: 1, slash: 1, spuh: 1, form: 1 });
    expect(read.species.map((s) => s.englishName)).toEqual(['Common Ostrich', 'Graylag Goose', 'Wood Duck', 'Mallard', 'Canada Jay', 'Blue Jay', 'Carolina Wren']);
    expect(read.species[1]).toEqual({
      scientificName: 'Anser anser',
      englishName: 'Graylag Goose',
      otherEnglishNames: [],
      order: 'Anseriformes',
      family: 'Anatidae',
      familyEnglish: 'Ducks, Geese, and Waterfowl',
      sequence: 255,
    });
  });

  it('reads the column layout of the eBird API’s taxonomy CSV too', () => {
    const csv = [
      'SCIENTIFIC_NAME,COMMON_NAME,SPECIES_CODE,CATEGORY,TAXON_ORDER,ORDER,FAMILY_COM_NAME,FAMILY_SCI_NAME,REPORT_AS',
      'Perisoreus canadensis,Canada Jay,canjay,species,21102,Passeriformes,"Crows, Jays, and Magpies",Corvidae,',
      'Corvus sp.,crow sp.,crow,spuh,21500,Passeriformes,"Crows, Jays, and Magpies",Corvidae,',
    ].join('\n');
    expect(readSourceCsv(csv, 'api.csv').species).toEqual([
      { scientificName: 'Perisoreus canadensis', englishName: 'Canada Jay', otherEnglishNames: [], order: 'Passeriformes', family: 'Corvidae', familyEnglish: 'Crows, Jays, and Magpies', sequence: 21102 },
    ]);
  });

  it('names the line and the missing field of a species row it cannot use', () => {
    const csv = ['TAXON_ORDER,CATEGORY,PRIMARY_COM_NAME,SCI_NAME,ORDER,FAMILY', '1,species,Common Ostrich,Struthio camelus,Struthioniformes,Struthionidae (Ostriches)', '2,species,,Rhea americana,Rheiformes,Rheidae (Rheas)', '3,spuh,,Rhea sp.,Rheiformes,Rheidae (Rheas)'].join('\n');
    expect(() => readSourceCsv(csv, 'broken.csv')).toThrow('broken.csv: 1 species row(s) unusable:\n  line 3: Rhea americana has no English name');
  });

  it('names the columns of a CSV it does not know', () => {
    expect(() => readSourceCsv('Name,Latin\nCanada Jay,Perisoreus canadensis\n', 'other.csv')).toThrow('other.csv: neither an AviList CSV');
  });
});

describe('the vendored file', () => {
  const header = { source: 'AviList sample', licence: 'CC BY 4.0', input: 'avilist-sample.csv sha256:00' };

  it('is the same bytes for the same species in any order, and reads back as written', async () => {
    const { species } = readSourceCsv(await readFile(AVILIST, 'utf8'), AVILIST);
    const text = formatTaxonomyFile(header, species);
    expect(formatTaxonomyFile(header, [...species].reverse())).toBe(text);
    const parsed = parseTaxonomyFile(text, 'sample.tsv');
    expect(parsed.header).toEqual(header);
    expect(parsed.species).toEqual(species);
    expect(parseTaxonomyFile(text.replace(/\n/g, '\r\n'), 'crlf.tsv')).toEqual(parsed);
    expect(formatTaxonomyFile({ input: header.input, licence: header.licence, source: header.source }, species)).toBe(text);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '#source\tAviList sample',
      '#licence\tCC BY 4.0',
      '#input\tavilist-sample.csv sha256:00',
      'sequence\tscientific_name\tenglish_name\tother_english_names\torder\tfamily\tfamily_english',
    ]);
  });

  it('refuses a name it could not hold in a column', () => {
    const bad = { scientificName: 'Perisoreus canadensis', englishName: 'Canada\tJay', otherEnglishNames: [], order: 'Passeriformes', family: 'Corvidae', familyEnglish: 'Crows', sequence: 1 };
    expect(() => formatTaxonomyFile(header, [bad])).toThrow('no tab');
  });

  it('names the line of a row with the wrong number of columns', () => {
    expect(() => parseTaxonomyFile('#source\ts\n#licence\tl\n#input\ti\nsequence\tscientific_name\tenglish_name\tother_english_names\torder\tfamily\tfamily_english\n1\tA b\n', 'short.tsv')).toThrow(
      'short.tsv:5: expected 7 tab-separated columns, found 2',
    );
  });
});

describe('scripts/vendor-taxonomy.ts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vendor-taxonomy-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const script = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/vendor-taxonomy.ts', ...args], { cwd: ROOT });

  it('writes the file from a checklist, the same bytes every time, and --check confirms it', async () => {
    const out = path.join(dir, 'taxonomy.tsv');
    const { stdout } = await script(AVILIST, '--source', 'AviList sample', '--out', out);
    expect(stdout).toContain('12 species (2 with other English names), 7 families, 5 orders; left out: 5 order, 7 family, 1 genus, 3 subspecies');
    const first = await readFile(out, 'utf8');
    await script(AVILIST, '--source', 'AviList sample', '--out', out);
    expect(await readFile(out, 'utf8')).toBe(first);
    const vendored = parseTaxonomyFile(first, out);
    expect(vendored.header.licence).toBe('CC BY 4.0');
    expect(vendored.header.input).toMatch(/^avilist-sample\.csv sha256:[0-9a-f]{64}$/);
    expect(taxonomyFrom(vendored.species, vendored.header.source).match('Grey Jay')?.species.englishName).toBe('Canada Jay');
    await expect(script(AVILIST, '--source', 'AviList sample', '--out', out, '--check')).resolves.toMatchObject({ stdout: expect.stringContaining('up to date') });
    await writeFile(out, first.replace('Canada Jay', 'Gray Jay'));
    await expect(script(AVILIST, '--source', 'AviList sample', '--out', out, '--check')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('differs from what') });
  });

  it('asks for the licence of a checklist that names none', async () => {
    await expect(script(EBIRD, '--source', 'eBird sample', '--out', path.join(dir, 'ebird.tsv'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('names no licence; give it with --licence'),
    });
  });
});
