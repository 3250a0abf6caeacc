import { afterEach, describe, expect, it } from 'vitest';
import { killMediaTools, MediaToolsStopped, mediaToolRuns, resetMediaTools, runTool, setMediaConcurrency, withToolPriority } from '../../pipeline/media/ffmpeg.ts';

afterEach(() => {
  setMediaConcurrency(Number.MAX_SAFE_INTEGER);
  resetMediaTools();
});

describe("the media tools' pool", () => {
  it('gives a free core to the tool of the most work first, equal work in the order asked', async () => {
    setMediaConcurrency(1);
    const started: string[] = [];
    const run = (name: string) => runTool('true', []).then(() => started.push(name));
    // The one core is taken at once, and the others wait for it (runTool asks for its slot before
    // its first await), in the order below.
    const first = run('first, on the free core');
    const queued = [
      ['small', 1],
      ['largest', 9],
      ['medium, first asked', 5],
      ['medium, then', 5],
      ['unweighed', 0],
    ] as const;
    await Promise.all([first, ...queued.map(([name, work]) => withToolPriority(work, () => run(name)))]);
    expect(started).toEqual(['first, on the free core', 'largest', 'medium, first asked', 'medium, then', 'small', 'unweighed']);
  });

  it('keeps a free core for a heavier file in hand that has not asked for its first tool yet', async () => {
    setMediaConcurrency(1);
    const started: string[] = [];
    let clipMayAsk: () => void = () => {};
    const clipReady = new Promise<void>((resolve) => (clipMayAsk = resolve));
    // The clip is taken first but asks late (it makes its folder first); the recording asks at once.
    const before = mediaToolRuns();
    const clip = withToolPriority(9, async () => {
      await clipReady;
      await runTool('true', []);
      started.push('clip');
    });
    const recording = withToolPriority(1, async () => {
      await runTool('true', []);
      started.push('recording');
    });
    // The recording asked for the free core at once (runTool asks before its first await), and was kept waiting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(mediaToolRuns()).toBe(before);
    clipMayAsk();
    await Promise.all([clip, recording]);
    expect(started).toEqual(['clip', 'recording']);
  });

  it('lets the lighter file go once the heavier one is done without a tool', async () => {
    setMediaConcurrency(1);
    const failing = withToolPriority(9, async () => {
      throw new Error('no sound stream');
    });
    const recording = withToolPriority(1, () => runTool('true', []));
    await expect(failing).rejects.toThrow('no sound stream');
    expect((await recording).code).toBe(0);
  });

  it('starts nothing that waited for a core once the run is stopped (Ctrl-C)', async () => {
    setMediaConcurrency(1);
    const before = mediaToolRuns() + 1;
    const holding = runTool('sleep', ['30']);
    const waitingRun = runTool('true', []);
    const settled = Promise.allSettled([holding, waitingRun]);
    // Until the first has started (the second waits for its core).
    while (mediaToolRuns() < before) await new Promise((resolve) => setImmediate(resolve));
    await killMediaTools();
    const [held, waited] = await settled;
    expect(held.status === 'rejected' && held.reason).toBeInstanceOf(MediaToolsStopped);
    expect(waited.status === 'rejected' && waited.reason).toBeInstanceOf(MediaToolsStopped);
    expect(mediaToolRuns()).toBe(before);
  });
});
