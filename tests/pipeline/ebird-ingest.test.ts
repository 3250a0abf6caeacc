import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infoSchema } from '../../data/manifest-schemas.ts';
import { levelDataSchema, notPhotographedDataSchema, searchDataSchema, siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { ebirdSecrets, leakedSecrets } from '../../harness/ebird-secrets.ts';
import { fixture, ingestArgs, makeTree, publishedFiles, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';

/** The ingest with an eBird export in photos/ebird/, against the same tree without one. */
const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
const EXPORT = [
  HEADER,
  'S1001,Wood Duck,Aix sponsa,355,2,US-NC,Wake,L901,"12 Secret Lane, backyard",35.1234567,-78.7654321,2014-04-02,07:10 AM,Incidental,10,1,,,1,,"drake, ""calling""","Hidden home feeder note",',
  'S1002,Wood Duck,Aix sponsa,355,1,US-SC,Aiken,L902,Private Pond Road,33.5555555,-81.4444444,2012-03-01,08:00 AM,Incidental,10,1,,,1,,,,',
  'S1003,Mallard,Anas platyrhynchos,472,X,US-VA,Fairfax,L903,Another Private Spot,38.8888888,-77.2222222,2013-05-06,09:00 AM,Incidental,10,1,,,1,,,"Checklist comment that is private",',
  'S1004,American Black Duck,Anas rubripes,476,1,US-MD,Kent,L904,Somebody Farm Drive,39.1111111,-76.3333333,2015-12-30,10:00 AM,Incidental,10,1,,,1,,,,',
  'S1005,duck sp.,Anatinae sp.,600,1,US-MD,Kent,L904,Somebody Farm Drive,39.1111111,-76.3333333,2015-12-30,10:00 AM,Incidental,10,1,,,1,,,,',
].join('\r\n');

const DUCK = 'Anseriformes/Ducks/Wood Duck';
const MALLARD = 'Anseriformes/Ducks/Mallard';
const UNKNOWN = 'Passeriformes/Warblers/Nonesuch Warbler';

async function tree(withExport: boolean, site: Record<string, unknown> = { owner: 'Test Owner' }): Promise<Tree> {
  const made = await makeTree({
    files: {
      [`${DUCK}/a.jpg`]: fixture('photos/epy_nikon-d3100_gps.jpg'),
      [`${MALLARD}/b.jpg`]: fixture('exif/dc_polaroid-pdc640m.jpg'),
      [`${UNKNOWN}/c.jpg`]: fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
    },
    site,
  });
  if (withExport) {
    await mkdir(path.join(made.photosDir, 'ebird'));
    await writeFile(path.join(made.photosDir, 'ebird', 'MyEBirdData.csv'), `\uFEFF${EXPORT}\r\n`);
  }
  return made;
}

describe('ingest with an eBird export', () => {
  let withExport: Tree;
  let run: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    withExport = await tree(true);
    run = await runCli(ingestArgs(withExport));
  });
  afterAll(() => withExport.cleanup());
  const file = async <T>(relative: string, schema: { parse(v: unknown): T }) => schema.parse(await readJson(path.join(withExport.publicDir, relative)));

  it('warns about the folder the export does not have (exit 0: warnings only) and publishes the rest', async () => {
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/life_list\/Passeriformes\/Warblers\/Nonesuch Warbler: species 'Nonesuch Warbler' is not in the eBird export/);
    expect(run.state.ingest?.counts.new).toBe(3);
    expect(run.stdout).toContain('eBird life list (ebird/MyEBirdData.csv): 3 species observed, 2 photographed.');
  });

  it("puts the export's life count, 'photographed X of N' and the growth per year in info.json", async () => {
    const info = await file('info.json', infoSchema);
    expect(info.stats.speciesObserved).toBe(3);
    expect(info.stats.speciesPhotographed).toBe(3);
    expect(info.stats.lifeList).toEqual({
      observed: 3,
      photographed: 2,
      growth: [
        { year: 2012, added: 1 },
        { year: 2013, added: 1 },
        { year: 2014, added: 0 },
        { year: 2015, added: 1 },
      ],
    });
  });

  it('gives species pages their sighting, cards their taxonomic order, and writes the not-yet-photographed and search files', async () => {
    const duck = await file(siteDataPaths.species('Wood Duck'), speciesDataSchema);
    // The first observation is the 2012 one, in US-SC, though the file lists the 2014 one first.
    expect(duck.sighting).toEqual({ scientificName: 'Aix sponsa', firstSeen: '2012-03-01', firstRegion: 'US-SC', firstPlace: 'South Carolina, United States' });
    const ducks = await file(siteDataPaths.level(['Anseriformes', 'Ducks']), levelDataSchema);
    expect(ducks.kind === 'folders' && ducks.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Mallard', 472],
      ['Wood Duck', 355],
    ]);
    const rest = await file(siteDataPaths.notPhotographed, notPhotographedDataSchema);
    expect(rest).toEqual({ observed: 3, species: [{ commonName: 'American Black Duck', scientificName: 'Anas rubripes', firstSeen: '2015-12-30', firstRegion: 'US-MD', firstPlace: 'Maryland, United States' }] });
    const search = await file(siteDataPaths.search, searchDataSchema);
    expect(search.species.map((s) => s.scientificName ?? s.name)).toEqual(['Anas platyrhynchos', 'Nonesuch Warbler', 'Aix sponsa']);
  });

  it('publishes no coordinate, location name, comment or checklist id of the export', async () => {
    const secrets = ebirdSecrets(EXPORT);
    expect(secrets).toContain('12 Secret Lane, backyard');
    for (const relative of await publishedFiles(withExport.publicDir)) {
      if (!/\.(json|html|js|xml|txt)$/.test(relative)) continue;
      expect(leakedSecrets(await readFile(path.join(withExport.publicDir, relative), 'utf8'), secrets), relative).toEqual([]);
    }
  });

  it('passes validate: the page data derived with the life list match what was written', async () => {
    const check = await runCli(['validate', '--out', withExport.outDir]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });
});

