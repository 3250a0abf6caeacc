import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaIndexSchema, type ClipEntry, type RecordingEntry } from '../../data/media-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, xmpSidecar, type CliRun, type Tree } from '../../harness/ingest-tree.ts';
import { mediaToolRuns } from '../../pipeline/media/ffmpeg.ts';
import { runValidate } from '../../pipeline/validate.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { clip, ffprobeJson, tone } from '../media/make-inputs.ts';

/**
 * The whole CLI on a tree with a recording in a species folder, an MP3 in the inbox placed by its
 * sidecar's keyword, a rotated phone clip with GPS, and broken files: what is published, what is
 * reported, the exit status, and a second run that runs no ffmpeg.
 */
let tree: Tree;
let first: CliRun;
const species = 'Passeriformes/Wrens/Canyon Wren';

beforeAll(async () => {
  tree = await makeTree({ files: { [`${species}/DSC_4409.JPG`]: fixture('sample-library/life_list/Passeriformes/Wrens/Canyon Wren/DSC_4409.JPG'), 'Gruiformes/Cranes/Sandhill Crane': null } });
  const lifeList = path.join(tree.photosDir, 'life_list');
  await cp(fixture('sample-library/taxonomy'), path.join(tree.photosDir, 'taxonomy'), { recursive: true });
  await tone(path.join(lifeList, species, 'ZOOM0001.WAV'), { seconds: 3, db: -24 });
  const phone = path.join(lifeList, 'Gruiformes/Cranes/Sandhill Crane/IMG_0001.MOV');
  await clip(phone, { seconds: 2, size: '320x240', rotate: 90 });
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    await exiftool.write(phone, { GPSCoordinates: '44.6 N, 110.5 W, 2400', Make: 'Apple', Model: 'iPhone 15 Pro' } as never, { writeArgs: ['-overwrite_original'] });
  } finally {
    await exiftool.end();
  }
  await writeFile(path.join(lifeList, species, 'broken.mp4'), Buffer.from('not a video '.repeat(200)));
  await writeFile(path.join(lifeList, species, 'empty.flac'), '');
  await mkdir(path.join(tree.photosDir, 'inbox/2024-05-01'), { recursive: true });
  await tone(path.join(tree.photosDir, 'inbox/2024-05-01/call.mp3'), { seconds: 2 });
  await writeFile(path.join(tree.photosDir, 'inbox/2024-05-01/call.xmp'), xmpSidecar({ keywords: ['Red-winged Blackbird'], title: 'Calls at dawn' }));
  first = await runCli([...ingestArgs(tree), '--json']);
}, 300_000);

afterAll(async () => {
  await tree.cleanup();
});

const published = (sitePath: string) => path.join(tree.publicDir, ...sitePath.split('/'));

describe('an ingest with recordings and clips', () => {
  it('publishes the good files and names each bad one with its reason (exit 1)', () => {
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout) as { problems: Array<{ path: string; reason: string; severity: string }> };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => p.path).sort()).toEqual([`life_list/${species}/broken.mp4`, `life_list/${species}/empty.flac`]);
    expect(errors.find((p) => p.path.endsWith('broken.mp4'))?.reason).toMatch(/not a recording or clip ffmpeg can read/);
  });

  it('lists each in media-index.json: the species folder, the inbox by keyword, the clip turned and no taller than 1080 px', async () => {
    const index = mediaIndexSchema.parse(await readJson(path.join(tree.publicDir, 'media-index.json')));
    const entries = Object.values(index.media);
    const wav = entries.find((e) => e.fileName === 'ZOOM0001.WAV') as RecordingEntry;
    expect(wav).toMatchObject({ kind: 'recording', species: 'Canyon Wren', folder: species.split('/') });
    expect(wav.gainDb).toBeGreaterThan(10);
    expect(wav.durationSeconds).toBeCloseTo(3, 1);
    const inbox = entries.find((e) => e.fileName === 'call.mp3') as RecordingEntry;
    expect(inbox).toMatchObject({ species: 'Red-winged Blackbird', takenOn: null, title: 'Calls at dawn' });
    const phone = entries.find((e) => e.fileName === 'IMG_0001.MOV') as ClipEntry;
    expect(phone).toMatchObject({ kind: 'clip', width: 240, height: 320, hasSound: true, device: 'Apple iPhone 15 Pro' });
    const video = published(phone.video[0]!.path);
    const probe = await ffprobeJson(video);
    const picture = probe.streams.find((s) => s.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    expect(Number(picture.height)).toBeLessThanOrEqual(1080);
    const bytes = await readFile(video);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const exiftool = new ExifTool({ maxProcs: 1 });
    try {
      const tags = await exiftool.read(video);
      expect(Object.keys(tags).filter((k) => /GPS|Serial|Location/i.test(k))).toEqual([]);
    } finally {
      await exiftool.end();
    }
  });

  it("puts them on their species' pages, and counts them on the Life List levels", async () => {
    const info = (await readJson(path.join(tree.publicDir, 'info.json'))) as { stats: unknown };
    expect(info.stats).toMatchObject({ recordings: 2, clips: 1 });
    // The cranes have a clip and no photo: still on the Life List, counted.
    const gruiformes = (await readJson(published(siteDataPaths.level(['Gruiformes', 'Cranes'])))) as { cards: Array<{ name: string; photoCount: number; clipCount?: number }> };
    expect(gruiformes.cards).toEqual([expect.objectContaining({ name: 'Sandhill Crane', photoCount: 0, clipCount: 1 })]);
    const wren = (await readJson(published(siteDataPaths.species('Canyon Wren')))) as { photos: unknown[]; recordings?: Array<{ id: string }> };
    expect(wren.photos).toHaveLength(1);
    expect(wren.recordings).toHaveLength(1);
  });

  it('passes npm run validate', async () => {
    const result = await runValidate(tree.outDir);
    expect(result.problems).toEqual([]);
  });

  it('runs no ffmpeg on a second ingest with nothing changed', async () => {
    const before = mediaToolRuns();
    const again = await runCli([...ingestArgs(tree), '--json']);
    expect(again.code).toBe(1);
    expect(mediaToolRuns()).toBe(before);
    expect((JSON.parse(again.stdout) as { counts: { unchanged: number } }).counts.unchanged).toBe(4);
  });
});
