import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * A built site of `photos` photos with `assetOrigin` set, at the file counts of a real build
 * (docs/performance.md: 10,000 photos make about 12,700 files in dist/ and 47,600 in
 * dist-photos/) but with small files: a publish with nothing to do reads no photo's bytes, so
 * their sizes do not change what it costs, and 3.6 GB written twice (here and in the loopback
 * bucket) would measure this machine's disk. Photos are random bytes (they do not compress),
 * pages and data text.
 */
export interface SyntheticDist {
  dist: string;
  photosOut: string;
  species: number;
}

const IMAGE_SUFFIXES = ['_lowq.jpg', '-360.webp', '-480.webp', '-720.webp', '.jpg'];
const PHOTO_BYTES = 2_000;

const speciesName = (s: number) => `Species ${String(s).padStart(4, '0')}`;
const speciesFolder = (s: number) => ['life_list', `Order ${s % 12}`, `Family ${s % 97}`, speciesName(s)];

async function write(file: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** The files of one photo: its renditions (dist-photos/) and its share page (dist/). */
async function writePhoto(set: SyntheticDist, s: number, photo: string): Promise<void> {
  for (const suffix of IMAGE_SUFFIXES) await write(path.join(set.photosOut, ...speciesFolder(s), `${photo}${suffix}`), randomBytes(PHOTO_BYTES));
  await write(path.join(set.dist, 'photo', photo, 'index.html'), `<!doctype html><title>${photo}</title><img src="/${speciesFolder(s).join('/')}/${photo}.jpg">`.padEnd(3_000, ' '));
}

/** A species' page and data file, listing its photos: what adding a photo to it rewrites. */
async function writeSpecies(set: SyntheticDist, s: number, photos: string[]): Promise<void> {
  const list = photos.map((p) => `<a href="/photo/${p}/">${p}</a>`).join('');
  await write(path.join(set.dist, 'species', speciesName(s), 'index.html'), `<!doctype html><title>${speciesName(s)}</title>${list}`.padEnd(4_000, ' '));
  await write(path.join(set.dist, 'site-data', 'species', `${speciesName(s)}.json`), JSON.stringify({ species: speciesName(s), photos }));
  await write(path.join(set.dist, 'life_list', ...speciesFolder(s).slice(1), 'files.json'), JSON.stringify({ files: photos }));
}

/** Photo i belongs to species i mod the species count. */
function photosOfSpecies(set: SyntheticDist, s: number, photos: number): string[] {
  const names = [];
  for (let i = s; i < photos; i += set.species) names.push(`p${i}`);
  return names;
}

export async function writeSyntheticDist(root: string, photos: number): Promise<SyntheticDist> {
  const set: SyntheticDist = { dist: path.join(root, 'dist'), photosOut: path.join(root, 'dist-photos'), species: Math.max(1, Math.round(photos / 16.7)) };
  for (let s = 0; s < set.species; s++) {
    const names = photosOfSpecies(set, s, photos);
    for (const photo of names) await writePhoto(set, s, photo);
    await writeSpecies(set, s, names);
  }
  for (let a = 0; a < 20; a++) await write(path.join(set.dist, 'assets', `chunk-${a}-${randomBytes(4).toString('hex')}.js`), `export const a${a} = ${JSON.stringify(randomBytes(3_000).toString('base64'))};`);
  for (const page of ['index.html', 'info/index.html', 'life-list/index.html', '404.html']) await write(path.join(set.dist, page), `<!doctype html><title>${page}</title>`.padEnd(5_000, ' '));
  await write(path.join(set.dist, 'sitemap.xml'), `<urlset>${photos}</urlset>`);
  return set;
}

/**
 * `count` new photos spread over two species, as an ingest and build after a shoot leave them:
 * their renditions and share pages, the two species' pages and data files, the home page and
 * the sitemap rewritten. Returns how many files that makes.
 */
export async function addPhotos(set: SyntheticDist, photos: number, count: number): Promise<number> {
  const touched = [0, 1];
  for (const s of touched) {
    const before = photosOfSpecies(set, s, photos);
    const added = Array.from({ length: count / touched.length }, (_, i) => `p${s}-new-${i}`);
    for (const photo of added) await writePhoto(set, s, photo);
    await writeSpecies(set, s, [...before, ...added]);
  }
  await write(path.join(set.dist, 'index.html'), `<!doctype html><title>home</title>${count} new`.padEnd(5_000, ' '));
  await write(path.join(set.dist, 'sitemap.xml'), `<urlset>${photos + count}</urlset>`);
  return count * (IMAGE_SUFFIXES.length + 1) + touched.length * 3 + 2;
}
