import { site } from '../site.ts';
import { notFound } from './not-found.tsx';

/** The life list's species without a photo, from its own data file; the page exists only with an eBird export. */
export async function notPhotographedLoader() {
  const data = await site.notPhotographed();
  if (!data) throw notFound();
  return data;
}
