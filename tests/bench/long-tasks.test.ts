import { describe, expect, it } from 'vitest';
import { tasksAfterFirstPaint } from '../../bench/lib/long-tasks.ts';

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
  });

  it('fails with the page named when the trace has no first paint, rather than measuring nothing', () => {
    expect(() => tasksAfterFirstPaint([task(1, 10)], 'http://x/lists/')).toThrow('no first contentful paint in the trace of http://x/lists/');
    expect(() => tasksAfterFirstPaint([fcp, task(1, 10)], 'http://x/')).toThrow('no task on the main thread');
  });
});
