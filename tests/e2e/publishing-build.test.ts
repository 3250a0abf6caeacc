import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFile, speciesRoute } from '../../data/paths.ts';
import { isPhotoFile } from '../../data/publishing.ts';
import { filesUnder } from '../../node-lib/files.ts';
import { buildSite, type BuildResult } from '../../web/prerender/build-site.ts';

/**
 * `npm run build` for a named host with the photos on object storage (publishing.host and
 * publishing.assetOrigin): dist/ holds the pages, scripts and data and that host's files only;
 * the photos go to a folder of their own, which follows the library as photos come and go.
 */
const ORIGIN = 'https://photos.example.org/birds/';
const SPECIES = ['Falconiformes', 'Falcons', 'Merlin'];

let work: string;
let photos: string;
let first: BuildResult;

async function photo(file: string, shade: number): Promise<void> {
  const dir = join(photos, 'life_list', ...SPECIES);
  await mkdir(dir, { recursive: true });
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 90, b: 200 } } })
    .jpeg()
    .toFile(join(dir, file));
}

const build = () => buildSite({ photos, generated: join(work, 'generated'), out: join(work, 'dist'), quiet: true, nodeEnv: 'production' });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'publishing-build-'));
  photos = join(work, 'photos');
  await photo('m1.jpg', 20);
  await photo('m2.jpg', 200);
  await writeFile(join(photos, 'site.json'), JSON.stringify({ owner: 'Publishing Owner', publishing: { assetOrigin: ORIGIN, host: 'github-pages' } }));
  first = await build();
}, 600_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a build with publishing.assetOrigin and publishing.host', () => {
  it('writes the photos to a folder of their own beside dist/, and none into dist/', async () => {
    expect(first.photosOut).toBe(join(work, 'dist-photos'));
    const published = await filesUnder(first.photosOut!);
    const photoFiles = published.filter((file) => !file.startsWith('.'));
    expect(photoFiles.length).toBeGreaterThanOrEqual(2 * 3);
    expect(photoFiles.every(isPhotoFile)).toBe(true);
    expect(photoFiles.filter((file) => file.endsWith('_lowq.jpg')).sort()).toEqual(['m1_lowq.jpg', 'm2_lowq.jpg'].map((name) => ['life_list', ...SPECIES, name].join('/')));
    const dist = await filesUnder(first.out);
    expect(dist.filter(isPhotoFile)).toEqual([]);
    // The data files stay with the pages: the site fetches them from itself.
    expect(dist).toContain('life_list/life_list_structure.json');
    expect(dist).toContain(pageFile(speciesRoute('Merlin')));
  });

  it('points the pages at the asset origin', async () => {
    const html = await readFile(join(first.out, pageFile(speciesRoute('Merlin'))), 'utf8');
    expect(html).toContain(`${ORIGIN}life_list/Falconiformes/Falcons/Merlin/m1_lowq.jpg`);
  });

  it("writes the named host's files only", () => {
    expect(existsSync(join(first.out, '.nojekyll'))).toBe(true);
    for (const other of ['_headers', 'serve.json', 'vercel.json']) expect(existsSync(join(first.out, other)), other).toBe(false);
  });

  it("removes a deleted photo's files from the photos' folder on the next build", async () => {
    await rm(join(photos, 'life_list', ...SPECIES, 'm2.jpg'));
    const next = await build();
    const left = await filesUnder(next.photosOut!);
    expect(left.some((file) => file.includes('/m2'))).toBe(false);
    expect(left.some((file) => file.endsWith('m1_lowq.jpg'))).toBe(true);
  });
});
