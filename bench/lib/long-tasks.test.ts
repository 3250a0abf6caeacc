import { describe, expect, it } from 'vitest';
import { tasksAfterFirstPaint } from './long-tasks.ts';

// A trace as Chromium writes it: microseconds; the page's renderer (pid 2, main thread 7) and another process.
const fcp = { name: 'firstContentfulPaint', ph: 'R', pid: 2, tid: 7, ts: 1_000_000 };
const task = (ts: number, ms: number, pid = 2, tid = 7) => ({ name: 'RunTask', ph: 'X', pid, tid, ts, dur: ms * 1000 });

describe("the main thread's tasks after the first paint (bench/lib/long-tasks.ts)", () => {
  it("counts the tasks of the thread that painted first, from its paint on, and names the work inside the longest", () => {
    const events = [
      task(500_000, 400), // the document's parse, before the first paint: not the app's start
      fcp,
      task(1_010_000, 20),
      task(1_100_000, 75),
      { name: 'v8.evaluateModule', ph: 'X', pid: 2, tid: 7, ts: 1_100_500, dur: 70_000 },
      { name: 'FunctionCall', ph: 'X', pid: 2, tid: 7, ts: 1_101_000, dur: 500, args: { data: { functionName: 'tiny', url: 'http://x/a.js' } } },
      task(1_300_000, 55),
      task(1_400_000, 900, 3, 1), // another process (the GPU): not the page's main thread
      task(1_500_000, 900, 2, 9), // another thread of the renderer
    ];
    const result = tasksAfterFirstPaint(events, 'http://x/');
    expect(result.longestMs).toBe(75);
    expect(result.over50).toBe(2);
    expect(result.longest.afterFcpMs).toBe(100);
    // Work under 1 ms is left out of the explanation.
    expect(result.longest.inside).toEqual(['v8.evaluateModule 70 ms']);
    // The 75 ms task ran the page's script; the 55 ms one ran none.
    expect(result.longestScriptMs).toBe(75);
  });

  it("tells the tasks that ran the page's script (the app's start, the hydration) from the browser's own rendering", () => {
    const at = (name: string, ts: number, ms: number) => ({ name, ph: 'X', pid: 2, tid: 7, ts, dur: ms * 1000 });
    const events = [
      fcp,
      // The frame that styles, lays out and paints the rest of the markup: no script in it.
      task(1_050_000, 68),
      at('UpdateLayoutTree', 1_050_100, 11),
      at('Layout', 1_061_200, 30),
      at('Paint', 1_091_300, 20),
      // The parse of the rest of the document, with an inline script of well under a millisecond.
      task(1_200_000, 20),
      at('ParseHTML', 1_200_100, 19),
      at('EvaluateScript', 1_201_000, 0.4),
      // The app's start: a timer's callback.
      task(1_300_000, 40),
      at('TimerFire', 1_300_100, 39),
      at('FunctionCall', 1_300_200, 38),
      // A piece of the hydration: React's scheduler runs on a message, a FunctionCall.
      task(1_400_000, 31),
      at('FunctionCall', 1_400_100, 30),
    ];
    const result = tasksAfterFirstPaint(events, 'http://x/lists/');
    expect(result.longestMs).toBe(68);
    expect(result.longest.inside).toEqual(['Layout 30 ms', 'Paint 20 ms', 'UpdateLayoutTree 11 ms']);
    expect(result.longestScriptMs).toBe(40);
  });

  it('gives 0 for a page that runs no script (a share page)', () => {
    expect(tasksAfterFirstPaint([fcp, task(1_050_000, 12)], 'http://x/photo/a/').longestScriptMs).toBe(0);
  });

  it('fails with the page named when the trace has no first paint, rather than measuring nothing', () => {
    expect(() => tasksAfterFirstPaint([task(1, 10)], 'http://x/lists/')).toThrow('no first contentful paint in the trace of http://x/lists/');
    expect(() => tasksAfterFirstPaint([fcp, task(1, 10)], 'http://x/')).toThrow('no task on the main thread');
  });
});
