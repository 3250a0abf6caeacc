import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDITS_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, NOT_FOUND_FILE, pageFile, photoId, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { buildSite, type BuildResult } from '../../web/prerender/build-site.ts';

/**
 * `npm run build` on a small tree, again and again: nothing changed rewrites nothing and
 * rebuilds no bundle; a photo added, changed or deleted rewrites exactly the pages it
 * touches (its species, the Life List levels above it, Info, its own share page, the
 * sitemap and feed) and a deleted photo's page disappears. Each test starts from the same
 * freshly built tree, so none depends on what another did: built once, kept aside, and put
 * back before each test (see restoreTree).
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const KESTREL = ['Falconiformes', 'Falcons', 'American Kestrel'];
const MERLIN = ['Falconiformes', 'Falcons', 'Merlin'];
const WREN = ['Passeriformes', 'Wrens', 'Carolina Wren'];

let work: string;
let photos: string;
let generated: string;
let out: string;

async function photo(segments: string[], file: string, shade: number): Promise<void> {
  const dir = join(photos, 'life_list', ...segments);
  await mkdir(dir, { recursive: true });
  await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .jpeg({ quality: 80 })
    .toFile(join(dir, file));
}

const build = (): Promise<BuildResult> => buildSite({ photos, generated, out, quiet: true, nodeEnv: 'production' });
const page = (route: string) => pageFile(route);
const shareOf = (segments: string[], file: string) => pageFile(photoShareRoute(photoId([...segments, file].join('/'))));

let pristine: string;
let pristineFiles: Map<string, string>;

/** Every file under `dir` with what a build compares (inode, size, time) and its content. */
async function signatures(dir: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const info = await stat(file);
    result.set(relative(dir, file), `${info.ino}:${info.size}:${info.mtimeMs}:${createHash('sha256').update(await readFile(file)).digest('hex')}`);
  }
  return result;
}

/**
 * Puts the tree built once back where it was built (the build keys its state by the output's
 * path, and the ingest its records by the photos' size and time). generated/ and dist/ come back
 * as hard links to the kept copy: the build's state names the published files by inode, and the
 * pipeline and the build replace files (write a new one, rename it) rather than write into them,
 * so the kept copy never changes (afterAll checks it). The photos, which the tests rewrite and
 * touch in place, come back as copies with their times (`cp -a`, to the nanosecond).
 */
function restoreTree(): void {
  const run = (args: string[]) => {
    const result = spawnSync('cp', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`cp ${args.join(' ')} failed: ${result.stderr}`);
  };
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  run(['-a', join(pristine, 'photos'), photos]);
  run(['-al', join(pristine, 'generated'), generated]);
  run(['-al', join(pristine, 'dist'), out]);
}

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'incremental-build-'));
  work = join(root, 'tree');
  pristine = join(root, 'kept');
  photos = join(work, 'photos');
  generated = join(work, 'generated');
  out = join(work, 'dist');
  await photo(KESTREL, 'k1.jpg', 10);
  await photo(KESTREL, 'k2.jpg', 40);
  await photo(MERLIN, 'm1.jpg', 80);
  await photo(WREN, 'w1.jpg', 120);
  await writeFile(join(photos, 'site.json'), JSON.stringify({ owner: 'Incremental Owner', featured: [{ species: 'Carolina Wren', file: 'w1.jpg' }] }));
  // The library's taxonomy (as `npm run taxonomy` leaves it): the species get their field-guide order.
  await mkdir(join(photos, 'taxonomy'));
  await copyFile(join(repo, 'tests/fixtures/sample-additions/taxonomy/taxonomy.tsv'), join(photos, 'taxonomy', 'taxonomy.tsv'));
  await build();
  // Kept aside as the tree is now: the photos copied with their times, the rest linked.
  mkdirSync(pristine);
  for (const [args, name] of [[['-a'], 'photos'], [['-al'], 'generated'], [['-al'], 'dist']] as const) {
    const result = spawnSync('cp', [...args, join(work, name), join(pristine, name)], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`cp of ${name} failed: ${result.stderr}`);
  }
  pristineFiles = await signatures(pristine);
}, 600_000);

beforeEach(() => restoreTree());

afterAll(async () => {
  if (!pristine) return;
  try {
    // Had a build written into a linked file, a later test would have started from another tree.
    expect(await signatures(pristine)).toEqual(pristineFiles);
  } finally {
    await rm(join(pristine, '..'), { recursive: true, force: true });
  }
});

