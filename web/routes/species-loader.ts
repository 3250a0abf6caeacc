import type { LoaderFunctionArgs } from 'react-router';
import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { notFound } from './not-found.tsx';

/** One species' photos (bird-photos.json order, id 0 skipped), from that species' data file only. */
export async function speciesLoader({ params }: LoaderFunctionArgs) {
  const view = await site.species(withoutPageExtension(params.species));
  if (!view) throw notFound();
  return view;
}
