import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { infoSchema } from '../../data/manifest-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';

/**
 * A damaged eBird export never replaces a good one: the life list of the last export that
 * read whole stays published, the report says which, and a whole new export replaces it.
 */
const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
/** An export of `species` species, one row each (species i has taxonomic order i). */
function exportOf(species: number): string {
  const rows = Array.from({ length: species }, (_, i) => `S${i},Bird ${i + 1},Avis numerus${i + 1},${i + 1},1,US-TX,Travis,L1,Somewhere,30.1,-97.7,2020-01-${String((i % 28) + 1).padStart(2, '0')},07:10 AM,Incidental,,1,,,1,,,,`);
  return `${[HEADER, ...rows].join('\n')}\n`;
}

describe('a damaged eBird export', () => {
  let tree: Tree;
  let exportFile: string;
  const observed = async () => infoSchema.parse(await readJson(path.join(tree.publicDir, 'info.json'))).stats.lifeList?.observed;

  beforeEach(async () => {
    tree = await makeTree({ files: { 'Birds/Family/Bird 1/a.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg') } });
    await mkdir(path.join(tree.photosDir, 'ebird'));
    exportFile = path.join(tree.photosDir, 'ebird', 'MyEBirdData.csv');
  });
  afterEach(() => tree.cleanup());

  async function firstGoodRun() {
    await copyFile(fixture('ebird/sample-MyEBirdData.csv'), exportFile);
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.stderr).not.toContain('ebird/');
    expect(await observed()).toBe(153);
  }

  it('cut mid-row (an interrupted download): reported, and the last good life list stays published', async () => {
    await writeFile(exportFile, exportOf(100));
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await observed()).toBe(100);

    const whole = exportOf(100);
    await writeFile(exportFile, whole.slice(0, whole.indexOf('Bird 95,') + 40));
    const run = await runCli(ingestArgs(tree));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ebird\/MyEBirdData\.csv: the last row \(line 96\) stops part-way: the file was cut short/);
    expect(run.stderr).toMatch(/the life list of the last export that read cleanly stays published: ebird\/MyEBirdData\.csv, read \d{4}-\d{2}-\d{2} \(100 species\)/);
    expect(run.stdout).toMatch(/eBird life list \(ebird\/MyEBirdData\.csv \(read \d{4}-\d{2}-\d{2}\)\): 100 species observed/);
    expect(await observed()).toBe(100);
  });

  it('the real sample cut at 60% of its bytes: the 153 species of the whole one stay published', async () => {
    await firstGoodRun();
    const bytes = await readFile(fixture('ebird/sample-MyEBirdData.csv'));
    await writeFile(exportFile, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('stays published: ebird/MyEBirdData.csv');
    expect(await observed()).toBe(153);
  });

  it('a truncated zip: reported, and the last good life list stays published', async () => {
    await firstGoodRun();
    // The owner swaps the CSV for the zip eBird mailed, but its download was cut off.
    const zip = await readFile(fixture('ebird/ebird-export.zip'));
    await rm(exportFile);
    await writeFile(path.join(tree.photosDir, 'ebird', 'ebird_1700000000000.zip'), zip.subarray(0, Math.floor(zip.length / 2)));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ebird\/ebird_1700000000000\.zip: not a readable zip file/);
    expect(run.stderr).toContain('stays published: ebird/MyEBirdData.csv');
    expect(await observed()).toBe(153);
  });

  it('far fewer rows than the last good one: kept until the owner accepts the smaller export, which then stands', async () => {
    await writeFile(exportFile, exportOf(100));
    await runCli(ingestArgs(tree, '--quiet'));
    await writeFile(exportFile, exportOf(40));
    const refused = await runCli(ingestArgs(tree, '--quiet'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has 40 observation rows, far fewer than the 100 of the last export .*--accept-ebird-export/);
    expect(await observed()).toBe(100);

    const accepted = await runCli(ingestArgs(tree, '--quiet', '--accept-ebird-export'));
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
    expect(await observed()).toBe(40);
    // The accepted export is now the last good one: the next run needs no flag.
    const next = await runCli(ingestArgs(tree, '--quiet'));
    expect(next.code).toBe(0);
    expect(await observed()).toBe(40);
  });

  it('a whole new export replaces the last one, smaller by a few deleted checklists or larger', async () => {
    await writeFile(exportFile, exportOf(100));
    await runCli(ingestArgs(tree, '--quiet'));
    await writeFile(exportFile, exportOf(95));
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await observed()).toBe(95);
    await writeFile(exportFile, exportOf(120));
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await observed()).toBe(120);
  });

  it('cut with no good export before it: what could be read is published, with the problem, and never kept as good', async () => {
    const whole = exportOf(50);
    await writeFile(exportFile, whole.slice(0, whole.indexOf('Bird 30,') + 30));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cut short');
    expect(await observed()).toBe(29);
    // A whole export with fewer rows than the cut one is not taken for a cut one.
    await writeFile(exportFile, exportOf(20));
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await observed()).toBe(20);
  });

  it('taking the export away removes the life list (a deliberate choice, not damage)', async () => {
    await writeFile(exportFile, exportOf(10));
    await runCli(ingestArgs(tree, '--quiet'));
    await rm(exportFile);
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await observed()).toBeUndefined();
  });
});
