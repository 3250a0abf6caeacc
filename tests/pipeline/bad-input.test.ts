import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { photoId } from '../../data/paths.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { fixture, hashTree, ingestArgs, makeTree, readJson, runCli, type CliRun, type Tree } from '../../harness/ingest-tree.ts';

const LEAF = 'Order/Family/Good Species';

describe('bad input: each named with its reason, the rest published, exit status 1', () => {
  let tree: Tree;
  let run: CliRun;
  let originalsBefore: Record<string, string>;
  let report: { exitCode: number; counts: Record<string, number>; problems: Array<{ severity: string; path: string; reason: string }> };

  beforeAll(async () => {
    tree = await makeTree({
      files: {
        [`${LEAF}/good.jpg`]: fixture('photos/epy_nikon-d3100_gps.jpg'),
        [`${LEAF}/empty.jpg`]: fixture('broken/empty.jpg'),
        [`${LEAF}/truncated.jpg`]: fixture('broken/truncated.jpg'),
        [`${LEAF}/not-an-image.jpg`]: fixture('broken/git-lfs-pointer.jpg'),
        [`${LEAF}/iphone.heic`]: fixture('broken/heic-photo.heic'),
        [`${LEAF}/heic-inside.jpg`]: fixture('broken/heic-photo.heic'),
        [`${LEAF}/corrupt.heif`]: fixture('broken/heif-corrupt-boxes.heif'),
        [`${LEAF}/bomb.png`]: fixture('broken/decompression-bomb.png'),
        [`${LEAF}/viewer-only.jpg`]: fixture('broken/extraneous-bytes.jpg'),
        [`${LEAF}/no-exif.jpg`]: fixture('exif/dc_sony-mavica-fd88_noexif.jpg'),
        [`${LEAF}/flowquail.jpg`]: fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        [`${LEAF}/twin.jpg`]: fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        [`${LEAF}/twin.png`]: fixture('photos/exr_png-with-exif-and-gps.png'),
        [`${LEAF}/.hidden.jpg`]: fixture('broken/empty.jpg'),
        [`${LEAF}/old_lowq.jpg`]: fixture('broken/empty.jpg'),
        'Order/Family/stray.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        'Order/Gulls+Terns/Some Gull/gull.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        'Order/files/Other/a.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        'Order/file_count/Other/b.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
        'Other Order/Other Family/Good Species/dup.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg'),
      },
      site: {
        owner: 'Test Owner',
        featured: [
          { species: 'Good Species', file: 'good.jpg' },
          { species: 'Missing Species', file: 'nothing.jpg' },
        ],
        covers: { 'Order/Family': 'Order/Family/Good Species/gone.jpg', 'No Such Folder': 'x.jpg' },
      },
    });
    originalsBefore = await hashTree(tree.photosDir);
    run = await runCli(ingestArgs(tree, '--json'));
    report = JSON.parse(run.stdout);
  });
  afterAll(() => tree.cleanup());

  const problemFor = (where: string) => report.problems.filter((p) => p.path === where);
  const expectProblem = (where: string, pattern: RegExp, severity = 'error') => {
    const found = problemFor(where);
    expect(found.map((p) => p.reason).join('\n'), where).toMatch(pattern);
    expect(found[0]?.severity).toBe(severity);
  };

  it('completes with exit status 1 and publishes the good photos', async () => {
    expect(run.code).toBe(1);
    expect(report.exitCode).toBe(1);
    const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
    const published = Object.values(index.photos).map((p) => p.source).sort();
    // HEIC is decoded, also when named .jpg (an iPhone photo renamed by hand).
    expect(published).toEqual([`${LEAF}/good.jpg`, `${LEAF}/heic-inside.jpg`, `${LEAF}/iphone.heic`, `${LEAF}/no-exif.jpg`, `${LEAF}/twin.jpg`, `${LEAF}/viewer-only.jpg`]);
    expect((await runValidate(tree.outDir)).problems).toEqual([]);
  });

  it('names each bad file with its reason', () => {
    const at = (name: string) => `life_list/${LEAF}/${name}`;
    expectProblem(at('empty.jpg'), /empty \(0 bytes\)/);
    expectProblem(at('truncated.jpg'), /damaged or truncated/);
    expectProblem(at('not-an-image.jpg'), /not a readable image/);
    expectProblem(at('corrupt.heif'), /HEIF: .*(error|end of file)/i);
    expect(problemFor(at('iphone.heic'))).toEqual([]);
    expect(problemFor(at('heic-inside.jpg'))).toEqual([]);
    expectProblem(at('bomb.png'), /2500 megapixels, over the 200 MP limit/);
    expectProblem(at('flowquail.jpg'), /contains 'lowq'/);
    expectProblem(at('twin.png'), /would publish as 'twin.jpg', like 'twin.jpg'/);
    expect(problemFor(at('.hidden.jpg'))).toEqual([]);
    expect(problemFor(at('old_lowq.jpg'))).toEqual([]);
    expect(report.counts.failed).toBe(5);
  });

  it('publishes a photo sharp refuses at default strictness, with a warning to the owner', () => {
    // libvips names the damage ("extraneous bytes before marker") only when its message reaches
    // sharp whole: with other decodes running beside it, the detail may be its generic line.
    expectProblem(`life_list/${LEAF}/viewer-only.jpg`, /published, but the image library reported a damaged JPEG \((.*extraneous bytes.*|Warning treated as error due to failOn setting)\); it was decoded leniently/, 'warning');
  });

  it('records a photo without EXIF as exif: null (not a problem)', async () => {
    expect(problemFor(`life_list/${LEAF}/no-exif.jpg`)).toEqual([]);
    const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
    expect(index.photos[photoId(`${LEAF}/no-exif.jpg`)]?.exif).toBeNull();
  });

  it('names bad folders, photos outside species folders and duplicate species', () => {
    expectProblem('life_list/Order/Gulls+Terns', /contains '\+'/);
    expectProblem('life_list/Order/files', /'files' is reserved/);
    expectProblem('life_list/Order/file_count', /'file_count' is reserved/);
    expectProblem('life_list/Order/Family/stray.jpg', /also has sub-folders/);
    expectProblem('life_list/Other Order/Other Family/Good Species/dup.jpg', /species folder 'Good Species' also exists at 'life_list\/Order\/Family\/Good Species'/);
  });

  it('names featured entries and cover overrides that point at nothing', () => {
    const site = problemFor('site.json').map((p) => p.reason);
    expect(site).toContain("featured entry 2 (species 'Missing Species', file 'nothing.jpg') matches no photo");
    expect(site.some((r) => /cover override for folder 'Order\/Family' points at 'Order\/Family\/Good Species\/gone.jpg'/.test(r))).toBe(true);
    expect(site.some((r) => /cover override for folder 'No Such Folder': no such folder/.test(r))).toBe(true);
  });

  it('prints the problems with path and reason on stderr', () => {
    expect(run.stderr).toMatch(/problems \(not published\)/);
    expect(run.stderr).toContain(`life_list/${LEAF}/empty.jpg: file is empty (0 bytes)`);
  });

  it('re-reports cached failures on the next run without changing the result', async () => {
    const again = await runCli(ingestArgs(tree, '--json'));
    const second = JSON.parse(again.stdout) as typeof report;
    expect(again.code).toBe(1);
    expect(second.counts).toMatchObject({ failed: 5, unchanged: 6 });
    expect(second.problems.map((p) => `${p.path}: ${p.reason}`).sort()).toEqual(report.problems.map((p) => `${p.path}: ${p.reason}`).sort());
  });

  it('refuses images over a lower pixel limit given on the command line', async () => {
    // The limit guards decoding; --force makes every photo decode again.
    const low = await runCli(ingestArgs(tree, '--json', '--force', '--max-megapixels', '0.01'));
    const result = JSON.parse(low.stdout) as typeof report;
    expect(result.problems.find((p) => p.path === `life_list/${LEAF}/good.jpg`)?.reason).toMatch(/over the 0.01 MP limit/);
  });

  it('never writes to the originals', async () => {
    expect(await hashTree(tree.photosDir)).toEqual(originalsBefore);
  });
});

describe('fatal problems: exit status 2 with a clear message', () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree({ files: { 'A/B/C/x.jpg': fixture('photos/mei_iphone-xr_1x1px_gps.jpg') } });
  });
  afterAll(() => tree.cleanup());

  it('an output folder that cannot be written', async () => {
    const blocker = path.join(tree.root, 'not-a-folder');
    await writeFile(blocker, 'a file where the output folder should be');
    const run = await runCli(['ingest', '--photos', tree.photosDir, '--out', blocker, '--quiet']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`output folder ${blocker} cannot be written`);
  });

  it('a site.json with bad keys names every one of them', async () => {
    await writeFile(path.join(tree.photosDir, 'site.json'), JSON.stringify({ owner: '', featured: [{ species: 'X' }], colour: 'red' }));
    const run = await runCli(ingestArgs(tree, '--quiet'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/owner/);
    expect(run.stderr).toMatch(/featured\.0\.file/);
    expect(run.stderr).toMatch(/colour/);
  });

  it('a bad option value', async () => {
    const run = await runCli(ingestArgs(tree, '--concurrency', 'lots'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--concurrency must be a whole number/);
  });
});
