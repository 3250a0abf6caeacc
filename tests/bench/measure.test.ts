import { describe, expect, it } from 'vitest';
import { runMeasured } from '../../bench/lib/measure.ts';

/**
 * The benchmark's instrument: a child that holds ~200 MB and burns CPU must be seen doing
 * so, with GNU time and with the /proc fallback CI uses when Debian's `time` is missing.
 */
const CHILD = `
  const held = Buffer.alloc(200 * 1024 * 1024, 1);
  const until = process.cpuUsage().user + 400_000;
  let x = 0;
  for (let i = 0; process.cpuUsage().user < until; i++) x += Math.sqrt(held[i % held.length]);
  setTimeout(() => console.log(x > 0 ? 'done' : 'never'), 200);
`;

describe('runMeasured', () => {
  for (const fallback of [false, true]) {
    it(`sees the CPU and peak memory of a child process${fallback ? ' (/proc fallback)' : ''}`, async () => {
      const previous = process.env.BENCH_NO_GNU_TIME;
      process.env.BENCH_NO_GNU_TIME = fallback ? '1' : '0';
      try {
        const run = await runMeasured(process.execPath, ['-e', CHILD]);
        expect(run.exitCode).toBe(0);
        expect(run.stdout.trim()).toBe('done');
        if (fallback) expect(run.method).toBe('proc');
        expect(run.cpuMs).toBeGreaterThanOrEqual(350);
        expect(run.peakRssBytes).toBeGreaterThan(200 * 1024 * 1024);
        expect(run.peakRssBytes).toBeLessThan(1024 * 1024 * 1024);
        expect(run.wallMs).toBeGreaterThan(0);
      } finally {
        if (previous === undefined) delete process.env.BENCH_NO_GNU_TIME;
        else process.env.BENCH_NO_GNU_TIME = previous;
      }
    });
  }
});
