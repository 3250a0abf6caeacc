import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { parseSiteConfig, type SiteConfigInput } from '../../data/site-config.ts';
import { syntheticPhoto, type SyntheticPhotoSpec } from './synthetic-photo.ts';

/**
 * Photo sets the benchmark generates for itself under bench/.photos/ (git-ignored):
 * a photos/ folder as the owner has one (life_list/<Order>/<Family>/<Species>/ and site.json).
 * A set is reused when its marker says it was made from the same recipe, so runs compare.
 */
export const PHOTO_ROOT = path.resolve(import.meta.dirname, '..', '.photos');
const RECIPE_VERSION = 2;

export interface LargeSetRecipe {
  kind: 'large';
  count: number;
  width: number;
  height: number;
  quality: number;
  grain: number;
}

export interface PhotoSet {
  dir: string;
  count: number;
  /** Paths of the photos, relative to dir/life_list. */
  photos: string[];
  bytes: number;
  description: string;
}

const TAXONOMY = [
  ['Accipitriformes', 'Hawks, Eagles, and Kites', ['Bald Eagle', "Cooper's Hawk", 'Red-tailed Hawk', 'Osprey']],
  ['Anseriformes', 'Ducks, Geese, and Waterfowl', ['Wood Duck', 'Snow Goose', 'Hooded Merganser']],
  ['Charadriiformes', 'Gulls, Terns, and Skimmers', ['Black Skimmer', 'Royal Tern', 'Laughing Gull']],
  ['Passeriformes', 'Wrens', ['Carolina Wren', 'Marsh Wren']],
  ['Pelecaniformes', 'Herons, Egrets, and Bitterns', ['Great Blue Heron', 'Snowy Egret', 'Green Heron']],
  ['Strigiformes', 'Owls', ['Barred Owl', 'Snowy Owl', 'Burrowing Owl']],
] as const;

/** Folder of the i-th photo: real-looking names while they last, then numbered species so every leaf stays unique. */
function folderOf(index: number, count: number): string[] {
  const species = TAXONOMY.flatMap(([order, family, names]) => names.map((name) => [order, family, name]));
  // Small sets spread over the named species (a few photos each, as in a real Life List);
  // large ones add numbered species of five photos each.
  const perSpecies = count <= species.length * 4 ? Math.ceil(count / species.length) : 5;
  const slot = Math.floor(index / perSpecies);
  const known = species[slot];
  if (known) return [...known];
  const [order, family] = TAXONOMY[slot % TAXONOMY.length]!;
  return [order, family, `Species ${String(slot).padStart(4, '0')}`];
}

function fileNameOf(index: number): string {
  return index % 3 === 0 ? `IMG_${String(1000 + index).padStart(4, '0')}.JPG` : `DSC_${String(index).padStart(4, '0')}.jpg`;
}

function layout(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [...folderOf(i, count), fileNameOf(i)].join('/'));
}

async function writeSiteJson(dir: string, photos: string[]): Promise<void> {
  const featured = photos.slice(0, 8).map((p) => {
    const parts = p.split('/');
    return { species: parts[parts.length - 2]!, file: parts[parts.length - 1]! };
  });
  const config: SiteConfigInput = { owner: 'Benchmark Photographer', gear: ['Synthetic camera'], featured };
  parseSiteConfig(config, 'bench site.json');
  await fs.writeFile(path.join(dir, 'site.json'), `${JSON.stringify(config, null, 2)}\n`);
}

async function readMarker(dir: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, '.bench-set.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

async function sizeOf(dir: string, photos: string[]): Promise<number> {
  let total = 0;
  for (const p of photos) total += (await fs.stat(path.join(dir, 'life_list', p))).size;
  return total;
}

async function prepare(dir: string, recipe: object, make: (photos: string[]) => Promise<void>, count: number, log: (line: string) => void): Promise<string[]> {
  const photos = layout(count);
  const wanted = JSON.stringify({ version: RECIPE_VERSION, ...recipe });
  if (existsSync(dir) && JSON.stringify(await readMarker(dir)) === wanted) return photos;
  log(`generating ${dir} (${count} photos)…`);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  for (const p of photos) await fs.mkdir(path.join(dir, 'life_list', path.dirname(p)), { recursive: true });
  await make(photos);
  await writeSiteJson(dir, photos);
  // Written last: an interrupted generation is redone on the next run.
  await fs.writeFile(path.join(dir, '.bench-set.json'), wanted);
  return photos;
}

/** Large camera-like JPEGs, one seed per photo; every fourth one is a portrait shot (orientation 6). */
export async function largeSet(recipe: LargeSetRecipe, log: (line: string) => void): Promise<PhotoSet> {
  const dir = path.join(PHOTO_ROOT, `large-${recipe.count}-${recipe.width}x${recipe.height}`);
  const photos = await prepare(
    dir,
    recipe,
    async (list) => {
      for (const [i, p] of list.entries()) {
        const spec: SyntheticPhotoSpec = { seed: 1000 + i, width: recipe.width, height: recipe.height, orientation: i % 4 === 1 ? 6 : 1, quality: recipe.quality, grain: recipe.grain };
        await fs.writeFile(path.join(dir, 'life_list', p), await syntheticPhoto(spec));
      }
    },
    recipe.count,
    log,
  );
  const bytes = await sizeOf(dir, photos);
  const megapixels = (recipe.width * recipe.height) / 1e6;
  const mp = megapixels.toFixed(megapixels < 10 ? 1 : 0);
  return { dir, count: photos.length, photos, bytes, description: `${photos.length} × ${mp} MP JPEG (${recipe.width}×${recipe.height}, q${recipe.quality}, mean ${(bytes / photos.length / 1e6).toFixed(1)} MB)` };
}

/**
 * `count` photos that are hard links to a few distinct files of `source` (copies where links fail):
 * every path is a separate photo to the pipeline, with no extra disk space or generation time.
 */
export async function linkedSet(source: PhotoSet, count: number, label: string, log: (line: string) => void): Promise<PhotoSet> {
  const dir = path.join(PHOTO_ROOT, `${label}-${count}`);
  const photos = await prepare(
    dir,
    { kind: 'linked', source: path.basename(source.dir), count },
    async (list) => {
      for (const [i, p] of list.entries()) {
        const from = path.join(source.dir, 'life_list', source.photos[i % source.photos.length]!);
        const to = path.join(dir, 'life_list', p);
        await fs.link(from, to).catch(() => fs.copyFile(from, to));
      }
    },
    count,
    log,
  );
  const bytes = await sizeOf(dir, photos);
  return { dir, count, photos, bytes, description: `${count} photos linked from ${source.description.replace(/^\d+ × /, '')}` };
}
