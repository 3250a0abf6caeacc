import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { CACHE_FILE } from '../../pipeline/photos/cache.ts';
import { JOURNAL_FILE } from '../../pipeline/commit/manifest-set.ts';
import { fixture, hashTree, ingestArgs, makeTree, runCli, type Tree } from '../../harness/ingest-tree.ts';

/**
 * A file the ingest reads that is there but cannot be read is never taken for a missing one:
 * the run stops with the file and the reason, or reports it and recovers, and nothing the owner
 * has is lost. (Run as root here, so "cannot be read" is a folder where the file should be.)
 */
describe('files that are there but cannot be read', () => {
  let tree: Tree;
  beforeEach(async () => {
    tree = await makeTree({
      files: { 'Group/Family/Species/bird.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg') },
      credits: 'Group/Family/Species/bird.jpg\tA. Photographer\tCC BY 4.0\thttps://creativecommons.org/licenses/by/4.0/\n',
    });
  });
  afterEach(() => tree.cleanup());

  const photoIndex = () => path.join(tree.publicDir, ...MANIFEST_FILES.photoIndex.split('/'));

  it('credits.tsv that cannot be read stops the run before anything is published', async () => {
    await rm(path.join(tree.photosDir, 'credits.tsv'));
    await mkdir(path.join(tree.photosDir, 'credits.tsv'));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${path.join(tree.photosDir, 'credits.tsv')} cannot be read (EISDIR`);
    expect(run.stderr).toContain('credits');
    await expect(stat(photoIndex())).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a missing credits.tsv is no problem', async () => {
    await rm(path.join(tree.photosDir, 'credits.tsv'));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('site.json that cannot be read is not reported as missing', async () => {
    await rm(path.join(tree.photosDir, 'site.json'));
    await mkdir(path.join(tree.photosDir, 'site.json'));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('site.json cannot be read (EISDIR');
    expect(run.stderr).not.toContain('not found');
  });

  it('a cache that cannot be read stops the run and changes nothing, so no photo loses its added date', async () => {
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    const before = await hashTree(tree.outDir);
    const cache = path.join(tree.outDir, 'cache', CACHE_FILE);
    const saved = await readFile(cache);
    await rm(cache);
    await mkdir(cache);
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${cache} cannot be read (EISDIR`);
    expect(run.stderr).toContain("keep their 'added' dates");
    await rm(cache, { recursive: true });
    await writeFile(cache, saved);
    expect(await hashTree(tree.outDir)).toEqual(before);
  });

  it('an output folder inside life_list/ is refused, and nothing is written there', async () => {
    const lifeList = path.join(tree.photosDir, 'life_list');
    // `..site` is a folder inside, whatever its name starts with.
    for (const out of [lifeList, path.join(lifeList, 'Group', 'site'), path.join(lifeList, '..site')]) {
      const run = await runCli(['ingest', '--photos', tree.photosDir, '--out', out, '--quiet']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`output folder ${out} is inside ${lifeList}`);
    }
    await expect(stat(path.join(lifeList, 'public'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(path.join(lifeList, 'Group', 'site'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(path.join(lifeList, '..site'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a damaged journal of an interrupted run is reported, and the manifests are written again', async () => {
    expect((await runCli(ingestArgs(tree, '--quiet'))).code).toBe(0);
    const index = await readFile(photoIndex(), 'utf8');
    await writeFile(photoIndex(), '{"half": ');
    const journal = path.join(tree.outDir, 'cache', JOURNAL_FILE);
    await writeFile(journal, '{"renames": [{"from": ');

    const validate = await runCli(['validate', '--out', tree.outDir]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain(`${journal}: the journal of an interrupted ingest was damaged`);

    await writeFile(journal, '{"renames": [{"from": ');
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${journal}: the journal of an interrupted run was damaged`);
    expect(await readFile(photoIndex(), 'utf8')).toBe(index);
    expect((await runCli(['validate', '--out', tree.outDir])).code).toBe(0);
  });
});
