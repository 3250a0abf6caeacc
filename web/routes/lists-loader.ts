import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { foundOr404 } from './not-found.tsx';

/** The table of lists and the map; the page exists only with an eBird export. */
export async function listsLoader() {
  return foundOr404(await site.lists());
}

/** `/lists/<key>/`: one year, country or state/province. */
export async function listLoader({ params }: { params: { key?: string } }) {
  return foundOr404(await site.list(withoutPageExtension(params.key)));
}
