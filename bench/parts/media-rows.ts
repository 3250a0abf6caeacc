import { median, type Row } from '../lib/report.ts';

/**
 * The media part's rows, derived from what it measured alone (pure, so the arithmetic is tested
 * in the fast tier: media-rows.test.ts). bench/parts/media.ts measures.
 */

/** The pipeline against bare ffmpeg: at least this share of bare ffmpeg's throughput. */
export const MEDIA_RATIO_TARGET = 0.9;
/**
 * The spectrogram's CPU per minute of audio, on top of the encode it shares its decode with: at most
 * a quarter of what the encode alone costs (1.0–1.3 s a minute: decode, gain, AAC), so a recording's
 * cost stays its encode's.
 */
export const SPECTROGRAM_TARGET_S_PER_MIN = 0.25;

interface Run {
  wallMs: number;
  cpuMs: number;
}

/** What the media part measured: the bench's JSON results keep it, and its rows are derived from it. */
export interface MediaMeasured {
  set: { recordings: number; audioSeconds: number; clips: number; videoSeconds: number; description: string };
  /** ffmpeg jobs at once: the pipeline's pool (its --concurrency, at most one per core), and bare ffmpeg's. */
  pool: number;
  /** Whether the targets hold: the full set only (a smaller one weighs the ingest's fixed start-up more). */
  targeted: boolean;
  /** The ffmpeg/ffprobe command lines the pipeline ran, replayed by bare ffmpeg (its `-version` checks aside). */
  commands: number;
  /** Every file bare ffmpeg wrote is one the pipeline published too. */
  sameFiles: boolean;
  /** Interleaved: a cold ingest of the library, then bare ffmpeg running the same command lines. */
  runs: Array<{ pipeline: Run; bare: Run }>;
  /**
   * CPU of each recording's one-decode command as the pipeline runs it (audio + spectrogram), of the
   * same with only the audio output, and with only the spectrogram's: summed over the recordings, per pass.
   */
  spectrogram: Array<{ bothCpuMs: number; encodeOnlyCpuMs: number; spectrogramOnlyCpuMs: number }>;
}

export function mediaRows(m: MediaMeasured): Row[] {
  const part = 'Media';
  const pipelineWall = median(m.runs.map((r) => r.pipeline.wallMs));
  const bareWall = median(m.runs.map((r) => r.bare.wallMs));
  const ratios = m.runs.map((r) => r.bare.wallMs / r.pipeline.wallMs);
  const minutes = m.set.audioSeconds / 60;
  const perMinute = (pick: (s: MediaMeasured['spectrogram'][number]) => number) => median(m.spectrogram.map(pick)) / 1000 / minutes;
  // Each command's median first: the difference of two noisy CPU times, run by run, swings either way.
  const spectrogram = perMinute((s) => s.bothCpuMs) - perMinute((s) => s.encodeOnlyCpuMs);
  return [
    { part, metric: 'pipeline: cold ingest of the media', value: pipelineWall / 1000, unit: 's', note: `${m.set.description}; median of ${m.runs.length} run(s), CPU ${(median(m.runs.map((r) => r.pipeline.cpuMs)) / 1000).toFixed(1)} s` },
    {
      part,
      metric: `bare ffmpeg: the same ${m.commands} command lines`,
      value: bareWall / 1000,
      unit: 's',
      note: `${m.pool} at a time, as the pipeline's pool; CPU ${(median(m.runs.map((r) => r.bare.cpuMs)) / 1000).toFixed(1)} s${m.sameFiles ? '' : '. WARNING: bare ffmpeg wrote files the pipeline did not publish: the ratio compares different work'}`,
    },
    {
      part,
      metric: 'pipeline / bare throughput',
      value: median(ratios),
      unit: 'x',
      target: m.targeted ? { op: '>=', value: MEDIA_RATIO_TARGET } : undefined,
      note: `the median of each run's bare / pipeline time (${ratios.map((r) => r.toFixed(2)).join(', ')}): each pair back to back, which of the two runs first alternating, on a machine whose speed drifts from minute to minute${m.targeted ? '' : '; no target on a small set: the ingest’s start-up weighs more'}`,
    },
    {
      part,
      metric: 'bare / pipeline CPU',
      value: median(m.runs.map((r) => r.bare.cpuMs)) / median(m.runs.map((r) => r.pipeline.cpuMs)),
      unit: 'x',
      note: "the pipeline's CPU beyond ffmpeg's: node, ExifTool, sharp's spectrogram WebP and poster renditions, the manifests",
    },
    {
      part,
      metric: 'spectrogram CPU per minute of audio',
      value: spectrogram,
      unit: 's/min',
      target: m.targeted || m.set.audioSeconds >= 60 ? { op: '<=', value: SPECTROGRAM_TARGET_S_PER_MIN } : undefined,
      note: `the pipeline's command (audio + spectrogram, one decode) less the same with only the audio output, medians of ${m.spectrogram.length} pass(es); ${(m.set.audioSeconds / 60).toFixed(1)} min of audio`,
    },
    { part, metric: 'encode-only command CPU per minute', value: perMinute((s) => s.encodeOnlyCpuMs), unit: 's/min', note: 'decode, gain and AAC encode' },
    { part, metric: 'spectrogram-only command CPU per minute', value: perMinute((s) => s.spectrogramOnlyCpuMs), unit: 's/min', note: 'decode, resample to 22.05 kHz and showspectrumpic, no encode' },
  ];
}

/**
 * A recording's one-decode command (`-filter_complex [0:a:0]asplit=2[e][s];[e]…[a];[s]…[v]`, the
 * audio file, then `-map [v] … pipe:1`) cut to its audio output alone, or its spectrogram's alone.
 */
export function splitRecordingCommand(args: readonly string[], audioOut: string): { encodeOnly: string[]; spectrogramOnly: string[] } | undefined {
  const at = args.indexOf('-filter_complex');
  const graph = args[at + 1];
  const video = args.findIndex((a, i) => i > at && a === '-map' && args[i + 1] === '[v]');
  const match = graph === undefined ? null : /^\[0:a:0\]asplit=2\[e\]\[s\];\[e\](.+)\[a\];\[s\](.+)\[v\]$/.exec(graph);
  if (at < 0 || video < 0 || !match) return undefined;
  const audio = args.slice(at + 2, video);
  audio[audio.length - 1] = audioOut;
  return {
    encodeOnly: [...args.slice(0, at), '-filter_complex', `[0:a:0]${match[1]}[a]`, ...audio],
    spectrogramOnly: [...args.slice(0, at), '-filter_complex', `[0:a:0]${match[2]}[v]`, ...args.slice(video)],
  };
}
