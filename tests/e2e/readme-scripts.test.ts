import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDITS_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, NOT_FOUND_FILE, pageFile, photoId, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { aSpeciesPage, freshCopy, runScript, startUntilServing } from '../../harness/readme-commands.ts';
import { freePort } from '../../harness/ports.ts';
import type { BuildResult, buildSite as BuildSite } from '../../web/prerender/build-site.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const FIRST_PHOTOS = [
  ['Canyon Wren', 'epy_nikon-d3100_gps.jpg'],
  ['Rock Wren', 'derived_nikon-d3100_iptc-words.jpg'],
] as const;
const KESTREL = ['Falconiformes', 'Falcons', 'American Kestrel'];
const MERLIN = ['Falconiformes', 'Falcons', 'Merlin'];
const WREN = ['Passeriformes', 'Wrens', 'Carolina Wren'];

/**
 * Every script the README lists, run as a new user types it (`npm run <script>`) in a fresh copy
 * of the project: the files a clone has, node_modules as `npm ci` leaves it (linked, without its
 * cache), and a clean environment with no NODE_ENV. A broken script is a red CI here, not an
 * owner's bug report. (`npm start` itself is run by .ci/run on CI's own clean checkout.)
 *
 * Between the builds and the scripts that serve them, the incremental build is checked on the
 * tree `npm run build` left (so nothing is built twice for the two): `npm run build` again and
 * again, as the copy's own build-site.ts runs it, rewrites exactly what a change touches.
 */
let project: string;
let photos: string;
let generated: string;
let out: string;

/** A small photo of its own shade in a species folder of the copy's library. */
async function photo(segments: string[], file: string, shade: number): Promise<void> {
  const dir = join(photos, 'life_list', ...segments);
  await mkdir(dir, { recursive: true });
  await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .jpeg({ quality: 80 })
    .toFile(join(dir, file));
}

beforeAll(async () => {
  project = await freshCopy(repo, 'readme-scripts-');
  photos = join(project, 'photos');
  generated = join(project, 'data/generated');
  out = join(project, 'dist');
  // An owner's first photos in place of the sample, which .ci/run's `npm start` ingests whole:
  // every script still does all its work, on a library that costs seconds. Two camera files, and
  // four small photos in three species the incremental build's checks change.
  await rm(photos, { recursive: true, force: true });
  await mkdir(photos);
  await writeFile(join(photos, 'site.json'), JSON.stringify({ owner: 'A New Owner', featured: [{ species: 'Carolina Wren', file: 'w1.jpg' }] }));
  for (const [species, file] of FIRST_PHOTOS) {
    await mkdir(join(photos, 'life_list/Birds', species), { recursive: true });
    await cp(join(repo, 'tests/fixtures/photos', file), join(photos, 'life_list/Birds', species, file));
  }
  await photo(KESTREL, 'k1.jpg', 10);
  await photo(KESTREL, 'k2.jpg', 40);
  await photo(MERLIN, 'm1.jpg', 80);
  await photo(WREN, 'w1.jpg', 120);
  // The library's taxonomy (as `npm run taxonomy` leaves it): the species get their field-guide order.
  await mkdir(join(photos, 'taxonomy'));
  await copyFile(join(repo, 'tests/fixtures/sample-additions/taxonomy/taxonomy.tsv'), join(photos, 'taxonomy', 'taxonomy.tsv'));
});
afterAll(() => rm(project, { recursive: true, force: true }));

const expectSuccess = async (script: string, args: string[] = []) => {
  const { status, output, outlived } = await runScript(project, script, args);
  expect(status, `npm run ${script} ${args.join(' ')}\n${output}`).toBe(0);
  expect(outlived, `processes npm run ${script} left running`).toEqual([]);
  return output;
};

describe("the README's scripts, in a fresh copy: ingest and build", () => {
  it('npm run ingest publishes the photos, and npm run validate passes them', async () => {
    const ingest = await expectSuccess('ingest');
    expect(ingest).toMatch(/Done in [\d.]+ s: 6 new/);
    expect(aSpeciesPage(project)).toMatch(/^\/species\/.+\/$/);
    await expectSuccess('validate');
  });

  it('npm run build with a broken site.json says so, and builds once it is mended (nothing to delete by hand)', async () => {
    const settings = join(photos, 'site.json');
    const good = await readFile(settings, 'utf8');
    await writeFile(settings, good.replace('}', ','));
    const broken = await runScript(project, 'build');
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain('site.json');
    await writeFile(settings, good);
  });

  it('npm run build builds the site into dist/, twice in a row', async () => {
    await expectSuccess('build');
    const species = aSpeciesPage(project);
    expect(species).toBeDefined();
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, decodeURIComponent(species ?? ''), 'index.html'))).toBe(true);
    expect(await expectSuccess('build')).toContain('dist/ is up to date');
  });
});

/**
 * `npm run build` on the tree the README's build left, again and again: nothing changed
 * rewrites nothing and rebuilds no bundle; a photo added, changed or deleted rewrites exactly
 * the pages it touches (its species, the Life List levels above it, Info, its own share page,
 * the sitemap and feed) and a deleted photo's page disappears. Each test starts from that same
 * tree, so none depends on what another did: kept aside, and put back before each test and
 * after the last (see restoreTree), for the README's scripts that follow.
 */
