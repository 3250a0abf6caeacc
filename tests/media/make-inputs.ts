import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';

/** Test inputs made with the real ffmpeg, in a temporary folder: nothing binary is committed. */
const run = promisify(execFile);

export async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);
}

export async function ffprobeJson(file: string): Promise<{ streams: Array<Record<string, unknown>>; format: Record<string, unknown> }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as { streams: Array<Record<string, unknown>>; format: Record<string, unknown> };
}

/** A 1 kHz tone of `seconds`, at `db` dBFS peak, in whatever format the extension says. */
export function tone(file: string, { seconds = 2, db = -3, rate = 44100, channels = 1 } = {}): Promise<void> {
  const amplitude = 10 ** (db / 20);
  return ffmpeg('-f', 'lavfi', '-i', `aevalsrc=${amplitude}*sin(2*PI*1000*t)|${amplitude}*sin(2*PI*3000*t):s=${rate}:d=${seconds}`, '-ac', String(channels), file);
}

/** A clip: testsrc2 pictures, a tone unless `sound` is false, turned by a display matrix when `rotate` is given. */
export async function clip(file: string, { seconds = 2, size = '320x240', sound = true, rotate, codec = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'] }: { seconds?: number; size?: string; sound?: boolean; rotate?: number; codec?: string[] } = {}): Promise<void> {
  // ffmpeg 5.1 writes a display matrix from the `rotate` tag only when it copies the stream: encode, then turn.
  const encoded = rotate === undefined ? file : `${file}.unturned${file.slice(file.lastIndexOf('.'))}`;
  await ffmpeg(
    '-f', 'lavfi', '-i', `testsrc2=s=${size}:d=${seconds}:r=25`,
    ...(sound ? ['-f', 'lavfi', '-i', `sine=f=800:d=${seconds}`] : []),
    ...codec,
    ...(sound ? ['-c:a', 'aac'] : []),
    '-shortest', encoded,
  );
  if (rotate !== undefined) {
    await ffmpeg('-i', encoded, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, file);
    await rm(encoded);
  }
}

/** A 10-bit HDR (PQ, BT.2020) HEVC clip, as a recent phone films. */
export function hdrClip(file: string, seconds = 1): Promise<void> {
  return clip(file, {
    seconds,
    codec: ['-c:v', 'libx265', '-pix_fmt', 'yuv420p10le', '-color_primaries', 'bt2020', '-color_trc', 'smpte2084', '-colorspace', 'bt2020nc', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'],
  });
}
