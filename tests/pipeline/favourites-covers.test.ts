import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPhotosSchema, infoSchema, photoIndexSchema, MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { homeDataSchema, siteDataPaths } from '../../data/site-data-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, xmpSidecar, type Tree } from '../../harness/ingest-tree.ts';

/**
 * Favourites and covers marked where the owner marks them: keywords and ratings written into real
 * photos by a real ExifTool, or kept in `.xmp` sidecars beside them, as Lightroom and darktable do.
 */

const JPEG = fixture('photos/epy_nikon-d3100_gps.jpg');

let tree: Tree;
let exiftool: ExifTool;

const photo = (relative: string) => path.join(tree.photosDir, 'life_list', ...relative.split('/'));
const publicJson = async (relative: string) => readJson(path.join(tree.publicDir, relative));
const SITE = {
  owner: 'Test Owner',
  featured: [{ species: 'Teal', file: 'listed.jpg' }],
  favourites: { keyword: 'featured', minRating: 5 },
  covers: { 'Ducks/Teal': 'Ducks/Teal/listed.jpg' },
};

/** The home wall as the ingest publishes it: species/file of each photo, in order. */
async function wall(): Promise<string[]> {
  const info = infoSchema.parse(await publicJson(MANIFEST_FILES.info));
  const index = photoIndexSchema.parse(await publicJson(MANIFEST_FILES.photoIndex));
  const home = homeDataSchema.parse(await publicJson(siteDataPaths.home));
  expect(home.photos).toHaveLength(info.featured.length);
  return info.featured.map((id) => `${index.photos[id]!.species}/${index.photos[id]!.fileName}`);
}

beforeAll(async () => {
  tree = await makeTree({
    files: {
      'Ducks/Mallard/a-plain.jpg': JPEG,
      'Ducks/Mallard/b-old.jpg': JPEG,
      'Ducks/Mallard/c-cover.jpg': JPEG,
      'Ducks/Mallard/d-new.jpg': JPEG,
      'Ducks/Teal/listed.jpg': JPEG,
      'Ducks/Teal/rated.jpg': JPEG,
    },
    site: SITE,
  });
  exiftool = new ExifTool({ maxProcs: 1 });
  const write = (relative: string, tags: string[]) => exiftool.write(photo(relative), {}, { writeArgs: ['-overwrite_original', ...tags] });
  await write('Ducks/Mallard/a-plain.jpg', ['-DateTimeOriginal=2024:07:01 08:00:00']);
  await write('Ducks/Mallard/b-old.jpg', ['-XMP-dc:Subject=Featured', '-DateTimeOriginal=2023:01:01 08:00:00']);
  await write('Ducks/Mallard/c-cover.jpg', ['-XMP-dc:Subject=cover', '-DateTimeOriginal=2022:01:01 08:00:00']);
  await write('Ducks/Mallard/d-new.jpg', ['-DateTimeOriginal=2024:06:01 08:00:00']);
  await write('Ducks/Teal/rated.jpg', ['-XMP-dc:Subject=cover', '-DateTimeOriginal=2024:03:01 08:00:00']);
  // The sidecars hold what the owner set in Lightroom: they win over the photos' own keywords and rating.
  await writeFile(photo('Ducks/Mallard/d-new.xmp'), xmpSidecar({ hierarchical: ['Portfolio|featured'] }));
  await writeFile(photo('Ducks/Teal/rated.jpg.xmp'), xmpSidecar({ keywords: ['cover'], rating: 5 }));
}, 120_000);

afterAll(async () => {
  await exiftool?.end();
  await tree?.cleanup();
});

describe('favourites and covers marked by keyword and rating', () => {
  it("puts site.json's featured list first, then the marked photos newest first", async () => {
    const run = await runCli(ingestArgs(tree));
    expect(run.stderr).not.toMatch(/[✗!] /);
    expect(run.code).toBe(0);
    expect(await wall()).toEqual(['Teal/listed.jpg', 'Mallard/d-new.jpg', 'Teal/rated.jpg', 'Mallard/b-old.jpg']);
  }, 120_000);

  it("makes a cover-keyworded photo its species' and folders' cover, unless site.json names one", async () => {
    const covers = coverPhotosSchema.parse(await publicJson(MANIFEST_FILES.coverPhotos));
    expect(covers).toEqual({
      Ducks: 'life_list/Ducks/Mallard/c-cover_lowq.jpg',
      'Ducks/Mallard': 'life_list/Ducks/Mallard/c-cover_lowq.jpg',
      'Ducks/Teal': 'life_list/Ducks/Teal/listed_lowq.jpg',
    });
  });

  it('follows a changed sidecar and site.json on the next ingest', async () => {
    await writeFile(photo('Ducks/Mallard/d-new.xmp'), xmpSidecar({ keywords: ['duck'] }));
    await writeFile(path.join(tree.photosDir, 'site.json'), JSON.stringify({ ...SITE, covers: {} }));
    const run = await runCli(ingestArgs(tree));
    expect(run.code).toBe(0);
    expect(await wall()).toEqual(['Teal/listed.jpg', 'Teal/rated.jpg', 'Mallard/b-old.jpg']);
    const covers = coverPhotosSchema.parse(await publicJson(MANIFEST_FILES.coverPhotos));
    expect(covers['Ducks/Teal']).toBe('life_list/Ducks/Teal/rated_lowq.jpg');
  }, 120_000);
});
