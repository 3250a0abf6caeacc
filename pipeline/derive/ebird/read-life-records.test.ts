import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ebirdSecrets, leakedSecrets } from '../../../harness/ebird-secrets.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { lifeListRecordsSchema } from '../../../data/life-records.ts';
import { readLifeRecords } from './read-life-records.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/ebird');
const SAMPLE = path.join(FIXTURES, 'sample-MyEBirdData.csv');

const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';

/** One row in eBird's layout; `comment` is written as given (quote it yourself). */
function row(common: string, scientific: string, order: string, date: string, region = 'US-NC', { count = '1', time = '08:00 AM', comment = '', location = 'Pea Island NWR--North Pond', checklist = 'S1', duration = '' } = {}): string {
  const quotedCommon = /[,"]/.test(common) ? `"${common.replace(/"/g, '""')}"` : common;
  return [checklist, quotedCommon, scientific, order, count, region, 'Dare', 'L1', location, '35.1', '-75.9', date, time, 'Incidental', duration, '1', '', '', '1', '', '', comment, ''].join(',');
}

const dirs: string[] = [];
async function photosWith(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ebird-test-'));
  dirs.push(dir);
  await fs.mkdir(path.join(dir, 'ebird'));
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(dir, 'ebird', name), content);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('readLifeRecords on the sample export', () => {
  it('counts 153 species in taxonomic order, with first dates and regions', async () => {
    const dir = await photosWith({ 'MyEBirdData.csv': readFileSync(SAMPLE) });
    const result = await readLifeRecords(dir);
    expect(result.problems).toEqual([]);
    expect(result.source).toBe('ebird/MyEBirdData.csv');
    const records = result.records!;
    expect(lifeListRecordsSchema.safeParse(records).success).toBe(true);
    expect(records.observedCount).toBe(153);
    expect(records.growth.reduce((s, y) => s + y.added, 0)).toBe(153);
    expect(records.species.find((s) => s.commonName === 'Mallard')).toMatchObject({ commonName: 'Mallard', scientificName: 'Anas platyrhynchos', taxonOrder: 545, firstSeen: '2005-08-28', firstRegion: 'US-KS' });
    // A subspecies group's rows and the species' own: one species, dated by its earliest row.
    expect(records.species.filter((s) => s.scientificName === 'Setophaga coronata')).toMatchObject([
      { commonName: 'Yellow-rumped Warbler', scientificName: 'Setophaga coronata', taxonOrder: 34159, firstSeen: '2005-10-26', firstRegion: 'US-NC' },
    ]);
    const names = records.species.map((s) => s.commonName);
    for (const excluded of ['duck sp.', 'hawk sp.', 'Greater/Lesser Scaup', 'Mallard (Domestic type)']) expect(names).not.toContain(excluded);
    expect(names.filter((n) => n.includes('('))).toEqual([]);
  });

  it('reads the zip as eBird mails it, without unpacking it', async () => {
    const dir = await photosWith({ 'ebird_1700000000.zip': readFileSync(path.join(FIXTURES, 'ebird-export.zip')) });
    const result = await readLifeRecords(dir);
    expect(result.problems).toEqual([]);
    expect(result.source).toBe('ebird/ebird_1700000000.zip/MyEBirdData.csv');
    expect(result.records!.observedCount).toBe(153);
  });

  it('keeps no coordinate, location name or comment of the export, and checklist ids only as ids', async () => {
    const text = readFileSync(SAMPLE, 'utf8');
    const secrets = ebirdSecrets(text);
    expect(secrets.length).toBeGreaterThan(50);
    expect(secrets).toContain('1418 Maple Ridge Dr, Raleigh, North Carolina, US (35.8271, -78.6513)');
    expect(secrets).toContain("Overcast, light rain later.\nWater levels high after last week's storms.");
    const dir = await photosWith({ 'MyEBirdData.csv': text });
    const records = (await readLifeRecords(dir)).records!;
    // The days keep their checklists' ids (for the links the owner may opt in to, data/outings.ts), and nothing else private.
    expect(records.days!.some((d) => d.checklistIds!.length > 0)).toBe(true);
    const published = JSON.stringify({ ...records, days: records.days!.map(({ checklistIds: _ids, ...day }) => day) });
    expect(leakedSecrets(published, secrets)).toEqual([]);
    // The check itself finds a secret however it is escaped.
    expect(leakedSecrets(JSON.stringify({ x: "Overcast, light rain later.\nWater levels high after last week's storms." }), secrets)).toEqual(["Overcast, light rain later.\nWater levels high after last week's storms."]);
    // Coordinates in any rounding: no number with 4+ decimals at all.
    expect(published).not.toMatch(/\d+\.\d{4,}/);
  });
});

describe('readLifeRecords: formats', () => {
  const rows = [
    row('Carolina Wren', 'Thryothorus ludovicianus', '26520', '2019-02-03', 'US-NC', { count: 'X' }),
    row('Carolina Wren', 'Thryothorus ludovicianus', '26520', '2018-07-01', 'US-SC', { comment: '"Singing, ""loud""\nfrom the hedge,\r\nthen gone"' }),
    row('Great Egret', 'Ardea alba', '8600', '2020-01-01', 'US-FL', { location: '"123 Maple St, backyard"' }),
  ];

  it.each([
    ['LF', '\n', ''],
    ['CRLF', '\r\n', ''],
    ['BOM + CRLF', '\r\n', '\uFEFF'],
    ['BOM + LF', '\n', '\uFEFF'],
  ])('%s, quoted fields with commas, quotes and line breaks, X counts', async (_, eol, bom) => {
    const dir = await photosWith({ 'MyEBirdData.csv': `${bom}${[HEADER, ...rows].join(eol)}${eol}` });
    const result = await readLifeRecords(dir);
    expect(result.problems).toEqual([]);
    expect(result.records!.species).toMatchObject([
      { commonName: 'Great Egret', scientificName: 'Ardea alba', taxonOrder: 8600, firstSeen: '2020-01-01', firstRegion: 'US-FL' },
      { commonName: 'Carolina Wren', scientificName: 'Thryothorus ludovicianus', taxonOrder: 26520, firstSeen: '2018-07-01', firstRegion: 'US-SC' },
    ]);
  });

  it('reads columns by header name, whatever their order', async () => {
    const csv = ['Date,State/Province,Taxonomic Order,Scientific Name,Common Name,Latitude', '2021-04-02,CA-ON,8600,Ardea alba,Great Egret,43.1'].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.problems).toEqual([]);
    expect(result.records!.species).toMatchObject([{ commonName: 'Great Egret', scientificName: 'Ardea alba', taxonOrder: 8600, firstSeen: '2021-04-02', firstRegion: 'CA-ON' }]);
  });

  it('keeps multi-byte characters split across read chunks intact', async () => {
    // Names of 2-byte characters fill most of each row, so the 64 KB read chunks end inside some of them.
    const name = `Ñandú ${'é'.repeat(200)}`;
    // Each row its own species (species are keyed by scientific name), so every row's name is checked.
    const filler = Array.from({ length: 3000 }, (_, i) => row(name, `Rhea americana${i}`, String(10 + i), '2021-01-01', 'AR'));
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': [HEADER, ...filler].join('\n') }));
    expect(result.problems).toEqual([]);
    expect(result.records!.observedCount).toBe(3000);
    expect(new Set(result.records!.species.map((s) => s.commonName))).toEqual(new Set([name]));
  });

  it('accepts the older MM-DD-YYYY dates and orders same-day sightings by time', async () => {
    const csv = [
      HEADER,
      row('Great Egret', 'Ardea alba', '8600', '05-02-2015', 'US-TX', { time: '04:30 PM' }),
      row('Great Egret', 'Ardea alba', '8600', '2015-05-02', 'US-LA', { time: '06:10 AM' }),
      row('Great Egret', 'Ardea alba', '8600', '2015-05-02', 'US-FL', { time: '' }),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.records!.species[0]).toMatchObject({ firstSeen: '2015-05-02', firstRegion: 'US-LA' });
  });
});

describe('readLifeRecords: count rules', () => {
  it('counts none of spuh, slash, hybrid and domestic type', async () => {
    const csv = [
      HEADER,
      row('duck sp.', 'Anatinae sp.', '700', '2020-01-01'),
      row('Greater/Lesser Scaup', 'Aythya marila/affinis', '600', '2020-01-01'),
      row('Mallard x American Black Duck (hybrid)', 'Anas platyrhynchos x rubripes', '475', '2020-01-01'),
      row('Mallard (Domestic type)', 'Anas platyrhynchos (Domestic type)', '474', '2020-01-01'),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.problems).toEqual([]);
    // The checklist still makes a day in the field, with no countable species.
    expect(result.records).toEqual({ observedCount: 0, species: [], growth: [], days: [{ date: '2020-01-01', regions: ['US-NC'], checklists: 1, checklistIds: ['S1'], minutes: 0, species: [] }] });
  });

  it('counts a subspecies group as its species and takes its earlier date', async () => {
    const csv = [
      HEADER,
      row('Yellow-rumped Warbler', 'Setophaga coronata', '33120', '2015-03-01', 'US-NC'),
      row("Yellow-rumped Warbler (Audubon's)", 'Setophaga coronata [auduboni Group]', '33125', '2011-10-09', 'US-AZ'),
      row('Yellow-rumped Warbler (Myrtle)', 'Setophaga coronata coronata', '33121', '2012-01-02', 'US-FL'),
      row('Red-tailed Hawk (borealis)', 'Buteo jamaicensis borealis', '9881', '2010-02-03', 'US-KS'),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.records!.species).toEqual([
      // Only a group row seen: the species' name is the group's without its parenthesis.
      {
        commonName: 'Red-tailed Hawk',
        scientificName: 'Buteo jamaicensis',
        taxonOrder: 9881,
        firstSeen: '2010-02-03',
        firstRegion: 'US-KS',
        years: [{ year: 2010, firstSeen: '2010-02-03', region: 'US-KS' }],
        regions: [{ region: 'US-KS', firstSeen: '2010-02-03' }],
      },
      // The species row gives name and order; the Audubon's group gives the first date. Every row,
      // group or species, counts for its year and region lists (eBird's rule for the life list, per list).
      {
        commonName: 'Yellow-rumped Warbler',
        scientificName: 'Setophaga coronata',
        taxonOrder: 33120,
        firstSeen: '2011-10-09',
        firstRegion: 'US-AZ',
        years: [
          { year: 2011, firstSeen: '2011-10-09', region: 'US-AZ' },
          { year: 2012, firstSeen: '2012-01-02', region: 'US-FL' },
          { year: 2015, firstSeen: '2015-03-01', region: 'US-NC' },
        ],
        regions: [
          { region: 'US-AZ', firstSeen: '2011-10-09' },
          { region: 'US-FL', firstSeen: '2012-01-02' },
          { region: 'US-NC', firstSeen: '2015-03-01' },
        ],
      },
    ]);
    expect(result.records!.growth).toEqual([
      { year: 2010, added: 1 },
      { year: 2011, added: 1 },
    ]);
  });
});

describe('readLifeRecords: bad input is reported with the file name, never thrown', () => {
  it('no ebird folder, or no export in it: nothing, no problem', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ebird-test-'));
    dirs.push(dir);
    expect(await readLifeRecords(dir)).toEqual({ found: false, problems: [] });
    expect(await readLifeRecords(await photosWith({ 'notes.txt': 'x' }))).toEqual({ found: false, problems: [] });
  });

  it('an ebird folder that cannot be listed', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ebird-test-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'ebird'), 'a file where the folder should be');
    const result = await readLifeRecords(dir);
    expect(result.records).toBeUndefined();
    expect(result.problems).toEqual([{ path: 'ebird', severity: 'error', reason: expect.stringMatching(/could not be read \(ENOTDIR/) }]);
  });

  it('an empty file', async () => {
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': '' }));
    expect(result.records).toBeUndefined();
    expect(result.problems).toEqual([{ path: 'ebird/MyEBirdData.csv', severity: 'error', reason: expect.stringMatching(/empty/) }]);
  });

  it('a header without rows', async () => {
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': `${HEADER}\r\n` }));
    expect(result.records).toBeUndefined();
    expect(result.problems[0]!.reason).toMatch(/no observations/);
  });

  it('missing columns, named', async () => {
    const csv = 'Submission ID,Common Name,Count,Location,Date\nS1,Mallard,2,Home,2020-01-01\n';
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.records).toBeUndefined();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ path: 'ebird/MyEBirdData.csv', severity: 'error' });
    expect(result.problems[0]!.reason).toContain("'Scientific Name', 'Taxonomic Order', 'State/Province'");
  });

  it('an iNaturalist export', async () => {
    const csv = 'id,observed_on_string,observed_on,time_observed_at,user_id,quality_grade,place_guess,latitude,longitude,scientific_name,common_name\n1,2020-01-01,2020-01-01,,5,research,Home,1,2,Ardea alba,Great Egret\n';
    const result = await readLifeRecords(await photosWith({ 'observations-123.csv': csv }));
    expect(result.problems).toEqual([{ path: 'ebird/observations-123.csv', severity: 'error', reason: expect.stringMatching(/iNaturalist export, not eBird/) }]);
  });

  it('some other CSV', async () => {
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': 'a,b,c\n1,2,3\n' }));
    expect(result.problems[0]!.reason).toMatch(/not an eBird "Download My Data" export/);
  });

  it('a UTF-16 file', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n${row('Great Egret', 'Ardea alba', '8600', '2020-01-01')}\n`, 'utf16le')]);
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': utf16 }));
    expect(result.problems[0]!.reason).toMatch(/not UTF-8/);
  });

  it('a zip without the CSV, and a file that is no zip', async () => {
    const noCsv = await readLifeRecords(await photosWith({ 'ebird.zip': readFileSync(path.join(FIXTURES, 'no-csv.zip')) }));
    expect(noCsv.problems).toEqual([{ path: 'ebird/ebird.zip', severity: 'error', reason: expect.stringMatching(/no MyEBirdData\.csv \(it holds README\.txt, photos\/list\.txt\)/) }]);
    const broken = await readLifeRecords(await photosWith({ 'ebird.zip': 'this is not a zip' }));
    expect(broken.problems).toEqual([{ path: 'ebird/ebird.zip', severity: 'error', reason: expect.stringMatching(/not a readable zip/) }]);
  });

  it('rows with a bad date or taxonomic order: counted, first lines shown, the rest used', async () => {
    const good = row('Great Egret', 'Ardea alba', '8600', '2020-01-01');
    const lines = [
      HEADER, // line 1
      good, // 2
      row('Mallard', 'Anas platyrhynchos', '472', '2020-13-01'), // 3: bad date
      row('Mallard', 'Anas platyrhynchos', '472', 'yesterday', 'US-NC', { comment: '"two\nlines"' }), // 4-5: bad date
      row('Mallard', 'Anas platyrhynchos', 'abc', '2020-01-01'), // 6: bad order
      ...Array.from({ length: 7 }, () => row('Mallard', 'Anas platyrhynchos', '472', '2021-02-30')), // 7-13: bad date
      row('Snow Goose', 'Anser caerulescens', '256', '2019-11-11'), // 14
    ];
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': lines.join('\r\n') }));
    expect(result.records!.species.map((s) => s.commonName)).toEqual(['Snow Goose', 'Great Egret']);
    // Bad rows in a whole file are the export's own: it is not damaged, and may become the last good one.
    expect(result.damaged).toBeUndefined();
    expect(result.rows).toBe(2);
    expect(result.problems).toEqual([
      { path: 'ebird/MyEBirdData.csv', severity: 'error', reason: expect.stringContaining('9 rows have a bad date (expected YYYY-MM-DD) (lines 3, 4, 7, 8, 9, …)') },
      { path: 'ebird/MyEBirdData.csv', severity: 'error', reason: expect.stringContaining('1 row has a bad taxonomic order (expected a positive number) (line 6)') },
    ]);
  });

  it('a quoted field never closed: the rows before it are used, the line is named', async () => {
    const lines = [
      HEADER,
      row('Great Egret', 'Ardea alba', '8600', '2020-01-01'), // 2
      row('Mallard', 'Anas platyrhynchos', '472', '2020-02-01', 'US-NC', { comment: '"never closed' }), // 3
      row('Snow Goose', 'Anser caerulescens', '256', '2019-11-11'), // swallowed
    ];
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': lines.join('\n') }));
    expect(result.records!.species.map((s) => s.commonName)).toEqual(['Great Egret']);
    expect(result.problems).toEqual([
      { path: 'ebird/MyEBirdData.csv', severity: 'error', reason: expect.stringContaining('a quoted field opened on line 3 is never closed, so the rest of the file could not be read; the 1 row before it was used') },
    ]);
  });

  it('a last row that stops part-way: the file was cut, and the export is damaged', async () => {
    const last = row('Snow Goose', 'Anser caerulescens', '256', '2019-11-11');
    const lines = [HEADER, row('Great Egret', 'Ardea alba', '8600', '2020-01-01'), last.slice(0, last.indexOf('Dare') + 4)];
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': lines.join('\n') }));
    expect(result.damaged).toContain('the last row (line 3) stops part-way: the file was cut short');
    expect(result.problems.map((p) => p.reason)).toContain(result.damaged);
  });

  it('several exports: the newest is used, the others named', async () => {
    const dir = await photosWith({ 'old.csv': 'a,b\n1,2\n', 'MyEBirdData.csv': `${HEADER}\n${row('Great Egret', 'Ardea alba', '8600', '2020-01-01')}\n` });
    await fs.utimes(path.join(dir, 'ebird', 'old.csv'), new Date('2020-01-01'), new Date('2020-01-01'));
    const result = await readLifeRecords(dir);
    expect(result.records!.observedCount).toBe(1);
    expect(result.problems).toEqual([{ path: 'ebird/MyEBirdData.csv', severity: 'warning', reason: expect.stringMatching(/using ebird\/MyEBirdData\.csv \(the newest\) and ignoring ebird\/old\.csv/) }]);
  });
});

