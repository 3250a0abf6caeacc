import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageFile, ImageSource } from '../../data/manifest-schemas.ts';
import { MEDIA_TYPES, type ClipPaths, type RecordingPaths } from '../../data/media-layout.ts';
import type { ClipEntry, MediaFile, RecordingEntry } from '../../data/media-schemas.ts';
import type { RenditionOptions } from '../../data/site-config.ts';
import { writeAtomically } from '../../node-lib/files.ts';
import { PhotoProblem } from '../plumbing/problems.ts';
import { sourceFile, sourcesWanted, thumbHashOf } from '../photos/renditions.ts';
import { problem } from '../report/messages.ts';
import { MIME_TYPES } from '../scan/plan.ts';
import { audioEncoding, gainFor, parseVolumedetect, SILENT_PEAK_DB, spectrogramFilter, spectrogramSize, SPECTROGRAM_MAX_HZ } from './audio-plan.ts';
import { ffmpegPath, reasonOf, runTool } from './ffmpeg.ts';
import { avcCodecOf, clipSize, type MediaProbe } from './probe.ts';
import { probe } from './probes.ts';

/**
 * A recording's and a clip's renditions, made by ffmpeg (sound and pictures) and sharp (the
 * spectrogram's WebP, the poster's renditions), each file written under a temporary name and
 * renamed into place. What cannot be made is a PhotoProblem with the reason, for the report.
 */

/** No published clip is taller than this. */
export const MAX_CLIP_HEIGHT = 1080;
/** H.264 at a quality a phone's 1080p clip looks like itself at (~4–6 Mb/s), encoded at a speed two cores can bear. */
const X264 = ['-c:v', 'libx264', '-preset', 'faster', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'];
/** Nothing of the original's metadata (GPS, serial numbers, location names) is carried over. */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];
const FFMPEG = ['-nostdin', '-hide_banner', '-nostats'];

type RecordingMade = Pick<RecordingEntry, 'durationSeconds' | 'audio' | 'spectrogram' | 'gainDb'>;

export async function renderRecording(file: string, paths: RecordingPaths, publicDir: string, probed: MediaProbe): Promise<{ made: RecordingMade; warning?: string }> {
  if (!probed.audio) throw new PhotoProblem(problem.mediaNoSound());
  // First the whole sound decoded once, for its real length and its peak.
  const measure = await runTool(ffmpegPath(), [...FFMPEG, '-v', 'info', '-i', file, '-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-']);
  const volume = parseVolumedetect(measure.stderr);
  if (measure.code !== 0 || !volume || volume.samples === 0) throw new PhotoProblem(problem.mediaUnreadable(reasonOf(measure.stderr)));
  const channels = Math.max(1, probed.audio.channels);
  const durationSeconds = volume.samples / channels / (probed.audio.sampleRate || 48000);
  if (!(durationSeconds > 0)) throw new PhotoProblem(problem.mediaUnreadable('no sound decoded'));
  if (volume.peakDb < SILENT_PEAK_DB) throw new PhotoProblem(problem.mediaSilent(volume.peakDb));
  const gainDb = gainFor(volume.peakDb);
  const encoding = audioEncoding(probed.audio.channels, probed.audio.sampleRate);
  const { width, height } = spectrogramSize(durationSeconds);
  const out = (sitePath: string) => path.join(publicDir, ...sitePath.split('/'));

  // Then one decode for both: the web audio, and the spectrogram as raw gray pixels on stdout.
  let pixels: Buffer | undefined;
  let stderr = '';
  await writeAtomically(out(paths.audio), async (temp) => {
    const graph = `[0:a:0]asplit=2[e][s];[e]${gainDb > 0 ? `volume=${gainDb}dB` : 'anull'}[a];[s]${spectrogramFilter(durationSeconds, gainDb)}[v]`;
    const result = await runTool(
      ffmpegPath(),
      [
        ...FFMPEG, '-v', 'error', '-i', file, '-filter_complex', graph,
        '-map', '[a]', '-c:a', 'aac', '-b:a', encoding.bitrate, '-ac', String(encoding.channels), '-ar', String(encoding.sampleRate), ...NO_METADATA, '-movflags', '+faststart', '-f', 'mp4', temp,
        '-map', '[v]', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
      ],
      { collectStdout: true },
    );
    if (result.code !== 0) throw new PhotoProblem(problem.mediaFailed('web audio and spectrogram', reasonOf(result.stderr)));
    pixels = result.stdout;
    stderr = result.stderr;
  });
  if (!pixels || pixels.length !== width * height) throw new PhotoProblem(problem.mediaFailed('spectrogram', `${pixels?.length ?? 0} bytes for ${width}×${height}`));
  const image = pixels;
  await writeAtomically(out(paths.spectrogram), (temp) => sharp(image, { raw: { width, height, channels: 1 } }).webp({ quality: 80 }).toFile(temp));
  const audio: MediaFile = { path: paths.audio, type: MEDIA_TYPES.m4a, bytes: (await stat(out(paths.audio))).size };
  const made: RecordingMade = {
    durationSeconds: round(durationSeconds),
    audio: [audio],
    spectrogram: { image: { path: paths.spectrogram, width, height }, maxFrequencyHz: SPECTROGRAM_MAX_HZ },
    ...(gainDb > 0 ? { gainDb } : {}),
  };
  const damage = damageOf(measure.stderr) ?? damageOf(stderr);
  return { made, ...(damage ? { warning: problem.mediaDamaged(damage) } : {}) };
}

