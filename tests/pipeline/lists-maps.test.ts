import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listsDataSchema } from '../../data/bird-lists.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli } from '../../harness/ingest-tree.ts';

/** The Lists page's maps as the ingest publishes them: each map's shapes in its own SVG file, and the states/provinces no map has named in a warning. */
const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
const row = (id: number, region: string, date: string) => `S${id},Mallard,Anas platyrhynchos,472,1,${region},,L1,Pond,0,0,${date},07:10 AM,Incidental,10,1,,,1,,,,`;

describe('the Lists page maps of an export with Mexican states and a Malagasy region', () => {
  it("publishes Mexico's map with those states, and names the region no map has", async () => {
    const t = await makeTree({ files: { 'Anseriformes/Ducks/Mallard/b.jpg': fixture('exif/dc_polaroid-pdc640m.jpg') }, site: { owner: 'Test Owner' } });
    try {
      await mkdir(path.join(t.photosDir, 'ebird'));
      const rows = [HEADER, row(1, 'MX-SON', '2020-01-02'), row(2, 'MX-BCS', '2021-03-04'), row(3, 'MG-T', '2022-05-06')];
      await writeFile(path.join(t.photosDir, 'ebird', 'MyEBirdData.csv'), `${rows.join('\n')}\n`);
      const run = await runCli(ingestArgs(t, '--quiet', '--json'));
      const report = JSON.parse(run.stdout) as { exitCode: number; problems: Array<{ severity: string; path: string; reason: string }> };
      expect(report.problems).toEqual([
        { severity: 'warning', path: 'ebird/MyEBirdData.csv', reason: "a state/province has no shape on the Lists page's maps (MG-T): its list keeps its page and row in the table" },
      ]);
      expect(report.exitCode).toBe(0);

      const lists = listsDataSchema.parse(await readJson(path.join(t.publicDir, siteDataPaths.lists)));
      // Madagascar keeps its row and its region's; only Mexico has a map of its states.
      expect(lists.countries.map((c) => [c.key, c.regions.map((r) => r.key)])).toEqual([
        ['MG', ['MG-T']],
        ['MX', ['MX-BCS', 'MX-SON']],
      ]);
      expect(lists.maps?.regions.map((m) => [m.country, m.file])).toEqual([['MX', siteDataPaths.listsMap('MX')]]);
      const mexico = lists.maps!.regions[0]!;
      expect(mexico.codes).toEqual(expect.arrayContaining(['MX-SON', 'MX-BCS', 'MX-CMX']));
      expect(mexico.codes).toHaveLength(32);
      const svg = await readFile(path.join(t.publicDir, mexico.file), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 \d+"><g id="land">/);
      for (const code of ['MX-SON', 'MX-BCS']) expect(svg).toContain(`<path id="${code}" d="M`);
      expect(lists.maps!.world.file).toBe(siteDataPaths.listsMap('world'));
      expect(await readFile(path.join(t.publicDir, lists.maps!.world.file), 'utf8')).toContain('<path id="MX" d="M');

      // validate derives the same files, the SVG maps as text.
      const check = await runCli(['validate', '--out', t.outDir]);
      expect(check.stderr).toBe('');
      expect(check.code).toBe(0);
    } finally {
      await t.cleanup();
    }
  });
});
