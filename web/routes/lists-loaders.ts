import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { notFound } from './not-found.tsx';

/** The table of lists and the map; the page exists only with an eBird export. */
export async function listsLoader() {
  const data = await site.lists();
  if (!data) throw notFound();
  return data;
}

/** `/lists/<key>/`: one year, country or state/province. */
export async function listLoader({ params }: { params: { key?: string } }) {
  const data = await site.list(withoutPageExtension(params.key));
  if (!data) throw notFound();
  return data;
}