type ClipMade = Pick<ClipEntry, 'durationSeconds' | 'width' | 'height' | 'video' | 'hasSound' | 'placeholder' | 'thumbnail' | 'poster' | 'sources'>;

/** The HDR of a phone (PQ or HLG, BT.2020) to SDR BT.709, as a browser without HDR would show it washed out otherwise. */
const TONEMAP = 'zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv';

export async function renderClip(file: string, paths: ClipPaths, publicDir: string, probed: MediaProbe, renditions: RenditionOptions, location?: string): Promise<{ made: ClipMade; warning?: string }> {
  const video = probed.video;
  if (!video || video.width <= 0 || video.height <= 0) throw new PhotoProblem(problem.mediaNoPicture());
  const size = clipSize(video, MAX_CLIP_HEIGHT);
  const out = (sitePath: string) => path.join(publicDir, ...sitePath.split('/'));
  const hasSound = probed.audio !== undefined;
  const encoding = probed.audio ? audioEncoding(probed.audio.channels, probed.audio.sampleRate) : undefined;
  // ffmpeg turns the picture as the display matrix says (autorotate), then it is scaled and made 8-bit 4:2:0.
  const filter = [...(video.hdr ? [TONEMAP] : []), `scale=${size.width}:${size.height}`, 'setsar=1', 'format=yuv420p'].join(',');
  let stderr = '';
  await writeAtomically(out(paths.video), async (temp) => {
    const result = await runTool(ffmpegPath(), [
      ...FFMPEG, '-v', 'error', '-i', file,
      '-map', '0:v:0', ...(hasSound ? ['-map', '0:a:0'] : []), '-vf', filter, ...X264,
      ...(encoding ? ['-c:a', 'aac', '-b:a', encoding.bitrate, '-ac', String(encoding.channels), '-ar', String(encoding.sampleRate)] : ['-an']),
      '-sn', '-dn', ...NO_METADATA, ...(location ? ['-metadata', `location=${location}`] : []),
      '-movflags', '+faststart', '-f', 'mp4', temp,
    ]);
    if (result.code !== 0) throw new PhotoProblem(problem.mediaFailed('web video', reasonOf(result.stderr)));
    stderr = result.stderr;
  });
  const published = await probe(out(paths.video));
  const durationSeconds = published.durationSeconds ?? probed.durationSeconds;
  if (!published.video || !durationSeconds) throw new PhotoProblem(problem.mediaFailed('web video', 'its output has no picture'));
  const poster = await posterOf(out(paths.video), durationSeconds, published.video);
  const stills = await posterRenditions(poster, paths, renditions, out);
  const made: ClipMade = {
    durationSeconds: round(durationSeconds),
    width: published.video.width,
    height: published.video.height,
    video: [{ path: paths.video, type: `video/mp4; codecs="${avcCodecOf(published.video)}${hasSound ? ', mp4a.40.2' : ''}"`, bytes: (await stat(out(paths.video))).size }],
    hasSound,
    ...stills,
  };
  const notes = [video.hdr ? problem.mediaTonemapped() : undefined, damageOf(stderr) ? problem.mediaDamaged(damageOf(stderr)!) : undefined].filter(Boolean);
  return { made, ...(notes.length > 0 ? { warning: notes.join('; ') } : {}) };
}

