import { formatCount } from '../data/count-text.ts';
import { bytesText } from './messages.ts';

/**
 * How far a publish is: on a terminal, one line redrawn with a bar, files and bytes; elsewhere
 * (CI, a log file) a plain line as each step starts and ends, never a flood of carriage returns.
 */
export interface Progress {
  step(label: string, files: number, bytes: number): void;
  advance(bytes: number): void;
  end(): void;
}

const BAR = 24;

export function progressOn(stream: NodeJS.WriteStream): Progress {
  return stream.isTTY ? new TerminalProgress(stream) : new PlainProgress(stream);
}

class PlainProgress implements Progress {
  #done = { files: 0, bytes: 0 };
  #label: string | undefined;
  constructor(private readonly out: NodeJS.WritableStream) {}
  step(label: string, files: number, bytes: number): void {
    this.end();
    this.#label = label;
    this.#done = { files: 0, bytes: 0 };
    this.out.write(`${label}: ${formatCount(files)} files, ${bytesText(bytes)}…\n`);
  }
  advance(bytes: number): void {
    this.#done.files++;
    this.#done.bytes += bytes;
  }
  end(): void {
    if (this.#label) this.out.write(`${this.#label}: done (${formatCount(this.#done.files)} files, ${bytesText(this.#done.bytes)}).\n`);
    this.#label = undefined;
  }
}

class TerminalProgress implements Progress {
  #step = { label: '', files: 0, bytes: 0 };
  #done = { files: 0, bytes: 0 };
  #drawnAt = 0;
  constructor(private readonly out: NodeJS.WriteStream) {}
  step(label: string, files: number, bytes: number): void {
    this.end();
    this.#step = { label, files, bytes };
    this.#done = { files: 0, bytes: 0 };
    this.#draw();
  }
  advance(bytes: number): void {
    this.#done.files++;
    this.#done.bytes += bytes;
    // A redraw per file would cost more than small uploads: at most ten a second, and the last.
    if (Date.now() - this.#drawnAt > 100 || this.#done.files === this.#step.files) this.#draw();
  }
  end(): void {
    if (this.#step.label) this.out.write('\n');
    this.#step.label = '';
  }
  #draw(): void {
    this.#drawnAt = Date.now();
    const { label, files, bytes } = this.#step;
    const share = bytes > 0 ? this.#done.bytes / bytes : files > 0 ? this.#done.files / files : 1;
    const filled = Math.round(Math.min(1, share) * BAR);
    this.out.write(`\r\x1b[2K${label} [${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${formatCount(this.#done.files)}/${formatCount(files)} files, ${bytesText(this.#done.bytes)}/${bytesText(bytes)}`);
  }
}
