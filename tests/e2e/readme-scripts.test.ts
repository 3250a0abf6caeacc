import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCREENSHOT_BYTES, SCREENSHOTS } from '../../scripts/screenshots.ts';
import { aSpeciesPage, freshCopy, runScript, startUntilServing } from '../../harness/readme-commands.ts';
import { freePort } from '../../harness/ports.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const FIRST_PHOTOS = [
  ['Canyon Wren', 'epy_nikon-d3100_gps.jpg'],
  ['Rock Wren', 'derived_nikon-d3100_iptc-words.jpg'],
] as const;
const RECORDING = /\.(mp3|m4a|wav|flac|ogg|opus)$/i;

/** A recording of the sample, whichever it holds (found by its kind, not its name). */
async function aSampleRecording(): Promise<string> {
  const entries = await readdir(join(repo, 'photos/life_list'), { recursive: true, withFileTypes: true });
  const found = entries.filter((e) => e.isFile() && RECORDING.test(e.name)).map((e) => join(e.parentPath, e.name)).sort()[0];
  if (!found) throw new Error('the sample (photos/life_list) holds no recording');
  return found;
}

/**
 * Every script the README lists, run as a new user types it (`npm run <script>`) in a fresh copy
 * of the project: the files a clone has, node_modules as `npm ci` leaves it (linked, without its
 * cache), and a clean environment with no NODE_ENV. A broken script is a red CI here, not an
 * owner's bug report. (`npm start` itself is run by .ci/run on CI's own clean checkout.)
 */
describe("the README's scripts, in a fresh copy", () => {
  let project: string;

  beforeAll(async () => {
    project = await freshCopy(repo, 'readme-scripts-');
    // An owner's first photos in place of the sample, which .ci/run's `npm start` ingests whole:
    // every script still does all its work, on a library that costs seconds.
    await rm(join(project, 'photos'), { recursive: true, force: true });
    await mkdir(join(project, 'photos'));
    await writeFile(join(project, 'photos/site.json'), JSON.stringify({ owner: 'A New Owner' }));
    for (const [species, photo] of FIRST_PHOTOS) {
      await mkdir(join(project, 'photos/life_list/Birds', species), { recursive: true });
      await cp(join(repo, 'tests/fixtures/photos', photo), join(project, 'photos/life_list/Birds', species, photo));
    }
    // A recording beside a photo and the owner's eBird export: every screen the README shows is made.
    const recording = await aSampleRecording();
    await cp(recording, join(project, 'photos/life_list/Birds', FIRST_PHOTOS[0][0], basename(recording)));
    await mkdir(join(project, 'photos/ebird'));
    await cp(join(repo, 'tests/fixtures/ebird/sample-MyEBirdData.csv'), join(project, 'photos/ebird/MyEBirdData.csv'));
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  const expectSuccess = async (script: string, args: string[] = []) => {
    const { status, output, outlived } = await runScript(project, script, args);
    expect(status, `npm run ${script} ${args.join(' ')}\n${output}`).toBe(0);
    expect(outlived, `processes npm run ${script} left running`).toEqual([]);
    return output;
  };

  it('npm run ingest publishes the photos, and npm run validate passes them', async () => {
    const ingest = await expectSuccess('ingest');
    expect(ingest).toMatch(/Done in [\d.]+ s: 3 new/);
    expect(aSpeciesPage(project)).toMatch(/^\/species\/.+\/$/);
    await expectSuccess('validate');
  });

  it('npm run build with a broken site.json says so, and builds once it is mended (nothing to delete by hand)', async () => {
    const settings = join(project, 'photos/site.json');
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
    expect(existsSync(join(project, 'dist/index.html'))).toBe(true);
    expect(existsSync(join(project, 'dist', decodeURIComponent(species ?? ''), 'index.html'))).toBe(true);
    expect(await expectSuccess('build')).toContain('dist/ is up to date');
  });

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

  it('npm run screenshots builds, then photographs the home wall, the Life List, a species page, the lightbox, the lists and the recordings at 1280×800', async () => {
    const started = Date.now();
    const output = await expectSuccess('screenshots');
    const files = SCREENSHOTS.map((name) => join(project, 'docs/screenshots', `${name}.jpg`));
    expect(output).toContain(files.join('\n'));
    for (const file of files) {
      expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(started);
      const bytes = await readFile(file);
      expect(bytes.length).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 800 });
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
