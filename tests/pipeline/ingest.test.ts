import { copyFile, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birdPhotosSchema, coverPhotosSchema, infoSchema, lifeListStructureSchema, photoIndexSchema, type PhotoEntry } from '../../data/manifest-schemas.ts';
import { photoId } from '../../data/paths.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, hashTree, ingestArgs, makeTree, publishedFiles, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';

const A = 'Order A/Family A/Species One';
const B = "Order A/Family B/Two's Species";
const C = 'Order B/Family C/Species Three';

describe('ingest of a small photo tree, then again from the cache', () => {
  let tree: Tree;
  let originalsBefore: Record<string, string>;

  beforeAll(async () => {
    tree = await makeTree({
      files: {
        [`${A}/gps.jpg`]: fixture('photos/epy_nikon-d3100_gps.jpg'),
        [`${A}/no-exif.jpg`]: fixture('exif/dc_sony-mavica-fd88_noexif.jpg'),
        [`${A}/same.jpg`]: fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        [`${B}/portrait.jpg`]: fixture('exif/dc_canon-5dmk3_orient6.jpg'),
        [`${C}/partial.jpg`]: fixture('exif/dc_polaroid-pdc640m.jpg'),
        [`${C}/png-photo.png`]: fixture('photos/exr_png-with-exif-and-gps.png'),
        [`${C}/same.jpg`]: fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        'Order B/Empty Family': null,
      },
      site: {
        owner: 'Test Owner',
        featured: [
          { species: 'Species Three', file: 'partial.jpg' },
          { species: 'Species One', file: 'gps.jpg' },
        ],
        covers: { 'Order A': `${A}/no-exif.jpg` },
      },
      credits: `# comment line\nfile\tauthor\tlicence\tlicence_url\tsource\n${A}/gps.jpg\tA. Person\tCC BY 2.0\thttps://creativecommons.org/licenses/by/2.0/\tsomewhere\n`,
    });
    originalsBefore = await hashTree(tree.photosDir);
  });
  afterAll(() => tree.cleanup());

  const manifest = async <T>(file: string, schema: { parse(v: unknown): T }) => schema.parse(await readJson(path.join(tree.publicDir, file)));
  const entryOf = async (relative: string): Promise<PhotoEntry> => {
    const index = await manifest('photo-index.json', photoIndexSchema);
    const entry = index.photos[photoId(relative)];
    expect(entry, relative).toBeDefined();
    return entry!;
  };

  it('publishes every photo with valid manifests and a passing validate', async () => {
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.state.ingest?.counts).toEqual({ new: 7, updated: 0, unchanged: 0, removed: 0, failed: 0 });
    const validation = await runValidate(tree.outDir);
    expect(validation.problems).toEqual([]);
    expect(validation.manifests).toBe(5);
  });

  it('derives counts for every folder, including empty ones, and leaf files with their _lowq names', async () => {
    const structure = await manifest('life_list/life_list_structure.json', lifeListStructureSchema);
    expect(structure.file_count).toBe(7);
    expect(structure['Order B']).toMatchObject({ file_count: 3, 'Empty Family': { file_count: 0 } });
    expect(structure['Order A']).toMatchObject({ file_count: 4 });
    expect((structure['Order A'] as Record<string, unknown>)['Family A']).toEqual({
      file_count: 3,
      'Species One': { file_count: 3, files: ['gps.jpg', 'gps_lowq.jpg', 'no-exif.jpg', 'no-exif_lowq.jpg', 'same.jpg', 'same_lowq.jpg'] },
    });
  });

  it('numbers photos per species from 1 in file order and tags the featured ones fav', async () => {
    const birds = await manifest('bird-photos.json', birdPhotosSchema);
    expect(birds['Species One']).toEqual([
      { id: 1, tags: ['fav'] },
      { id: 2, tags: [] },
      { id: 3, tags: [] },
    ]);
    expect(birds['Species Three']).toEqual([
      { id: 1, tags: ['fav'] },
      { id: 2, tags: [] },
      { id: 3, tags: [] },
    ]);
    const info = await manifest('info.json', infoSchema);
    expect(info.featured).toEqual([photoId(`${C}/partial.jpg`), photoId(`${A}/gps.jpg`)]);
    expect(info.stats).toEqual({ speciesObserved: 3, speciesPhotographed: 3, photos: 7 });
    expect(info.publishing.basePath).toBe('/');
  });

  it('picks covers: the override, else a featured photo in the subtree, else the first photo', async () => {
    const covers = await manifest('life_list/cover_photos_full_paths.json', coverPhotosSchema);
    expect(covers['Order A']).toBe(`life_list/${A}/no-exif_lowq.jpg`);
    expect(covers['Order A/Family A']).toBe(`life_list/${A}/gps_lowq.jpg`);
    expect(covers['Order A/Family B']).toBe(`life_list/${B}/portrait_lowq.jpg`);
    expect(covers['Order B']).toBe(`life_list/${C}/partial_lowq.jpg`);
    expect(covers['Order B/Empty Family']).toBeUndefined();
  });

  it('records EXIF for display: null without any, Unknown for missing fields, size after orientation, credit', async () => {
    expect((await entryOf(`${A}/no-exif.jpg`)).exif).toBeNull();
    const partial = await entryOf(`${C}/partial.jpg`);
    expect(partial.exif).not.toBeNull();
    expect(Object.values(partial.exif!)).toContain('Unknown');
    const portrait = await entryOf(`${B}/portrait.jpg`);
    // The original is stored landscape with Orientation 6: published portrait.
    expect(portrait.height).toBeGreaterThan(portrait.width);
    expect(portrait.display.height).toBeGreaterThan(portrait.display.width);
    const gps = await entryOf(`${A}/gps.jpg`);
    expect(gps.exif?.camera).toMatch(/D3100/);
    expect(gps.credit).toEqual({ author: 'A. Person', licence: 'CC BY 2.0', licenceUrl: 'https://creativecommons.org/licenses/by/2.0/', source: 'somewhere' });
    expect(gps.placeholder.length).toBeGreaterThan(10);
    // The same file name in two folders gets two ids.
    expect(photoId(`${A}/same.jpg`)).not.toBe(photoId(`${C}/same.jpg`));
    await entryOf(`${C}/same.jpg`);
  });

  it('a second run with nothing changed rewrites no rendition', async () => {
    const before = await renditionTimes(tree);
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect(run.state.ingest?.counts).toEqual({ new: 0, updated: 0, unchanged: 7, removed: 0, failed: 0 });
    expect(await renditionTimes(tree)).toEqual(before);
  });

  it('a touched but unchanged photo stays unchanged; an edited one is redone', async () => {
    const touched = path.join(tree.photosDir, 'life_list', A, 'gps.jpg');
    const later = new Date(Date.now() + 60_000);
    await utimes(touched, later, later);
    let run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.state.ingest?.counts.unchanged).toBe(7);

    const addedBefore = (await entryOf(`${C}/partial.jpg`)).addedAt;
    await copyFile(fixture('exif/dc_epson-photopc3100z.jpg'), path.join(tree.photosDir, 'life_list', C, 'partial.jpg'));
    run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.state.ingest?.counts).toEqual({ new: 0, updated: 1, unchanged: 6, removed: 0, failed: 0 });
    const edited = await entryOf(`${C}/partial.jpg`);
    expect(edited.exif?.camera).toMatch(/EPSON/);
    expect(edited.addedAt).toBe(addedBefore);
  });

  it('a changed setting redoes exactly the outputs it shapes', async () => {
    const before = await renditionTimes(tree);
    const site = (await readJson(path.join(tree.photosDir, 'site.json'))) as Record<string, unknown>;
    await writeFile(path.join(tree.photosDir, 'site.json'), JSON.stringify({ ...site, renditions: { webpQuality: 60 } }));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.state.ingest?.counts).toEqual({ new: 0, updated: 7, unchanged: 0, removed: 0, failed: 0 });
    const after = await renditionTimes(tree);
    for (const file of Object.keys(before)) {
      if (file.endsWith('.webp')) expect(after[file], file).not.toBe(before[file]);
      else expect(after[file], file).toBe(before[file]);
    }
  });

  it('a removed photo loses its renditions and entries', async () => {
    await rm(path.join(tree.photosDir, 'life_list', C, 'same.jpg'));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.state.ingest?.counts).toMatchObject({ removed: 1, unchanged: 6 });
    const files = await publishedFiles(tree.publicDir);
    expect(files.filter((f) => f.startsWith(`life_list/${C}/same`))).toEqual([]);
    const index = await manifest('photo-index.json', photoIndexSchema);
    expect(index.photos[photoId(`${C}/same.jpg`)]).toBeUndefined();
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it('a corrupt cache is reported as a warning and rebuilt; renditions nobody lists any more are swept', async () => {
    await writeFile(path.join(tree.outDir, 'cache', 'ingest-cache.json'), '{ not json');
    const orphan = path.join(tree.publicDir, 'life_list', C, 'deleted-meanwhile_lowq.jpg');
    await writeFile(orphan, 'left by a photo deleted while the cache was lost');
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/cache could not be read.*rebuilt/);
    expect(run.state.ingest?.counts.new).toBe(6);
    expect(await publishedFiles(tree.publicDir)).not.toContain(`life_list/${C}/deleted-meanwhile_lowq.jpg`);
    const again = await runCli(ingestArgs(tree, '--quiet'));
    expect(again.state.ingest?.counts.unchanged).toBe(6);
  });

  it('rebuilds renditions when public/ was wiped but the cache was kept', async () => {
    await rm(tree.publicDir, { recursive: true });
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it('rolls forward a manifest set left half-committed by a killed run', async () => {
    const indexPath = path.join(tree.publicDir, 'photo-index.json');
    const good = await readFile(indexPath, 'utf8');
    // A killed run: the journal was written, one rename happened, the rest did not.
    const pending = path.join(tree.publicDir, '.photo-index.json.tmp-1-deadbeef');
    await writeFile(pending, good);
    await rm(indexPath);
    await writeFile(path.join(tree.outDir, 'cache', 'manifests.journal.json'), JSON.stringify({ renames: [{ from: pending, to: indexPath }] }));
    await writeFile(path.join(tree.publicDir, 'life_list', '.stray.jpg.tmp-1-cafe'), 'half a file');
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(0);
    expect((await publishedFiles(tree.publicDir)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('never writes to the originals', async () => {
    const after = await hashTree(tree.photosDir);
    for (const [file, hash] of Object.entries(originalsBefore)) {
      if (file.startsWith('life_list/') && after[file] !== undefined && !file.endsWith('partial.jpg')) expect(after[file], file).toBe(hash);
    }
  });
});

async function renditionTimes(tree: Tree): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const file of await publishedFiles(tree.publicDir)) {
    if (file.startsWith('life_list/') && !file.endsWith('.json')) times[file] = (await stat(path.join(tree.publicDir, file))).mtimeMs;
  }
  return times;
}

