import { describe, expect, it } from 'vitest';
import { audioEncoding, gainFor, MAX_GAIN_DB, parseVolumedetect, spectrogramFilter, spectrogramSize, spectrogramStride, SPECTROGRAM_MAX_WIDTH } from './audio-plan.ts';

describe('gainFor', () => {
  it('leaves a recording whose peak is at or above -12 dBFS as it is', () => {
    expect(gainFor(-0.1)).toBe(0);
    expect(gainFor(-12)).toBe(0);
  });
  it('raises a quiet one so its peak reaches -1 dBFS, never above', () => {
    expect(gainFor(-20)).toBe(19);
    expect(gainFor(-12.05)).toBeCloseTo(11.1, 5);
    expect(-20 + gainFor(-20)).toBeLessThanOrEqual(-1);
  });
  it('caps the gain for a recording that is nearly all noise', () => {
    expect(gainFor(-70)).toBe(MAX_GAIN_DB);
    expect(gainFor(-Infinity)).toBe(0);
  });
});

describe('parseVolumedetect', () => {
  it("reads the peak and the count from ffmpeg's report", () => {
    const stderr = '[Parsed_volumedetect_0 @ 0x1] n_samples: 882000\n[Parsed_volumedetect_0 @ 0x1] mean_volume: -30.1 dB\n[Parsed_volumedetect_0 @ 0x1] max_volume: -18.5 dB\n';
    expect(parseVolumedetect(stderr)).toEqual({ samples: 882000, peakDb: -18.5 });
  });
  it('reads digital silence as -Infinity and nothing decoded as undefined', () => {
    expect(parseVolumedetect('n_samples: 100\nmax_volume: -inf dB')?.peakDb).toBe(-Infinity);
    expect(parseVolumedetect('moov atom not found')).toBeUndefined();
  });
});

describe('the spectrogram', () => {
  it('is as wide as the sound is long, within bounds, at a fixed height', () => {
    expect(spectrogramSize(6)).toEqual({ width: 600, height: 320 });
    expect(spectrogramSize(0.5).width).toBe(200);
    expect(spectrogramSize(3 * 3600).width).toBe(SPECTROGRAM_MAX_WIDTH);
  });
  it('draws a long recording from slices, so ffmpeg never holds more than ten minutes of it', () => {
    expect(spectrogramStride(60)).toBe(1);
    expect(spectrogramStride(3 * 3600)).toBe(18);
    expect(spectrogramFilter(3 * 3600, 0)).toContain("aselect='not(mod(n\\,18))'");
    expect(spectrogramFilter(10, 0)).not.toContain('aselect');
  });
  it('is drawn linear, 0–11 kHz, gray and inverted, with the gain the audio gets', () => {
    const filter = spectrogramFilter(10, 12.5);
    expect(filter).toMatch(/^aresample=22050,aformat=channel_layouts=mono,volume=12.5dB,showspectrumpic=s=1000x320:legend=0:.*fscale=lin.*,format=gray,negate$/);
  });
});

describe('audioEncoding', () => {
  it('keeps mono, mixes many channels to two, and brings high rates to 48 kHz', () => {
    expect(audioEncoding(1, 44100)).toEqual({ channels: 1, sampleRate: 44100, bitrate: '96k' });
    expect(audioEncoding(8, 384000)).toEqual({ channels: 2, sampleRate: 48000, bitrate: '160k' });
  });
});