describe('incremental build', () => {
  let build: () => Promise<BuildResult>;
  let pristine: string;
  let pristineFiles: Map<string, string>;
  const page = (route: string) => pageFile(route);
  const shareOf = (segments: string[], file: string) => pageFile(photoShareRoute(photoId([...segments, file].join('/'))));
  const TREE = [
    ['-a', 'photos'],
    ['-al', 'generated'],
    ['-al', 'dist'],
  ] as const;
  const inProject = (name: string) => ({ photos, generated, dist: out })[name]!;

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

  const copy = (args: string[]) => {
    const result = spawnSync('cp', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`cp ${args.join(' ')} failed: ${result.stderr}`);
  };

  /**
   * Puts the tree the README's build left back where it was built (the build keys its state by
   * the output's path, and the ingest its records by the photos' size and time). generated/ and
   * dist/ come back as hard links to the kept copy: the build's state names the published files
   * by inode, and the pipeline and the build replace files (write a new one, rename it) rather
   * than write into them, so the kept copy never changes (afterAll checks it). The photos, which
   * the tests rewrite and touch in place, come back as copies with their times (`cp -a`, to the
   * nanosecond).
   */
  function restoreTree(): void {
    for (const [flag, name] of TREE) {
      rmSync(inProject(name), { recursive: true, force: true });
      copy([flag, join(pristine, name), inProject(name)]);
    }
  }

  beforeAll(async () => {
    // The copy's own build, as its `npm run build` runs it: its bundle cache, its code.
    const copied = (await import(pathToFileURL(join(project, 'web/prerender/build-site.ts')).href)) as { buildSite: typeof BuildSite };
    build = () => copied.buildSite({ photos, generated, out, quiet: true, nodeEnv: 'production' });
    pristine = await mkdtemp(join(tmpdir(), 'incremental-build-'));
    // Kept aside as the tree is now: the photos copied with their times, the rest linked.
    for (const [flag, name] of TREE) copy([flag, inProject(name), join(pristine, name)]);
    pristineFiles = await signatures(pristine);
  });

  beforeEach(() => restoreTree());

  afterAll(async () => {
    if (!pristine) return;
    try {
      // Had a build written into a linked file, a later test would have started from another tree.
      expect(await signatures(pristine)).toEqual(pristineFiles);
      restoreTree();
    } finally {
      await rm(pristine, { recursive: true, force: true });
    }
  });

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

describe("the README's scripts, in a fresh copy: what serves the build, and the rest", () => {
  it('npm run preview serves the build, and stops with everything it started', async () => {
    const port = await freePort();
    const serving = await startUntilServing(project, 'preview', ['--port', String(port), '--strictPort'], `http://localhost:${port}`, () => ['/', aSpeciesPage(project) ?? '/'], 60_000);
    await serving.stop();
  });

  it('npm run dev ingests, then serves a live-reloading site', async () => {
    const port = await freePort();
    const serving = await startUntilServing(project, 'dev', ['--port', String(port), '--strictPort'], `http://localhost:${port}`, () => ['/'], 120_000);
    try {
      expect(serving.output()).toContain(`http://localhost:${port}/`);
    } finally {
      await serving.stop();
    }
  });

  it('npm run taxonomy -- --from <file> keeps the bird taxonomy with the photos (no network: a file of the publisher\'s layout)', async () => {
    // A sample of a few species: a partial list, which is taken only on purpose.
    const output = await expectSuccess('taxonomy', ['--from', 'pipeline/taxonomy/fixtures/ebird-api-sample.csv', '--partial']);
    expect(output).toContain('photos/taxonomy/taxonomy.tsv');
    expect(output).toContain('A partial list (5 species), as --partial asked');
    expect(await readFile(join(project, 'photos/taxonomy/taxonomy.tsv'), 'utf8')).toMatch(/^#source\t/m);
  });

  it('npm run typecheck passes', async () => {
    await expectSuccess('typecheck');
  });

  it('npm run screenshots builds, then takes the README screenshots of this site', async () => {
    const started = Date.now();
    await expectSuccess('screenshots');
    for (const name of ['home', 'life-list', 'species', 'lightbox']) {
      expect(statSync(join(project, 'docs/screenshots', `${name}.jpg`)).mtimeMs).toBeGreaterThanOrEqual(started);
    }
  });

  it('npm run build -- --help says its options, and a mistyped one is one line and status 2', async () => {
    expect(await expectSuccess('build', ['--help'])).toContain('--out <dir>');
    const mistyped = await runScript(project, 'build', ['--outt', 'site']);
    expect(mistyped.status, mistyped.output).toBe(2);
    expect(mistyped.output).toContain("unknown option '--outt'");
    expect(mistyped.output).not.toMatch(/\n\s+at /);
  });

  it('npm run bench -- --help says how to run the benchmark', async () => {
    expect(await expectSuccess('bench', ['--help'])).toContain('--only');
  });
});
