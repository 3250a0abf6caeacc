import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPaths, type ClipPaths, type RecordingPaths } from '../../data/media-layout.ts';
import { renditionOptionsSchema } from '../../data/site-config.ts';
import { probe } from '../../pipeline/media/probes.ts';
import { renderClip, renderRecording } from '../../pipeline/media/render.ts';
import { clip, ffmpeg, ffprobeJson, hdrClip, tone } from './make-inputs.ts';

let dir: string;
let publicDir: string;
const renditions = renditionOptionsSchema.parse({});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-render-'));
  publicDir = path.join(dir, 'public');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const recordingPaths = (name: string) => mediaPaths(`Passeriformes/Wrens/Canyon Wren/${name}`, 'recording') as RecordingPaths;
const clipPaths = (name: string) => mediaPaths(`Gruiformes/Cranes/Sandhill Crane/${name}`, 'clip') as ClipPaths;
const published = (sitePath: string) => path.join(publicDir, ...sitePath.split('/'));

/** The published file's peak (dBFS), as ffmpeg's volumedetect measures it. */
async function peakOf(file: string): Promise<number> {
  const { stderr } = await promisify(execFile)('ffmpeg', ['-nostdin', '-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
  return Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
}

async function recording(name: string) {
  const file = path.join(dir, name);
  return renderRecording(file, recordingPaths(name), publicDir, await probe(file));
}

describe('a recording', () => {
  it('is published as AAC in M4A, index first, with its real length and a spectrogram in proportion', async () => {
    await tone(path.join(dir, 'loud.wav'), { seconds: 3, db: -3 });
    const { made, warning } = await recording('loud.wav');
    expect(warning).toBeUndefined();
    expect(made.durationSeconds).toBeCloseTo(3, 2);
    expect(made.gainDb).toBeUndefined();
    const out = await ffprobeJson(published(made.audio[0]!.path));
    expect(out.streams[0]).toMatchObject({ codec_name: 'aac', channels: 1 });
    expect(made.spectrogram).toEqual({ image: { path: recordingPaths('loud.wav').spectrogram, width: 300, height: 320 }, maxFrequencyHz: 11025 });
    const image = await sharp(published(made.spectrogram.image.path)).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 300, height: 320 });
  });

  it('draws dark marks on a light ground at the tones it holds, low frequencies at the bottom', async () => {
    const { made } = await recording('loud.wav');
    const { data, info } = await sharp(published(made.spectrogram.image.path)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const rowMean = (hz: number) => {
      const y = Math.round(info.height - 1 - (hz / 11025) * (info.height - 1));
      let sum = 0;
      for (let x = 0; x < info.width; x++) sum += data[y * info.width * info.channels + x * info.channels]!;
      return sum / info.width;
    };
    // 1 kHz and 3 kHz are dark lines; 6 kHz, where there is nothing, is the light ground.
    expect(rowMean(1000)).toBeLessThan(100);
    expect(rowMean(3000)).toBeLessThan(100);
    expect(rowMean(6000)).toBeGreaterThan(200);
  });

  it('is raised to a peak of about -1 dBFS when very quiet, and never clipped', async () => {
    await tone(path.join(dir, 'quiet.flac'), { seconds: 2, db: -30 });
    const { made } = await recording('quiet.flac');
    expect(made.gainDb).toBeGreaterThan(25);
    const peak = await peakOf(published(made.audio[0]!.path));
    expect(peak).toBeGreaterThan(-2.5);
    expect(peak).toBeLessThanOrEqual(0);
  });

  it('mixes 8 channels at 384 kHz to stereo at 48 kHz', async () => {
    await tone(path.join(dir, 'bat.wav'), { seconds: 1, rate: 384000, channels: 8 });
    const { made } = await recording('bat.wav');
    expect(made.durationSeconds).toBeCloseTo(1, 2);
    const out = await ffprobeJson(published(made.audio[0]!.path));
    expect(out.streams[0]).toMatchObject({ codec_name: 'aac', channels: 2, sample_rate: '48000' });
  });

  it('is refused with the reason when silent, broken or truncated to nothing', async () => {
    await ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '2', path.join(dir, 'silence.wav'));
    await expect(recording('silence.wav')).rejects.toThrow(/silent/);
    await writeFile(path.join(dir, 'broken.mp3'), Buffer.from('ID3 this is not audio at all'.repeat(50)));
    await expect(recording('broken.mp3')).rejects.toThrow(/ffmpeg can read/);
  });

  it('keeps what is there of a truncated file', async () => {
    await tone(path.join(dir, 'cut.wav'), { seconds: 4 });
    const size = (await stat(path.join(dir, 'cut.wav'))).size;
    await truncate(path.join(dir, 'cut.wav'), Math.floor(size / 2));
    const { made } = await recording('cut.wav');
    expect(made.durationSeconds).toBeGreaterThan(1.5);
    expect(made.durationSeconds).toBeLessThan(2.5);
  });
});

