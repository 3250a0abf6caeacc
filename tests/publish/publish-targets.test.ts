import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publishSettings, runPublish } from '../../harness/publish-command.ts';
import { copySampleBuild } from '../../harness/sample-build-copy.ts';
import { S3RVER_ENVIRONMENT, startS3Server, type S3Server } from '../../harness/s3-server.ts';
import { filesUnder } from '../../node-lib/files.ts';
import { getObject, listBucket, WHOLE_SITE } from './bucket.ts';

/**
 * The other shapes of publishing.deploy: the photos in a folder of their own (assetOrigin) in
 * the same bucket as the site, and the site on a git branch (a local bare repository).
 */
const CREDENTIALS = S3RVER_ENVIRONMENT;
const git = async (gitDir: string, ...args: string[]) => (await promisify(execFile)('git', [`--git-dir=${gitDir}`, ...args])).stdout;

let work: string;
let dist: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'publish-targets-'));
  dist = join(work, 'dist');
  await cp(inject('distDir'), dist, { recursive: true });
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const library = (name: string, publishing: object) => publishSettings(work, name, publishing);

describe('the photos in a folder of the site’s bucket (assetOrigin)', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server(join(work, 's3'), ['both']);
  });
  afterAll(async () => server?.close());

  it('uploads dist-photos/ there first, and the site never deletes them', async () => {
    const photosOut = join(work, 'dist-photos');
    const folder = join(photosOut, 'life_list', 'Falconiformes', 'Falcons', 'Merlin');
    await mkdir(folder, { recursive: true });
    for (const name of ['m1_lowq.jpg', 'm1-480.webp', 'm1.jpg']) await writeFile(join(folder, name), `image bytes of ${name}`);
    const photos = await library('both', { assetOrigin: 'https://photos.example.org/birds/', deploy: { site: 's3://both/', photos: 's3://both/photos/', endpoint: server.endpoint } });
    const args = ['--no-build', '--photos', photos, '--out', dist, '--photos-out', photosOut];

    const first = await runPublish(args, CREDENTIALS);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const listed = await listBucket(server.endpoint, 'both');
    const photoObjects = listed.filter((o) => o.key.startsWith('photos/'));
    expect(photoObjects.map((o) => o.key).sort()).toEqual(['m1-480.webp', 'm1.jpg', 'm1_lowq.jpg'].map((name) => `photos/life_list/Falconiformes/Falcons/Merlin/${name}`).sort());
    expect((await getObject(server.endpoint, 'both', 'photos/life_list/Falconiformes/Falcons/Merlin/m1-480.webp')).headers['content-type']).toBe('image/webp');
    // Photos before pages: the last photo landed no later than the first page.
    const pages = listed.filter((o) => o.key.endsWith('.html'));
    const latestPhoto = Math.max(...photoObjects.map((o) => Date.parse(o.lastModified)));
    expect(Math.min(...pages.map((o) => Date.parse(o.lastModified)))).toBeGreaterThanOrEqual(latestPhoto);

    const again = await runPublish(args, CREDENTIALS);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('s3://both/photos/: 0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes), 3 unchanged');
    expect(again.stdout).toMatch(/s3:\/\/both\/: 0 files \(0 bytes\) added, 0 changed \(0 bytes\), 0 deleted \(0 bytes\), [\d,]+ unchanged/);
    expect(await listBucket(server.endpoint, 'both')).toEqual(listed);
  }, WHOLE_SITE);

  it('refuses photos with nowhere to go: assetOrigin without deploy.photos', async () => {
    const photos = await library('no-photos', { assetOrigin: 'https://photos.example.org/birds/', deploy: { site: 's3://both/', endpoint: server.endpoint } });
    const run = await runPublish(['--no-build', '--photos', photos, '--out', dist], CREDENTIALS);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['publishing.assetOrigin is set but publishing.deploy.photos is not: the pages would show photos uploaded nowhere. Set deploy.photos to the bucket folder assetOrigin serves.']);
  });
});

describe('the site on a git branch (GitHub Pages and other git hosts)', () => {
  it('commits dist/ to the branch and pushes, one commit per publish, none when nothing changed', async () => {
    const remote = join(work, 'site.git');
    await promisify(execFile)('git', ['init', '--quiet', '--bare', remote]);
    const photos = await library('git', { deploy: { site: `git:${remote}#gh-pages` } });
    const args = ['--no-build', '--photos', photos, '--out', dist];

    const first = await runPublish(args);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const tree = (await git(remote, 'ls-tree', '-r', '--name-only', 'gh-pages')).trim().split('\n').sort();
    const published = (await filesUnder(dist)).filter((key) => !key.split('/').some((part) => part.startsWith('.')) || key === '.nojekyll').sort();
    expect(tree).toEqual(published);
    expect(tree).toContain('.nojekyll');
    expect(tree).not.toContain('.build-marker');
    expect(await git(remote, 'show', 'gh-pages:index.html')).toBe(await readFile(join(dist, 'index.html'), 'utf8'));

    const again = await runPublish(args);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing changed, no commit');
    expect((await git(remote, 'rev-list', '--count', 'gh-pages')).trim()).toBe('1');

    await writeFile(join(dist, 'info', 'index.html'), 'a new Info page');
    const changed = await runPublish(args);
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain('0 files added, 1 changed, 0 deleted, in one commit');
    expect((await git(remote, 'rev-list', '--count', 'gh-pages')).trim()).toBe('2');
    expect((await git(remote, 'diff', '--name-only', 'gh-pages~1', 'gh-pages')).trim()).toBe('info/index.html');
  }, WHOLE_SITE);

  it('a remote that is not there: one line, nothing pushed', async () => {
    const photos = await library('git-missing', { deploy: { site: `git:${join(work, 'nowhere.git')}#gh-pages` } });
    const run = await runPublish(['--no-build', '--photos', photos, '--out', dist]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^git ls-remote .*nowhere\.git failed: /);
  });
});

describe('npm run publish builds first', () => {
  it('runs the build as `npm run build` does, then publishes what it built', async () => {
    // The sample library and the E2E build's ingest output, copied: its renditions are reused.
    const { photos, generated } = await copySampleBuild({ photosDir: inject('photosDir'), generatedDir: inject('generatedDir') }, join(work, 'sample'));
    const remote = join(work, 'built.git');
    await promisify(execFile)('git', ['init', '--quiet', '--bare', remote]);
    const site = JSON.parse(await readFile(join(photos, 'site.json'), 'utf8')) as { publishing?: object };
    await writeFile(join(photos, 'site.json'), JSON.stringify({ ...site, publishing: { ...site.publishing, deploy: { site: `git:${remote}#site` } } }));
    const out = join(work, 'built');

    const run = await runPublish(['--photos', photos, '--generated', generated, '--out', out]);
    expect(run.stderr).not.toMatch(/failed/i);
    expect(run.status).toBe(0);
    expect(await git(remote, 'show', 'site:index.html')).toBe(await readFile(join(out, 'index.html'), 'utf8'));
    expect(run.stdout).toMatch(/files added, 0 changed, 0 deleted, in one commit\./);
  }, WHOLE_SITE);
});