describe('readLifeRecords: days in the field', () => {
  it('counts each day\'s distinct checklists, adds their durations once each, and lists its species in taxonomic order', async () => {
    const csv = [
      HEADER,
      row('Carolina Wren', 'Thryothorus ludovicianus', '26520', '2023-06-08', 'US-AZ', { checklist: 'S10', duration: '90' }),
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-08', 'US-AZ', { checklist: 'S10', duration: '90' }),
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-08', 'US-NM', { checklist: 'S9', duration: '45' }),
      row('duck sp.', 'Anatinae sp.', '700', '2023-06-08', 'US-NM', { checklist: 'S12', duration: 'n/a' }),
      row('Yellow-rumped Warbler (Myrtle)', 'Setophaga coronata coronata', '30000', '2023-06-09', 'US-AZ', { checklist: 'S13', duration: '30' }),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    // A duration given but unreadable adds no time, and says so.
    expect(result.problems).toEqual([{ path: 'ebird/MyEBirdData.csv', severity: 'warning', reason: '1 row has a duration that cannot be read (line 5); its checklist adds no time in the field' }]);
    // The ids in eBird's order of submission, for the links the owner may opt in to (they stay in the cache otherwise).
    expect(result.records!.days).toEqual([
      { date: '2023-06-08', regions: ['US-AZ', 'US-NM'], checklists: 3, checklistIds: ['S9', 'S10', 'S12'], minutes: 135, species: ['Anas platyrhynchos', 'Thryothorus ludovicianus'] },
      { date: '2023-06-09', regions: ['US-AZ'], checklists: 1, checklistIds: ['S13'], minutes: 30, species: ['Setophaga coronata'] },
    ]);
  });

  it('uses a row whose time cannot be read without it, and says which lines; an empty time or duration is eBird\'s none', async () => {
    const csv = [
      HEADER,
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-08', 'US-AZ', { time: 'dawn' }),
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-09', 'US-AZ', { time: '25:10' }),
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-10', 'US-AZ', { time: '', duration: '' }),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.problems).toEqual([{ path: 'ebird/MyEBirdData.csv', severity: 'warning', reason: '2 rows have a time that cannot be read (lines 2, 3); they are used without it' }]);
    expect(result.records!.days!.map((d) => d.date)).toEqual(['2023-06-08', '2023-06-09', '2023-06-10']);
  });

  it('counts a checklist whose id is not in eBird\'s form, and keeps no link to it', async () => {
    const csv = [
      HEADER,
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-08', 'US-AZ', { checklist: 'S10' }),
      row('Mallard', 'Anas platyrhynchos', '475', '2023-06-08', 'US-AZ', { checklist: 'javascript:alert(1)' }),
    ].join('\n');
    const result = await readLifeRecords(await photosWith({ 'MyEBirdData.csv': csv }));
    expect(result.records!.days).toEqual([expect.objectContaining({ checklists: 2, checklistIds: ['S10'] })]);
  });
});
