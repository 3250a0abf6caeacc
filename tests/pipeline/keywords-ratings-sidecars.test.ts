import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birdPhotosSchema, lifeListStructureSchema, photoIndexSchema, type LifeListFolder } from '../../data/manifest-schemas.ts';
import { levelDataSchema, siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { formatTaxonomyFile, taxonomyPath } from '../../pipeline/taxonomy/library-file.ts';
import { fixture, readJson, runCli, xmpSidecar as sidecar, type CliRun } from '../../harness/ingest-tree.ts';

/**
 * A library as a Lightroom or darktable user keeps it: the owner's own Order/Family folders, species
 * folders dropped straight into life_list/, and an inbox of exported photos placed by their species
 * keywords, with ratings, rejects and `.xmp` sidecars. Real files, written by a real ExifTool.
 */

const JPEG = fixture('photos/epy_nikon-d3100_gps.jpg');
/** IPTC keywords 'tit' and 'garden': words, but no species. */
const JPEG_WITHOUT_SPECIES = fixture('photos/derived_nikon-d3100_iptc-words.jpg');

let root: string;
let photosDir: string;
let outDir: string;
let exiftool: ExifTool;

async function put(relative: string, source: string, tags?: string[]): Promise<void> {
  const target = path.join(photosDir, ...relative.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  if (tags) await exiftool.write(target, {}, { writeArgs: ['-overwrite_original', ...tags] });
}

async function text(relative: string, content: string): Promise<void> {
  const target = path.join(photosDir, ...relative.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
}

const ingest = (...extra: string[]) => runCli(['ingest', '--photos', photosDir, '--out', outDir, '--concurrency', '2', ...extra]);
const publicFile = (relative: string) => path.join(outDir, 'public', relative);
const childNames = (folder: LifeListFolder) => Object.keys(folder).filter((k) => k !== 'file_count' && k !== 'files');

/** The library's taxonomy, as `npm run taxonomy` leaves it in photos/taxonomy/. */
const CHECKLIST = formatTaxonomyFile({ source: 'Test checklist', edition: 'v1', from: 'test', retrieved: '2025-01-01' }, [
  { code: 'mallar3', sequence: 1, scientificName: 'Anas platyrhynchos', englishName: 'Mallard', otherEnglishNames: [], order: 'Anseriformes', family: 'Anatidae', familyEnglish: 'Ducks, Geese, and Waterfowl' },
  { code: 'osprey', sequence: 2, scientificName: 'Pandion haliaetus', englishName: 'Osprey', otherEnglishNames: ['Western Osprey'], order: 'Accipitriformes', family: 'Pandionidae', familyEnglish: 'Osprey' },
  { code: 'rocwre', sequence: 3, scientificName: 'Salpinctes obsoletus', englishName: 'Rock Wren', otherEnglishNames: [], order: 'Passeriformes', family: 'Troglodytidae', familyEnglish: 'Wrens' },
  { code: 'canwre', sequence: 4, scientificName: 'Catherpes mexicanus', englishName: 'Canyon Wren', otherEnglishNames: [], order: 'Passeriformes', family: 'Troglodytidae', familyEnglish: 'Wrens' },
]);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'keywords-test-'));
  photosDir = path.join(root, 'photos');
  await mkdir(path.dirname(taxonomyPath(photosDir)), { recursive: true });
  await writeFile(taxonomyPath(photosDir), CHECKLIST);
  outDir = path.join(root, 'generated');
  exiftool = new ExifTool({ maxProcs: 1 });
  await writeFile(path.join(await mkdirP(photosDir), 'site.json'), JSON.stringify({ owner: 'Test Owner' }));
  // The owner's own tree, with the family named in English.
  await put('life_list/Passeriformes/Wrens/Rock Wren/rock.jpg', JPEG);
  // Species folders dropped straight into life_list/.
  await put('life_list/Canyon Wren/canyon.jpg', JPEG);
  await put('life_list/Mallard/mallard.jpg', JPEG);
  await put('life_list/Mallard/rejected.jpg', JPEG, ['-XMP-xmp:Rating=-1']);
  // The inbox, as an export writes it: dated folders.
  await put('inbox/2024-05-01/IMG_0001.jpg', JPEG, ['-XMP-dc:Subject=Osprey', '-XMP-dc:Subject=flight', '-XMP-xmp:Rating=2']);
  // A mixed flock named in the sidecar, which wins over the photo's own keyword and title.
  await put('inbox/2024-05-01/IMG_0002.jpg', JPEG, ['-XMP-dc:Subject=Osprey', '-XMP-dc:Title=Embedded title']);
  await text('inbox/2024-05-01/IMG_0002.xmp', sidecar({ keywords: ['Mallard'], hierarchical: ['Birds|Wrens|Canyon Wren'], rating: 3, title: 'Mixed flock' }));
  await put('inbox/2024-05-01/IMG_0003.jpg', JPEG_WITHOUT_SPECIES);
  // A damaged darktable-style sidecar: a warning, and the photo's own keywords place it.
  await put('inbox/2024-05-02/IMG_0004.jpg', JPEG, ['-IPTC:Keywords=Rock Wren']);
  await text('inbox/2024-05-02/IMG_0004.jpg.xmp', '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Descr');
}, 120_000);