describe('incremental build', () => {
  it('rewrites nothing and rebuilds no bundle when nothing changed', async () => {
    const before = (await stat(join(out, page(speciesRoute('Merlin'))))).mtimeMs;
    const again = await build();
    expect(again.upToDate).toBe(true);
    expect(again.bundled).toBe(false);
    expect(again.rendered).toEqual([]);
    expect(again.linked).toBe(0);
    expect(again.removed).toBe(0);
    expect((await stat(join(out, page(speciesRoute('Merlin'))))).mtimeMs).toBe(before);
  });

  it('checks every file again after an ingest that derived, and rewrites none that is unchanged', async () => {
    // Touched, not edited: the ingest derives again (its records changed) but makes the same files.
    const touched = join(photos, 'life_list', ...MERLIN, 'm1.jpg');
    const later = new Date(Date.now() + 60_000);
    await utimes(touched, later, later);
    const before = (await stat(join(out, page(speciesRoute('Merlin'))))).mtimeMs;
    const again = await build();
    expect(again.upToDate).toBe(false);
    expect(again.pages).toBeGreaterThan(0);
    expect(again.rendered).toEqual([]);
    expect(again.linked).toBe(0);
    expect((await stat(join(out, page(speciesRoute('Merlin'))))).mtimeMs).toBe(before);
    expect((await build()).upToDate).toBe(true);
  });

  it('rewrites exactly the pages an added photo touches', async () => {
    await photo(KESTREL, 'k3.jpg', 200);
    const result = await build();
    expect(result.rendered.sort()).toEqual(
      [
        page(speciesRoute('American Kestrel')),
        page(lifeListRoute(KESTREL)),
        page(lifeListRoute(KESTREL.slice(0, 2))),
        page(lifeListRoute(KESTREL.slice(0, 1))),
        page(lifeListRoute([])),
        // The taxonomic order's levels too: the library's taxonomy gives these species their place.
        page(lifeListRoute(KESTREL.slice(0, 2), 'taxonomic')),
        page(lifeListRoute(KESTREL.slice(0, 1), 'taxonomic')),
        page(lifeListRoute([], 'taxonomic')),
        page(INFO_ROUTE),
        shareOf(KESTREL, 'k3.jpg'),
        'sitemap.xml',
        'feed.xml',
      ].sort(),
    );
    // Untouched: another species of the same family, another order, home, credits.
    for (const untouched of [speciesRoute('Merlin'), lifeListRoute(MERLIN), lifeListRoute(WREN), '/', CREDITS_ROUTE]) expect(result.rendered).not.toContain(page(untouched));
  });

  it('rewrites a changed photo’s pages, and removes a deleted photo’s page and renditions', async () => {
    await photo(MERLIN, 'm1.jpg', 250);
    const changed = await build();
    expect(changed.rendered).toContain(shareOf(MERLIN, 'm1.jpg'));
    expect(changed.rendered).toContain(page(speciesRoute('Merlin')));
    expect(changed.rendered).not.toContain(page(speciesRoute('American Kestrel')));

    const share = join(out, shareOf(KESTREL, 'k2.jpg'));
    expect(existsSync(share)).toBe(true);
    await rm(join(photos, 'life_list', ...KESTREL, 'k2.jpg'));
    const removed = await build();
    expect(existsSync(share)).toBe(false);
    expect(existsSync(join(out, 'life_list', ...KESTREL, 'k2.jpg'))).toBe(false);
    expect(removed.removed).toBeGreaterThanOrEqual(2);
    expect(removed.rendered).toContain(page(speciesRoute('American Kestrel')));
    expect(removed.rendered).not.toContain(page(speciesRoute('Merlin')));
  });

  it('removes the pages of a species whose last photo was deleted', async () => {
    await rm(join(photos, 'life_list', ...WREN, 'w1.jpg'));
    const result = await build();
    expect(existsSync(join(out, page(speciesRoute('Carolina Wren'))))).toBe(false);
    expect(existsSync(join(out, page(lifeListRoute(WREN))))).toBe(false);
    // Its order has no photo left: hidden, so no page.
    expect(existsSync(join(out, page(lifeListRoute(WREN.slice(0, 1)))))).toBe(false);
    expect(result.rendered).toContain(page(lifeListRoute([])));
  });

  it('an eBird export added, then taken away: the footer of every page links the Lists only while there is one', async () => {
    const footerLinksLists = async (file: string) => (await readFile(join(out, file), 'utf8')).includes(`href="${LISTS_ROUTE}"`);
    const everyKind = [page('/'), page(CREDITS_ROUTE), page(speciesRoute('Merlin')), NOT_FOUND_FILE];
    for (const file of everyKind) expect(await footerLinksLists(file), file).toBe(false);
    await mkdir(join(photos, 'ebird'));
    await copyFile(new URL('../fixtures/ebird/sample-MyEBirdData.csv', import.meta.url), join(photos, 'ebird', 'MyEBirdData.csv'));
    await build();
    for (const file of everyKind) expect(await footerLinksLists(file), file).toBe(true);
    await rm(join(photos, 'ebird'), { recursive: true });
    await build();
    for (const file of everyKind) expect(await footerLinksLists(file), file).toBe(false);
  });

  it('builds everything again into a dist/ that was deleted', async () => {
    await rm(out, { recursive: true, force: true });
    const result = await build();
    expect(result.bundled).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, page(speciesRoute('Merlin'))))).toBe(true);
    expect(result.rendered.length).toBe(result.pages + 3);
  });
});
