import type { LoaderFunctionArgs } from 'react-router';
import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { foundOr404 } from './not-found.tsx';

/** One species' photos (bird-photos.json order, id 0 skipped), from that species' data file only. */
export async function speciesLoader({ params }: LoaderFunctionArgs) {
  return foundOr404(await site.species(withoutPageExtension(params.species)));
}