async function mkdirP(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

afterAll(async () => {
  await exiftool?.end();
  await rm(root, { recursive: true, force: true });
});

describe('a library of owner folders, flat species folders and a keyworded inbox', () => {
  let first: CliRun;
  beforeAll(async () => {
    first = await ingest();
  }, 120_000);

  it('places every species under its order and family, joining the owner’s own folders', async () => {
    const structure = lifeListStructureSchema.parse(await readJson(publicFile('life_list/life_list_structure.json')));
    expect(childNames(structure).sort()).toEqual(['Accipitriformes', 'Anseriformes', 'Passeriformes']);
    const wrens = (structure.Passeriformes as LifeListFolder).Wrens as LifeListFolder;
    expect(childNames(wrens).sort()).toEqual(['Canyon Wren', 'Rock Wren']);
    expect(childNames((structure.Anseriformes as LifeListFolder)['Ducks, Geese, and Waterfowl'] as LifeListFolder)).toEqual(['Mallard']);
    expect(childNames((structure.Accipitriformes as LifeListFolder).Osprey as LifeListFolder)).toEqual(['Osprey']);
  });

  it('publishes a mixed flock on both species, rejects nothing rated, and leaves out the rejected and the species-less', async () => {
    const birdPhotos = birdPhotosSchema.parse(await readJson(publicFile('bird-photos.json')));
    const index = photoIndexSchema.parse(await readJson(publicFile('photo-index.json')));
    const bySpecies = (species: string) => Object.values(index.photos).filter((p) => p.species === species).map((p) => p.fileName).sort();
    expect(Object.keys(birdPhotos).sort()).toEqual(['Canyon Wren', 'Mallard', 'Osprey', 'Rock Wren']);
    expect(bySpecies('Canyon Wren')).toEqual(['IMG_0002.jpg', 'canyon.jpg']);
    expect(bySpecies('Mallard')).toEqual(['IMG_0002.jpg', 'mallard.jpg']);
    expect(bySpecies('Osprey')).toEqual(['IMG_0001.jpg']);
    expect(bySpecies('Rock Wren')).toEqual(['IMG_0004.jpg', 'rock.jpg']);
    // Without an eBird export, every species still gets its scientific name, from the taxonomy.
    expect(Object.values(index.photos).find((p) => p.species === 'Canyon Wren')?.scientificName).toBe('Catherpes mexicanus');
    const page = speciesDataSchema.parse(await readJson(publicFile(siteDataPaths.species('Canyon Wren'))));
    expect(page.scientificName).toBe('Catherpes mexicanus');
    const flock = Object.values(index.photos).filter((p) => p.fileName === 'IMG_0002.jpg');
    for (const photo of flock) {
      expect(photo.title).toBe('Mixed flock');
      expect(photo.keywords).toEqual(['Mallard']);
    }
  });

  it("gives each photo its species' place in the taxonomy's sequence, so the Life List has a taxonomic order without an export", async () => {
    const index = photoIndexSchema.parse(await readJson(publicFile('photo-index.json')));
    const sequences = Object.fromEntries(Object.values(index.photos).map((p) => [p.species, p.taxonSequence]));
    expect(sequences).toEqual({ Mallard: 1, Osprey: 2, 'Rock Wren': 3, 'Canyon Wren': 4 });
    const root = levelDataSchema.parse(await readJson(publicFile(siteDataPaths.level([]))));
    if (root.kind !== 'folders') throw new Error('the root is a folder level');
    // A folder takes its first species' place: the order the field guide shows them in.
    expect(root.cards.map((c) => [c.name, c.taxonOrder])).toEqual([
      ['Accipitriformes', 2],
      ['Anseriformes', 1],
      ['Passeriformes', 3],
    ]);
  });

  it('reports what it left out and why, with paths, and exits 1 for the photo it could not place', () => {
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('Left out as you rated them: 1 rejected.');
    expect(first.stderr).toMatch(/✗ inbox\/2024-05-01\/IMG_0003\.jpg: names no bird species in its keywords \(tit, garden\), so it is not published/);
    expect(first.stderr).toMatch(/! inbox\/2024-05-02\/IMG_0004\.jpg\.xmp: sidecar is damaged/);
    expect(first.stderr).not.toMatch(/rejected\.jpg/);
  });

  it('a changed sidecar re-places just that photo on the next run, and nothing else is redone', async () => {
    const settled = await ingest();
    expect(settled.stdout).toMatch(/0 new, 0 updated, 7 unchanged/);
    await text('inbox/2024-05-01/IMG_0002.xmp', sidecar({ keywords: ['Osprey'], rating: 3, title: 'Mixed flock' }));
    const run = await ingest();
    expect(run.stdout).toMatch(/1 new, 0 updated, 5 unchanged, 2 removed, 0 failed/);
    const index = photoIndexSchema.parse(await readJson(publicFile('photo-index.json')));
    expect(Object.values(index.photos).filter((p) => p.fileName === 'IMG_0002.jpg').map((p) => p.species)).toEqual(['Osprey']);
  }, 120_000);
  it('publishing.minRating leaves out what is rated lower, in life_list/ and inbox/ alike', async () => {
    await writeFile(path.join(photosDir, 'site.json'), JSON.stringify({ owner: 'Test Owner', publishing: { minRating: 3 } }));
    const run = await ingest();
    // The species-less inbox photo is unrated too, so the rating leaves it out first.
    expect(run.stdout).toContain('Left out as you rated them: 1 rejected, 6 rated below 3 stars (publishing.minRating).');
    const index = photoIndexSchema.parse(await readJson(publicFile('photo-index.json')));
    expect(Object.values(index.photos).map((p) => `${p.species}/${p.fileName}`).sort()).toEqual(['Osprey/IMG_0002.jpg']);
    await writeFile(path.join(photosDir, 'site.json'), JSON.stringify({ owner: 'Test Owner' }));
  }, 120_000);

});
