import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { pageFile, speciesRoute } from '../../data/paths.ts';
import { hashTree } from '../../harness/ingest-tree.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (relative: string) => join(repo, 'tests/fixtures', relative);
/** What a project folder holds besides node_modules and the owner's photos. */
const PROJECT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'pipeline', 'node-lib', 'data', 'web', 'scripts'];

/** `npm run build` in a project folder, as the owner runs it there (no setting of ours inherited). */
function build(project: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, BASE_PATH: '' };
  delete env.PORTFOLIO_ROOT;
  delete env.PORTFOLIO_BUNDLE;
  const result = spawnSync(process.execPath, [join(project, 'web/prerender/launch.mjs')], { cwd: project, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build in ${project} exited with ${result.status}\n${result.stdout}\n${result.stderr}`);
}

async function addPhoto(project: string, species: string, source: string) {
  const dir = join(project, 'photos/life_list/Birds', species);
  await mkdir(dir, { recursive: true });
  await cp(source, join(dir, 'photo.jpg'));
}

const photoCount = async (project: string) =>
  Object.keys((JSON.parse(await readFile(join(project, 'data/generated/public', MANIFEST_FILES.photoIndex), 'utf8')) as { photos: object }).photos).length;

/**
 * A project copied with `cp -a` (here sharing the original's node_modules, and so its bundle
 * cache, through a link) builds itself: its own photos into its own dist/, never the original.
 */
describe('a copied project folder', () => {
  let root: string;
  let original: string;
  let copy: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'copied-project-'));
    original = join(root, 'original');
    copy = join(root, 'copy');
    const ownersOutput = join(repo, 'data/generated');
    for (const entry of PROJECT_FILES) await cp(join(repo, entry), join(original, entry), { recursive: true, filter: (f) => !f.startsWith(ownersOutput) });
    await symlink(join(repo, 'node_modules'), join(original, 'node_modules'));
    await mkdir(join(original, 'photos'), { recursive: true });
    await writeFile(join(original, 'photos/site.json'), JSON.stringify({ owner: 'Test Owner' }));
    await addPhoto(original, 'Original Species', fixture('photos/epy_nikon-d3100_gps.jpg'));
    build(original);
    expect(await photoCount(original)).toBe(1);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('builds its own photos into its own dist/, and leaves the original as it was', async () => {
    const before = { dist: await hashTree(join(original, 'dist')), generated: await hashTree(join(original, 'data/generated')) };
    spawnSync('cp', ['-a', original, copy]);
    await addPhoto(copy, 'Copied Species', fixture('photos/derived_nikon-d3100_iptc-words.jpg'));

    build(copy);

    expect(await photoCount(copy)).toBe(2);
    const copiedPage = await readFile(join(copy, 'dist', pageFile(speciesRoute('Copied Species'))), 'utf8');
    expect(copiedPage).toContain('Copied Species');
    expect(await hashTree(join(original, 'dist'))).toEqual(before.dist);
    expect(await hashTree(join(original, 'data/generated'))).toEqual(before.generated);
  });
});
