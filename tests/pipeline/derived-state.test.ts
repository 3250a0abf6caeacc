import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDataPaths } from '../../data/site-data-paths.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, ingestArgs, makeTree, publicationStamp, runCli, writtenTimes, type Tree } from '../../harness/ingest-tree.ts';

const SPECIES = 'Order A/Family A/Species One';

describe('a run with nothing new skips the derived outputs', () => {
  let tree: Tree;

  beforeAll(async () => {
    tree = await makeTree({
      files: { [`${SPECIES}/gps.jpg`]: fixture('photos/epy_nikon-d3100_gps.jpg') },
      // A featured entry that matches no photo: an error of the derivation, not of a photo.
      site: { owner: 'Test Owner', featured: [{ species: 'Species One', file: 'missing.jpg' }] },
    });
  });
  afterAll(() => tree.cleanup());

  it('writes nothing, keeps the stamp, and reports the derivation’s problems again', async () => {
    const first = await runCli(ingestArgs(tree, '--quiet'));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/featured entry 1 .*missing\.jpg.* matches no photo/);
    const times = await writtenTimes(tree);
    const stamp = await publicationStamp(tree);

    const again = await runCli(ingestArgs(tree, '--quiet'));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/featured entry 1 .*missing\.jpg.* matches no photo/);
    expect(again.state.ingest?.counts).toEqual({ new: 0, updated: 0, unchanged: 1, removed: 0, failed: 0 });
    expect(again.state.ingest?.photos).toBe(1);
    expect(await writtenTimes(tree)).toEqual(times);
    expect(await publicationStamp(tree)).toBe(stamp);
  });

  it('derives again when a derived file was deleted or edited by hand', async () => {
    const species = path.join(tree.publicDir, ...siteDataPaths.species('Species One').split('/'));
    const written = await readFile(species, 'utf8');
    await rm(species);
    await runCli(ingestArgs(tree, '--quiet'));
    expect(await readFile(species, 'utf8')).toBe(written);
    await writeFile(species, '{}');
    await runCli(ingestArgs(tree, '--quiet'));
    expect(await readFile(species, 'utf8')).toBe(written);
  });

  it('derives again when the settings change, and gives the build a new stamp', async () => {
    const stamp = await publicationStamp(tree);
    const home = path.join(tree.publicDir, ...siteDataPaths.home.split('/'));
    const homeBefore = await readFile(home, 'utf8');
    await writeFile(path.join(tree.photosDir, 'site.json'), JSON.stringify({ owner: 'Test Owner', title: 'Shorebirds', featured: [{ species: 'Species One', file: 'gps.jpg' }] }));

    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(await publicationStamp(tree)).not.toBe(stamp);
    expect(await readFile(home, 'utf8')).not.toBe(homeBefore);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it('derives again with --force, and when an eBird export appears', async () => {
    let stamp = await publicationStamp(tree);
    await runCli(ingestArgs(tree, '--quiet', '--force'));
    expect(await publicationStamp(tree)).not.toBe(stamp);

    stamp = await publicationStamp(tree);
    const unchanged = await runCli(ingestArgs(tree, '--quiet'));
    expect(unchanged.code).toBe(0);
    expect(await publicationStamp(tree)).toBe(stamp);

    const ebird = path.join(tree.photosDir, 'ebird');
    await mkdir(ebird, { recursive: true });
    await writeFile(path.join(ebird, 'MyEBirdData.csv'), await readFile(fixture('ebird/sample-MyEBirdData.csv')));
    const withExport = await runCli(ingestArgs(tree, '--quiet'));
    expect(await publicationStamp(tree)).not.toBe(stamp);
    expect(withExport.state.ingest?.lifeList?.observed).toBeGreaterThan(0);
    // Skipped again, the summary still knows the life list.
    const noop = await runCli(ingestArgs(tree, '--quiet'));
    expect(noop.state.ingest?.lifeList).toEqual(withExport.state.ingest?.lifeList);
  });
});
