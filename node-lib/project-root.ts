import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, where its vendored data files are. Run from a bundle (scripts/launch-bundle.mjs),
 * a module is not in the project, and the launcher says where the project is (PORTFOLIO_ROOT).
 */
export const PROJECT_ROOT = process.env.PORTFOLIO_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

/** A file of the project, by its project-relative path (`pipeline/derive/ebird/natural-earth/…`). */
export function projectFile(relative: string): string {
  return path.join(PROJECT_ROOT, ...relative.split('/'));
}
