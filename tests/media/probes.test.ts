import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolRuns } from '../../pipeline/media/ffmpeg.ts';
import { emptyMediaCache, type MediaCache } from '../../pipeline/media/media-cache.ts';
import { probesAhead } from '../../pipeline/media/probes.ts';
import { tone } from './make-inputs.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-probes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Settles once ffprobe has been started `n` times more than `from` (the probes ahead run on their own). */
async function runsReach(from: number, n: number): Promise<void> {
  while (mediaToolRuns() < from + n) await new Promise((resolve) => setImmediate(resolve));
}

describe('the probes started ahead of the media stage', () => {
  it('probes a new file once, before it is asked for, and leaves what the cache holds for the media stage', async () => {
    const fresh = path.join(dir, 'ZOOM0001.WAV');
    const known = path.join(dir, 'ZOOM0002.WAV');
    const broken = path.join(dir, 'ZOOM0003.WAV');
    await tone(fresh, { seconds: 1 });
    await tone(known, { seconds: 1, rate: 48000 });
    await writeFile(broken, 'RIFF, but no WAVE at all');
    const { size, mtimeMs } = await stat(known);
    const cache: MediaCache = { ...emptyMediaCache(), media: { 'life_list/x/ZOOM0002.WAV': { kind: 'recording', size, mtimeMs, fingerprint: 'f', addedAt: '2026-01-01T00:00:00.000Z', made: { durationSeconds: 1 } } } };

    const before = mediaToolRuns();
    const probes = probesAhead([fresh, known, broken, path.join(dir, 'gone.WAV')], cache, 2);
    await runsReach(before, 2);
    const early = await probes.of(fresh);
    expect(early.audio).toEqual({ codec: 'pcm_s16le', channels: 1, sampleRate: 44100 });
    // The broken file's failure is kept for the stage that makes it, with ffprobe's reason.
    await expect(probes.of(broken)).rejects.toThrow(/not a recording or clip ffmpeg can read/);
    expect(mediaToolRuns() - before).toBe(2);
    // A file the cache holds is probed only if it is made after all (settings changed, --force).
    expect((await probes.of(known)).audio?.sampleRate).toBe(48000);
    expect(mediaToolRuns() - before).toBe(3);
  });
});
