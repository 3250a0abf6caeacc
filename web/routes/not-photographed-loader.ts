import { site } from '../site.ts';
import { foundOr404 } from './not-found.tsx';

/** The life list's species without a photo, from its own data file; the page exists only with an eBird export. */
export async function notPhotographedLoader() {
  return foundOr404(await site.notPhotographed());
}
