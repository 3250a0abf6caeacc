import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { notFound } from './not-found.tsx';

/** Every outing and trip, newest first, grouped by year. */
export async function outingsLoader() {
  const data = await site.outings();
  if (!data) throw notFound();
  return data;
}

/** `/outings/<day or trip>/`. */
export async function outingLoader({ params }: { params: { key?: string } }) {
  const data = await site.outing(withoutPageExtension(params.key));
  if (!data) throw notFound();
  return data;
}

/** `/outings/year/<year>/`: one year of a split Outings page. */
export async function outingsYearLoader({ params }: { params: { year?: string } }) {
  const data = await site.outingsYear(withoutPageExtension(params.year));
  if (!data) throw notFound();
  return data;
}
