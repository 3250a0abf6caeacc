import { readFile } from 'node:fs/promises';
import { messageOf } from '../../data/error-text.ts';
import { unlessMissing } from '../../node-lib/files.ts';
/**
 * Per-file problems, collected during a run and reported at the end as a count plus
 * a list. One bad file never stops the run; errors make the exit status 1, warnings
 * (something the owner should know, but the photo was published) do not.
 */
type Severity = 'error' | 'warning';

export interface Problem {
  /** What the problem is about, relative to the photos folder (e.g. `life_list/A/B/x.jpg`, `site.json`). */
  path: string;
  reason: string;
  severity: Severity;
}

export class Problems {
  readonly #items: Problem[] = [];

  error(path: string, reason: string): void {
    this.#items.push({ path, reason, severity: 'error' });
  }

  warning(path: string, reason: string): void {
    this.#items.push({ path, reason, severity: 'warning' });
  }

  add(problem: Problem): void {
    this.#items.push({ ...problem });
  }

  get all(): readonly Problem[] {
    return [...this.#items].sort((a, b) => (a.severity === b.severity ? a.path.localeCompare(b.path) : a.severity === 'error' ? -1 : 1));
  }

  get errorCount(): number {
    return this.#items.filter((p) => p.severity === 'error').length;
  }

  get warningCount(): number {
    return this.#items.filter((p) => p.severity === 'warning').length;
  }
}

/** A problem with one photo that stops that photo (and only it) from being published. */
export class PhotoProblem extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PhotoProblem';
  }
}

/** A problem that stops the whole run: bad site.json, output folder not writable. Exit status 2. */
export class FatalProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FatalProblem';
  }
}

export const EXIT_OK = 0;
export const EXIT_SOME_FAILED = 1;
export const EXIT_FATAL = 2;

/**
 * A text file that may be absent: its text, or undefined when it is missing. Any other
 * failure to read it stops the run with `unreadable(file, reason)`: the caller's file matters
 * too much to go on as if it were not there.
 */
export async function readOptionalTextOrStop(file: string, unreadable: (file: string, reason: string) => string): Promise<string | undefined> {
  try {
    return await unlessMissing(readFile(file, 'utf8'));
  } catch (error) {
    throw new FatalProblem(unreadable(file, messageOf(error)));
  }
}