async function renderedClip(name: string) {
  const file = path.join(dir, name);
  return renderClip(file, clipPaths(name), publicDir, await probe(file), renditions);
}

/** Whether the MP4's index (moov) comes before its data (mdat): a browser can start playing at once. */
async function fastStart(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  return bytes.indexOf('moov') >= 0 && bytes.indexOf('moov') < bytes.indexOf('mdat');
}

describe('a clip', () => {
  it("is turned as the phone filmed it, H.264 8-bit, fast start, with a poster's renditions", async () => {
    await clip(path.join(dir, 'turned.mov'), { size: '320x240', rotate: 90 });
    const { made } = await renderedClip('turned.mov');
    expect(made).toMatchObject({ width: 240, height: 320, hasSound: true });
    const video = published(made.video[0]!.path);
    const out = await ffprobeJson(video);
    const picture = out.streams.find((s) => s.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 240, height: 320 });
    expect(JSON.stringify(picture)).not.toMatch(/rotation|Display Matrix/);
    expect(out.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(await fastStart(video)).toBe(true);
    expect(made.video[0]!.type).toMatch(/^video\/mp4; codecs="avc1\.64[0-9a-f]{4}, mp4a\.40\.2"$/);
    expect(made.poster).toMatchObject({ width: 240, height: 320 });
    expect((await sharp(published(made.poster.path)).metadata()).format).toBe('jpeg');
    expect(made.sources[0]!.files.length).toBeGreaterThan(0);
    expect(made.placeholder.length).toBeGreaterThan(10);
  });

  it('keeps a clip with no sound, without sound', async () => {
    await clip(path.join(dir, 'mute.mp4'), { sound: false });
    const { made } = await renderedClip('mute.mp4');
    expect(made.hasSound).toBe(false);
    expect(made.video[0]!.type).toMatch(/^video\/mp4; codecs="avc1\.64[0-9a-f]{4}"$/);
    expect((await ffprobeJson(published(made.video[0]!.path))).streams.map((s) => s.codec_type)).toEqual(['video']);
  });

  it("tone-maps a phone's 10-bit HDR HEVC to 8-bit SDR, and says so", async () => {
    await hdrClip(path.join(dir, 'hdr.mov'));
    const { made, warning } = await renderedClip('hdr.mov');
    const picture = (await ffprobeJson(published(made.video[0]!.path))).streams.find((s) => s.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    expect(warning).toMatch(/tone-mapped/);
  });

  it('is no taller than 1080 px', async () => {
    await clip(path.join(dir, 'tall.mp4'), { size: '600x1200', seconds: 0.4, sound: false });
    const { made } = await renderedClip('tall.mp4');
    expect(made).toMatchObject({ width: 540, height: 1080 });
  });

  it('carries no GPS, serial number or location from the original', async () => {
    const tagged = path.join(dir, 'gps.mp4');
    await clip(tagged, { seconds: 1 });
    const exiftool = new ExifTool({ maxProcs: 1 });
    try {
      await exiftool.write(tagged, { GPSCoordinates: '37.7749 N, 122.4194 W, 10', Make: 'Apple', Model: 'iPhone 15 Pro', SerialNumber: 'F2LX12345' } as never, { writeArgs: ['-overwrite_original'] });
      const before = await exiftool.read(tagged);
      expect(JSON.stringify(before)).toMatch(/GPS/);
      const { made } = await renderedClip('gps.mp4');
      const after = await exiftool.read(published(made.video[0]!.path));
      expect(Object.keys(after).filter((k) => /GPS|Serial|Location/i.test(k))).toEqual([]);
    } finally {
      await exiftool.end();
    }
  });
});
