import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { mediaIndexSchema } from '../../data/media-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, type Tree } from '../../harness/ingest-tree.ts';
import { clip, tone } from './make-inputs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** What `npm run ingest` runs. */
const LAUNCHER = path.resolve(here, '../../pipeline/launch.mjs');
const SPECIES = 'Passeriformes/Wrens/Canyon Wren';

interface Report {
  counts: Record<string, number>;
  problems: Array<{ severity: string; path: string; reason: string }>;
}

/**
 * A machine without ffmpeg (FFMPEG_PATH and FFPROBE_PATH pointing nowhere), as docs/media.md
 * promises: the photos are published, the recordings and clips are kept back with one warning
 * that names them and says how to install ffmpeg, and the exit status stays 0. Also with ffprobe
 * there and ffmpeg not: the files read, every making fails, and that is the machine, not them.
 */
describe.each([
  { missing: 'ffmpeg and ffprobe', env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } },
  { missing: 'ffmpeg only', env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } },
])('an ingest on a machine without $missing', ({ env }) => {
  let tree: Tree;
  let run: { code: number | null; stdout: string; stderr: string };
  beforeAll(async () => {
    tree = await makeTree({
      files: {
        [`${SPECIES}/DSC_4409.JPG`]: fixture('exif/sample_nikon-d700_wood-duck.jpg'),
        [`${SPECIES}/IMG_0001.JPG`]: fixture('exif/dc_canon-5dmk3_orient6.jpg'),
      },
    });
    await tone(path.join(tree.photosDir, 'life_list', SPECIES, 'ZOOM0001.WAV'), { seconds: 2 });
    await clip(path.join(tree.photosDir, 'life_list', SPECIES, 'MVI_0002.MP4'), { seconds: 1 });
    const child = spawn(process.execPath, [LAUNCHER, ...ingestArgs(tree, '--quiet', '--json')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    run = { code, stdout, stderr };
  });
  afterAll(() => tree.cleanup());

  it('publishes the photos and exits 0', async () => {
    expect(run.code, run.stderr).toBe(0);
    const photos = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
    expect(Object.values(photos.photos).map((p) => p.fileName.toUpperCase()).sort()).toEqual(['DSC_4409.JPG', 'IMG_0001.JPG']);
    const media = mediaIndexSchema.parse(await readJson(path.join(tree.publicDir, 'media-index.json')));
    expect(media.media).toEqual({});
  });

  it('warns once, naming the files kept back and how to install ffmpeg, and reports no error', () => {
    const report = JSON.parse(run.stdout) as Report;
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const warnings = report.problems.filter((p) => p.severity === 'warning');
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning!.path).toBe('ffmpeg');
    expect(warning!.reason).toContain('/nonexistent/ffmpeg was not found');
    expect(warning!.reason).toContain('2 recordings and clips not published');
    expect(warning!.reason).toContain(`life_list/${SPECIES}/ZOOM0001.WAV`);
    expect(warning!.reason).toContain(`life_list/${SPECIES}/MVI_0002.MP4`);
    expect(warning!.reason).toMatch(/sudo apt install ffmpeg.*brew install ffmpeg/);
    // The human summary (stderr with --json) says it once too.
    expect(run.stderr.split('\n').filter((line) => line.includes('not published'))).toHaveLength(1);
  });

  it('makes them on the next run with ffmpeg', async () => {
    const next = await runCli(ingestArgs(tree, '--quiet'));
    expect(next.code, next.stderr).toBe(0);
    const media = mediaIndexSchema.parse(await readJson(path.join(tree.publicDir, 'media-index.json')));
    expect(Object.values(media.media).map((m) => m.fileName).sort()).toEqual(['MVI_0002.MP4', 'ZOOM0001.WAV']);
  });
});
