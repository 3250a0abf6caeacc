import { progress as text } from './messages.ts';

export interface ProgressSink {
  start(total: number): void;
  tick(): void;
  finish(): void;
}

export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  quiet: boolean;
}

/** A bar redrawn in place on a terminal, a line every few seconds otherwise, nothing when quiet. */
export function createProgress({ stream, quiet }: ProgressOptions): ProgressSink {
  if (quiet) return { start() {}, tick() {}, finish() {} };
  const tty = Boolean(stream.isTTY);
  let total = 0;
  let done = 0;
  let started = 0;
  let lastDraw = 0;

  const figures = () => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 && done < total ? (total - done) / rate : done >= total ? 0 : undefined;
    return { rate, eta };
  };
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastDraw < (tty ? 100 : 5000)) return;
    lastDraw = now;
    const { rate, eta } = figures();
    if (tty) {
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 50));
      const filled = total > 0 ? Math.round((done / total) * width) : width;
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
      stream.write(`\r\x1b[2K${text.bar(bar, done, total, rate, eta)}`);
    } else {
      stream.write(`${text.line(done, total, rate, eta)}\n`);
    }
  };

  return {
    start(n) {
      total = n;
      done = 0;
      started = Date.now();
      lastDraw = started;
    },
    tick() {
      done++;
      draw(false);
    },
    finish() {
      draw(true);
      if (tty) stream.write('\n');
    },
  };
}
