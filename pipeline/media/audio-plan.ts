/**
 * The choices made for a recording, pure so they are tested without ffmpeg: the gain a very quiet
 * recording gets, the spectrogram's size and filter, and what ffmpeg's `volumedetect` printed.
 */

/** A recording whose peak is below this is raised… */
export const QUIET_PEAK_DB = -12;
/** …so that its peak reaches this (never above: the published file never clips). */
export const TARGET_PEAK_DB = -1;
/** Never more than this: a recording this far down is mostly its own noise. */
export const MAX_GAIN_DB = 40;
/** Below this, a recording is taken for silent (digital silence decodes at about -91 dB). */
export const SILENT_PEAK_DB = -80;

/** The gain (dB) that brings a quiet recording's peak to TARGET_PEAK_DB; 0 when it is loud enough. */
export function gainFor(peakDb: number): number {
  if (!Number.isFinite(peakDb) || peakDb >= QUIET_PEAK_DB) return 0;
  return Math.round(Math.min(MAX_GAIN_DB, TARGET_PEAK_DB - peakDb) * 10) / 10;
}

export interface VolumeReading {
  /** The sample peak, dBFS (`-inf` is read as -Infinity). */
  peakDb: number;
  /** Samples of all channels together, as volumedetect counts them. */
  samples: number;
}

/** `volumedetect`'s last report on stderr: `n_samples: 441000`, `max_volume: -3.2 dB`; undefined when it printed none (nothing decoded). */
export function parseVolumedetect(stderr: string): VolumeReading | undefined {
  const samples = [...stderr.matchAll(/n_samples:\s*(\d+)/g)].at(-1)?.[1];
  const peak = [...stderr.matchAll(/max_volume:\s*(-?inf|-?[\d.]+)\s*dB/g)].at(-1)?.[1];
  if (samples === undefined || peak === undefined) return undefined;
  return { samples: Number(samples), peakDb: peak.endsWith('inf') ? -Infinity : Number(peak) };
}

/** The spectrogram's sample rate: 0 to its half, 11 kHz, is where birds sing, as xeno-canto and Macaulay draw it. */
export const SPECTROGRAM_SAMPLE_RATE = 22050;
export const SPECTROGRAM_MAX_HZ = SPECTROGRAM_SAMPLE_RATE / 2;
/** Drawn at twice the size it is shown (160 CSS px high), so it stays sharp on a phone. */
export const SPECTROGRAM_HEIGHT = 320;
/** Pixels per second of sound (50 CSS px at 2x), at least MIN and at most MAX wide. */
export const SPECTROGRAM_PX_PER_SECOND = 100;
export const SPECTROGRAM_MIN_WIDTH = 200;
export const SPECTROGRAM_MAX_WIDTH = 3000;
/**
 * showspectrumpic keeps every sample it is given until the end: a long recording is drawn from
 * evenly spaced slices of it, at most this many seconds of sound in all, so memory stays bounded
 * (~50 MB at 22 kHz) whatever the length. At the widest image a column is then still several slices.
 */
export const SPECTROGRAM_MAX_SECONDS = 600;
/** The length of one slice, in samples at SPECTROGRAM_SAMPLE_RATE (~46 ms: a few analysis windows). */
export const SPECTROGRAM_SLICE_SAMPLES = 1024;

export function spectrogramSize(durationSeconds: number): { width: number; height: number } {
  const width = Math.round(Math.min(SPECTROGRAM_MAX_WIDTH, Math.max(SPECTROGRAM_MIN_WIDTH, durationSeconds * SPECTROGRAM_PX_PER_SECOND)));
  return { width, height: SPECTROGRAM_HEIGHT };
}

/** One slice in every this many, for a recording of this length (1: every sample). */
export function spectrogramStride(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / SPECTROGRAM_MAX_SECONDS));
}

/**
 * The filter from a recording's first audio stream (gain applied) to the spectrogram as 8-bit
 * gray, dark marks on a light ground: mono, 0–11 kHz linear, a dB scale from 25 to 75 dB below
 * full scale (quieter is the ground, louder is black).
 */
export function spectrogramFilter(durationSeconds: number, gainDb: number): string {
  const { width, height } = spectrogramSize(durationSeconds);
  const stride = spectrogramStride(durationSeconds);
  return [
    `aresample=${SPECTROGRAM_SAMPLE_RATE}`,
    'aformat=channel_layouts=mono',
    ...(gainDb > 0 ? [`volume=${gainDb}dB`] : []),
    ...(stride > 1 ? [`asetnsamples=n=${SPECTROGRAM_SLICE_SAMPLES}`, `aselect='not(mod(n\\,${stride}))'`] : []),
    `showspectrumpic=s=${width}x${height}:legend=0:mode=combined:color=intensity:saturation=0:scale=log:fscale=lin:drange=50:limit=-25:win_func=hann`,
    'format=gray',
    'negate',
  ].join(',');
}

/** The published audio: channels (mono stays mono, more than two are mixed to two), rate and bit rate. */
export function audioEncoding(channels: number, sampleRate: number): { channels: number; sampleRate: number; bitrate: string } {
  const out = channels <= 1 ? 1 : 2;
  // AAC-LC is made for 44.1 and 48 kHz; a bat detector's 384 kHz is brought down to 48.
  const rate = sampleRate > 48000 || sampleRate <= 0 ? 48000 : sampleRate;
  return { channels: out, sampleRate: rate, bitrate: out === 1 ? '96k' : '160k' };
}