describe('a species folder named before eBird renamed its species', () => {
  it("finds its life record through the taxonomy's scientific name: 'Gray Jay' is eBird's 'Canada Jay'", async () => {
    const t = await makeTree({ files: { 'Passeriformes/Corvidae/Gray Jay/a.jpg': fixture('photos/epy_nikon-d3100_gps.jpg') } });
    try {
      // The library's taxonomy (as `npm run taxonomy` leaves it) carries the jay's older name.
      await mkdir(path.join(t.photosDir, 'taxonomy'));
      await copyFile(fixture('sample-additions/taxonomy/taxonomy.tsv'), path.join(t.photosDir, 'taxonomy', 'taxonomy.tsv'));
      await mkdir(path.join(t.photosDir, 'ebird'));
      const rows = [HEADER, 'S7,Canada Jay,Perisoreus canadensis,21500,2,CA-ON,Nipissing,L7,Camp,45.5,-78.3,2019-02-10,09:00 AM,Incidental,10,1,,,1,,,,'];
      await writeFile(path.join(t.photosDir, 'ebird', 'MyEBirdData.csv'), `${rows.join('\n')}\n`);
      const run = await runCli(ingestArgs(t, '--quiet', '--json'));
      const report = JSON.parse(run.stdout) as { exitCode: number; problems: Array<{ reason: string }> };
      expect(report.problems.filter((p) => p.reason.includes('not in the eBird export'))).toEqual([]);
      const jay = speciesDataSchema.parse(await readJson(path.join(t.publicDir, siteDataPaths.species('Gray Jay'))));
      expect(jay.sighting).toEqual({ scientificName: 'Perisoreus canadensis', firstSeen: '2019-02-10', firstRegion: 'CA-ON', firstPlace: 'Ontario, Canada' });
      const rest = notPhotographedDataSchema.parse(await readJson(path.join(t.publicDir, siteDataPaths.notPhotographed)));
      expect(rest.species).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});

describe('a photo dated before the species is first seen in the export', () => {
  it('is a warning naming both days: the export may miss an older sighting', async () => {
    const t = await tree(false);
    try {
      await mkdir(path.join(t.photosDir, 'ebird'));
      const rows = [HEADER, 'S1,Wood Duck,Aix sponsa,355,1,US-NC,Wake,L1,Pond,35.1,-78.7,2030-01-02,07:10 AM,Incidental,10,1,,,1,,,,', 'S2,Mallard,Anas platyrhynchos,472,1,US-NC,Wake,L1,Pond,35.1,-78.7,1990-05-06,07:10 AM,Incidental,10,1,,,1,,,,'];
      await writeFile(path.join(t.photosDir, 'ebird', 'MyEBirdData.csv'), `${rows.join('\n')}\n`);
      const run = await runCli(ingestArgs(t, '--quiet', '--json'));
      const report = JSON.parse(run.stdout) as { exitCode: number; problems: Array<{ severity: string; path: string; reason: string }> };
      const before = report.problems.filter((p) => p.reason.includes('first seen in eBird'));
      expect(before).toEqual([
        { severity: 'warning', path: `life_list/${DUCK}/a.jpg`, reason: expect.stringMatching(/^photographed \d{4}-\d{2}-\d{2}, first seen in eBird 2030-01-02: your export may miss an older sighting$/) },
      ]);
      // A warning: the photo and the life list are published.
      expect(report.exitCode).toBe(0);
    } finally {
      await t.cleanup();
    }
  });
});

describe('ingest with a bad eBird export', () => {
  it('reports it with its file name (exit 1), publishes every photo, and the site is as without an export', async () => {
    const t = await tree(false);
    try {
      await mkdir(path.join(t.photosDir, 'ebird'));
      await writeFile(path.join(t.photosDir, 'ebird', 'MyEBirdData.csv'), 'Common Name,Date\nWood Duck,2014-04-02\n');
      const run = await runCli(ingestArgs(t, '--quiet'));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/ebird\/MyEBirdData\.csv: lacks the columns 'Scientific Name', 'Taxonomic Order'/);
      expect(run.state.ingest?.counts).toMatchObject({ new: 3, failed: 0 });
      const info = infoSchema.parse(await readJson(path.join(t.publicDir, 'info.json')));
      expect(info.stats.lifeList).toBeUndefined();
      expect(await publishedFiles(t.publicDir)).not.toContain(siteDataPaths.notPhotographed);
    } finally {
      await t.cleanup();
    }
  });
});

describe('the life count', () => {
  it("is site.json's lifeCount when set, even with an export", async () => {
    const t = await tree(true, { owner: 'Test Owner', lifeCount: 412 });
    try {
      await runCli(ingestArgs(t, '--quiet'));
      const info = infoSchema.parse(await readJson(path.join(t.publicDir, 'info.json')));
      expect(info.stats.speciesObserved).toBe(412);
      expect(info.stats.lifeList?.observed).toBe(3);
    } finally {
      await t.cleanup();
    }
  });

  it('without an export, is the number of species folders, and nothing of eBird is written', async () => {
    const t = await tree(false);
    try {
      const run = await runCli(ingestArgs(t, '--quiet'));
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const info = infoSchema.parse(await readJson(path.join(t.publicDir, 'info.json')));
      expect(info.stats).toEqual({ speciesObserved: 3, speciesPhotographed: 3, photos: 3 });
      const files = await publishedFiles(t.publicDir);
      expect(files).not.toContain(siteDataPaths.notPhotographed);
      // No lists, no map: neither the table nor any year or region file.
      expect(files.filter((f) => f === siteDataPaths.lists || f.startsWith(siteDataPaths.list('X').replace('X.json', '')))).toEqual([]);
      expect(files).toContain(siteDataPaths.search);
      const duck = speciesDataSchema.parse(await readJson(path.join(t.publicDir, siteDataPaths.species('Wood Duck'))));
      expect(duck.sighting).toBeUndefined();
      expect(duck.seenIn).toBeUndefined();
    } finally {
      await t.cleanup();
    }
  });
});

describe('ingest with a photos/ebird that is not a folder', () => {
  it('reports it with its path and publishes the photos (exit 1), rather than stopping', async () => {
    const t = await tree(false);
    try {
      await writeFile(path.join(t.photosDir, 'ebird'), 'a file where the folder should be');
      const run = await runCli(ingestArgs(t, '--quiet'));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/ebird: .*could not be read \(ENOTDIR/);
      expect(run.state.ingest?.counts.new).toBe(3);
    } finally {
      await t.cleanup();
    }
  });
});
