import { vi } from 'vitest';
import { pageClipSchema, pageRecordingSchema, type PageClip, type PageRecording } from '../../data/media-schemas.ts';

/**
 * jsdom has no media playback: play() and pause() change `paused` and fire the events a browser
 * fires, so a player's state can be followed. Restored after each test (restoreMocks).
 */
export function fakeMediaPlayback(): void {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  const times = new WeakMap<HTMLMediaElement, number>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return times.get(this) ?? 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    times.set(this, value);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) !== false) {
      paused.set(this, false);
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new Event('pause'));
    }
  });
}

/** A recording as a species' data file carries it, checked by its schema. */
export function fixtureRecording(overrides: Partial<PageRecording> = {}): PageRecording {
  return pageRecordingSchema.parse({
    kind: 'recording',
    id: 'bald-eagle-call-1a2b3c4',
    species: 'Bald Eagle',
    durationSeconds: 10.2,
    takenOn: '2024-05-02',
    outing: '2024-05-02',
    device: 'Sound Devices MixPre-3',
    audio: [{ path: 'media/Raptors/Bald Eagle/bald-eagle-call.m4a', type: 'audio/mp4; codecs="mp4a.40.2"', bytes: 81_234 }],
    spectrogram: { image: { path: 'media/Raptors/Bald Eagle/bald-eagle-call_spectrogram.webp', width: 1200, height: 300 }, maxFrequencyHz: 12_000 },
    ...overrides,
  });
}

/** A clip as a species' data file carries it, checked by its schema. */
export function fixtureClip(overrides: Partial<PageClip> = {}): PageClip {
  return pageClipSchema.parse({
    kind: 'clip',
    id: 'bald-eagle-takeoff-5d6e7f8',
    species: 'Bald Eagle',
    durationSeconds: 12.4,
    takenOn: '2024-05-02',
    width: 1920,
    height: 1080,
    video: [{ path: 'media/Raptors/Bald Eagle/bald-eagle-takeoff.mp4', type: 'video/mp4; codecs="avc1.640028, mp4a.40.2"', bytes: 2_345_678 }],
    hasSound: true,
    placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
    thumbnail: { path: 'media/Raptors/Bald Eagle/bald-eagle-takeoff_lowq.jpg', width: 480, height: 270 },
    poster: { path: 'media/Raptors/Bald Eagle/bald-eagle-takeoff_poster.jpg', width: 1920, height: 1080 },
    sources: [{ type: 'image/webp', files: [{ path: 'media/Raptors/Bald Eagle/bald-eagle-takeoff_480.webp', width: 480, height: 270 }] }],
    ...overrides,
  });
}