/** A frame's pixels as ffmpeg gives them (RGB, 8 bits a channel), for sharp to read without a decode. */
interface RawFrame {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The poster frame, from the published video (already turned, tone-mapped and sized): a second in,
 * or a quarter of a shorter clip. Raw pixels, not a PNG that ffmpeg would compress and sharp decode again.
 */
async function posterOf(video: string, durationSeconds: number, size: { width: number; height: number }): Promise<RawFrame> {
  const at = Math.min(1, durationSeconds / 4).toFixed(3);
  const result = await runTool(ffmpegPath(), [...FFMPEG, '-v', 'error', '-ss', at, '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { collectStdout: true });
  if (result.code !== 0 || result.stdout.length === 0) throw new PhotoProblem(problem.mediaFailed('poster frame', reasonOf(result.stderr)));
  if (result.stdout.length !== size.width * size.height * 3) throw new PhotoProblem(problem.mediaFailed('poster frame', `${result.stdout.length} bytes for ${size.width}×${size.height}`));
  return { data: result.stdout, ...size };
}

/** The poster as a photo's tile has it: the still (JPEG), the `_lowq` thumbnail, the srcset files and a ThumbHash. */
async function posterRenditions(frame: RawFrame, paths: ClipPaths, renditions: RenditionOptions, out: (sitePath: string) => string): Promise<Pick<ClipMade, 'placeholder' | 'thumbnail' | 'poster' | 'sources'>> {
  const info = { width: frame.width, height: frame.height };
  const pixels = () => sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } });
  const write = async (pipeline: sharp.Sharp, sitePath: string): Promise<ImageFile> => {
    let size = { width: 0, height: 0 };
    await writeAtomically(out(sitePath), async (temp) => {
      const written = await pipeline.toFile(temp);
      size = { width: written.width, height: written.height };
    });
    return { path: sitePath, ...size };
  };
  const poster = await write(pixels().jpeg({ quality: renditions.jpegQuality }), paths.poster);
  const edge = renditions.thumbnailLongEdge;
  const thumbnail = await write(pixels().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: renditions.jpegQuality }), paths.thumbnail);
  const sources: ImageSource[] = [];
  for (const format of renditions.formats) {
    const planned = [...new Set(renditions.srcsetWidths)].sort((a, b) => a - b).map((width) => ({ width, path: paths.source(width, format) }));
    const files: ImageFile[] = [];
    for (const source of sourcesWanted(planned, info.width)) {
      const made = await sourceFile(pixels, source.width, format, renditions);
      await writeAtomically(out(source.path), (temp) => writeFile(temp, made.data));
      files.push({ path: source.path, width: made.width, height: made.height });
    }
    sources.push({ type: MIME_TYPES[format], files });
  }
  const placeholder = await thumbHashOf(pixels());
  return { poster, thumbnail, sources, placeholder };
}

/** What ffmpeg said of damage while it decoded (`-v error` lines), if anything. */
function damageOf(stderr: string): string | undefined {
  // A decoder's own lines (`[mp3float @ 0x…] overread…`), not the input's description or volumedetect's report.
  const lines = stderr.split('\n').filter((l) => /^\[(?!Parsed_volumedetect)/.test(l) && /error|invalid|corrupt|truncat|missing|overread/i.test(l));
  return lines.length > 0 ? reasonOf(lines.join('\n')) : undefined;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
