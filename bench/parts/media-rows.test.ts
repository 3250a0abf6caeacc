import { describe, expect, it } from 'vitest';
import { statusOf, type Row } from '../lib/report.ts';
import { MEDIA_RATIO_TARGET, mediaRows, SPECTROGRAM_TARGET_S_PER_MIN, splitRecordingCommand, type MediaMeasured } from './media-rows.ts';

const measured: MediaMeasured = {
  set: { recordings: 4, audioSeconds: 270, clips: 3, videoSeconds: 15, description: '4 recordings, 4.5 min; 3 clips' },
  pool: 2,
  targeted: true,
  commands: 24,
  sameFiles: true,
  runs: [
    { pipeline: { wallMs: 40_000, cpuMs: 70_000 }, bare: { wallMs: 37_000, cpuMs: 64_000 } },
    { pipeline: { wallMs: 44_000, cpuMs: 72_000 }, bare: { wallMs: 38_000, cpuMs: 66_000 } },
    { pipeline: { wallMs: 42_000, cpuMs: 71_000 }, bare: { wallMs: 36_000, cpuMs: 65_000 } },
  ],
  spectrogram: [
    { bothCpuMs: 3_000, encodeOnlyCpuMs: 2_700, spectrogramOnlyCpuMs: 900 },
    { bothCpuMs: 3_100, encodeOnlyCpuMs: 2_750, spectrogramOnlyCpuMs: 950 },
    { bothCpuMs: 3_050, encodeOnlyCpuMs: 2_800, spectrogramOnlyCpuMs: 1_000 },
  ],
};
const row = (rows: Row[], metric: RegExp) => {
  const found = rows.find((r) => metric.test(r.metric));
  if (!found) throw new Error(`no row ${metric}`);
  return found;
};

describe("the media part's rows", () => {
  it('give the median ingest and bare ffmpeg times, and the median of the runs’ throughput ratios against 0.9', () => {
    const rows = mediaRows(measured);
    expect(row(rows, /^pipeline: cold ingest/).value).toBe(42);
    expect(row(rows, /^bare ffmpeg: the same 24 command lines$/).value).toBe(37);
    const ratio = row(rows, /^pipeline \/ bare throughput$/);
    // Run by run 0.93, 0.86, 0.86: their median, not the medians' ratio (37 / 42, 0.88).
    expect(ratio.value).toBeCloseTo(38 / 44, 12);
    expect(ratio.note).toContain('0.93, 0.86, 0.86');
    expect(ratio.target).toEqual({ op: '>=', value: MEDIA_RATIO_TARGET });
    expect(statusOf(ratio)).toBe('FAIL');
    expect(row(rows, /^bare \/ pipeline CPU$/).value).toBeCloseTo(65 / 71, 12);
    expect(row(rows, /^bare ffmpeg/).note).toContain('2 at a time');
  });

  it("give the spectrogram's CPU per minute: the pipeline's command less its encode alone, each the median of its passes", () => {
    const rows = mediaRows(measured);
    const spectrogram = row(rows, /^spectrogram CPU per minute/);
    // Medians 3,050 and 2,750 ms over 4.5 min: 300 ms.
    expect(spectrogram.value).toBeCloseTo(0.3 / 4.5, 12);
    expect(spectrogram).toMatchObject({ unit: 's/min', target: { op: '<=', value: SPECTROGRAM_TARGET_S_PER_MIN } });
    expect(statusOf(spectrogram)).toBe('PASS');
    expect(row(rows, /^encode-only/).value).toBeCloseTo(2.75 / 4.5, 12);
    expect(row(rows, /^spectrogram-only/).value).toBeCloseTo(0.95 / 4.5, 12);
  });

  it('hold the ratio to its target on the full set only, the spectrogram from a minute of audio on, and warn of different work', () => {
    const small = mediaRows({ ...measured, targeted: false, set: { ...measured.set, audioSeconds: 30 } });
    expect(row(small, /throughput/).target).toBeUndefined();
    expect(row(small, /^spectrogram CPU/).target).toBeUndefined();
    const quick = mediaRows({ ...measured, targeted: false, set: { ...measured.set, audioSeconds: 80 } });
    expect(row(quick, /^spectrogram CPU/).target).toBeDefined();
    expect(row(mediaRows({ ...measured, sameFiles: false }), /^bare ffmpeg/).note).toMatch(/WARNING/);
  });
});

describe("a recording's command cut to one output", () => {
  // As pipeline/media/render.ts runs it.
  const args = [
    '-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-i', '/lib/a.wav',
    '-filter_complex', '[0:a:0]asplit=2[e][s];[e]volume=6dB[a];[s]aresample=22050,showspectrumpic=s=300x320,format=gray,negate[v]',
    '-map', '[a]', '-c:a', 'aac', '-b:a', '96k', '-f', 'mp4', '/out/.a.m4a.tmp-1-ab',
    '-map', '[v]', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
  ];

  it('keeps the input and one branch of the graph with its output', () => {
    const cut = splitRecordingCommand(args, '/scratch/a.m4a')!;
    expect(cut.encodeOnly).toEqual([...args.slice(0, 7), '-filter_complex', '[0:a:0]volume=6dB[a]', '-map', '[a]', '-c:a', 'aac', '-b:a', '96k', '-f', 'mp4', '/scratch/a.m4a']);
    expect(cut.spectrogramOnly).toEqual([
      ...args.slice(0, 7), '-filter_complex', '[0:a:0]aresample=22050,showspectrumpic=s=300x320,format=gray,negate[v]',
      '-map', '[v]', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
    ]);
  });

  it('refuses a command of another shape', () => {
    expect(splitRecordingCommand(['-i', 'a.wav', '-f', 'null', '-'], 'x.m4a')).toBeUndefined();
  });
});
