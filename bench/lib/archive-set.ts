import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { parseSiteConfig, type SiteConfigInput } from '../../data/site-config.ts';
import type { Log } from './context.ts';
import { largeSet, PHOTO_ROOT } from './photo-set.ts';

/**
 * The bench's birder's archive: small photos (hard links to a dozen generated ones) spread
 * evenly over species, 6 species a family and 5 families an order, the same shape at every
 * size, with the spec's home wall of 32 featured photos.
 */
const SMALL = { kind: 'large', count: 12, width: 960, height: 640, quality: 90, grain: 20 } as const;
const SPECIES_PER_FAMILY = 6;
const FAMILIES_PER_ORDER = 5;

export interface Archive {
  dir: string;
  photos: number;
  species: number;
  /** Species folders, relative to life_list/. */
  speciesFolders: string[];
}

/** `photos` photos spread evenly over `species` species, 6 species a family, 5 families an order: the same shape at every size. */
export async function archiveSet(photos: number, species: number, log: Log): Promise<Archive> {
  const source = await largeSet(SMALL, log);
  const dir = path.join(PHOTO_ROOT, `archive-${photos}-${species}`);
  const speciesFolders = Array.from({ length: species }, (_, s) => {
    const family = Math.floor(s / SPECIES_PER_FAMILY);
    const order = Math.floor(family / FAMILIES_PER_ORDER);
    return `Order ${String(order + 1).padStart(2, '0')}/Family ${String(family + 1).padStart(3, '0')}/Species ${String(s + 1).padStart(4, '0')}`;
  });
  const marker = path.join(dir, '.bench-set.json');
  const recipe = JSON.stringify({ version: 2, photos, species, source: path.basename(source.dir) });
  if (existsSync(marker) && (await fs.readFile(marker, 'utf8')) === recipe) return { dir, photos, species, speciesFolders };
  log(`archive: generating ${photos} photos in ${species} species (hard links)…`);
  await fs.rm(dir, { recursive: true, force: true });
  const files: string[] = [];
  for (let i = 0; i < photos; i++) {
    const folder = speciesFolders[Math.floor((i * species) / photos)]!;
    await fs.mkdir(path.join(dir, 'life_list', folder), { recursive: true });
    const file = `${folder}/DSC_${String(i).padStart(5, '0')}.jpg`;
    const from = path.join(source.dir, 'life_list', source.photos[i % source.photos.length]!);
    await fs.link(from, path.join(dir, 'life_list', file)).catch(() => fs.copyFile(from, path.join(dir, 'life_list', file)));
    files.push(file);
  }
  // The spec's home wall: 32 featured photos at every size, taken in turn from the species.
  const bySpecies = speciesFolders.map((folder) => files.filter((f) => f.startsWith(`${folder}/`)));
  const featured = Array.from({ length: Math.min(32, photos) }, (_, i) => {
    const file = bySpecies[i % species]![Math.floor(i / species)]!;
    return { species: file.split('/').at(-2)!, file: file.split('/').at(-1)! };
  });
  const config: SiteConfigInput = { owner: 'Benchmark Birder', gear: ['Synthetic camera'], featured };
  parseSiteConfig(config, 'bench site.json');
  await fs.writeFile(path.join(dir, 'site.json'), `${JSON.stringify(config, null, 2)}\n`);
  await fs.writeFile(marker, recipe);
  return { dir, photos, species, speciesFolders };
}
