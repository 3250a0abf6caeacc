import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { fixture, ingestArgs, makeTree, runCli, type Tree } from '../../harness/ingest-tree.ts';

describe('validate', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({
      files: { 'Order/Family/Species/a.jpg': fixture('photos/epy_nikon-d3100_gps.jpg') },
      site: { owner: 'Test Owner', featured: [{ species: 'Species', file: 'a.jpg' }] },
    });
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
  });
  afterAll(() => tree.cleanup());

  it('passes on a fresh ingest', async () => {
    const run = await runCli(['validate', '--out', tree.outDir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/valid: 5 manifests, \d+ referenced files all present/);
  });

  it('names a missing rendition, the manifest and the entry that references it', async () => {
    await rm(path.join(tree.publicDir, 'life_list/Order/Family/Species/a-360.webp'));
    const run = await runCli(['validate', '--out', tree.outDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/photo-index\.json: photo 'a-[a-z0-9]+' references life_list\/Order\/Family\/Species\/a-360\.webp, which does not exist/);
  });

  it('checks the per-page data files the site fetches: each exists and matches the manifests, and none is left over', async () => {
    const species = path.join(tree.publicDir, siteDataPaths.species('Species'));
    const level = path.join(tree.publicDir, siteDataPaths.level(['Order']));
    const data = JSON.parse(await readFile(species, 'utf8'));
    data.photos[0].species = 'Another';
    await writeFile(species, JSON.stringify(data));
    await rm(level);
    await writeFile(path.join(tree.publicDir, siteDataPaths.species('Gone')), '{}');
    const run = await runCli(['validate', '--out', tree.outDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${siteDataPaths.species('Species')}: page data file does not match the manifests`);
    expect(run.stderr).toContain(`${siteDataPaths.level(['Order'])}: page data file missing`);
    expect(run.stderr).toContain(`${siteDataPaths.species('Gone')}: page data file that no page uses`);
    // The ingest puts them right.
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    expect(await readFile(level, 'utf8')).toContain('"kind":"folders"');
  });

  it('names a manifest that breaks its schema, with the key', async () => {
    const file = path.join(tree.publicDir, 'bird-photos.json');
    const birds = JSON.parse(await readFile(file, 'utf8'));
    birds.Species[0].id = -1;
    await writeFile(file, JSON.stringify(birds));
    await writeFile(path.join(tree.publicDir, 'info.json'), '{ broken');
    const run = await runCli(['validate', '--out', tree.outDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bird-photos\.json: does not match its schema: Species\.0\.id/);
    expect(run.stderr).toMatch(/info\.json: not valid JSON/);
  });

  it('says so when nothing was ingested', async () => {
    const run = await runCli(['validate', '--out', path.join(tree.root, 'nothing-here')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bird-photos\.json: manifest missing: run `npm run ingest` first/);
  });
});
