import { withoutPageExtension } from '../../data/paths.ts';
import { site } from '../site.ts';
import { foundOr404 } from './not-found.tsx';

/** Every outing and trip, newest first, grouped by year. */
export async function outingsLoader() {
  return foundOr404(await site.outings());
}

/** `/outings/<day or trip>/`. */
export async function outingLoader({ params }: { params: { key?: string } }) {
  return foundOr404(await site.outing(withoutPageExtension(params.key)));
}

/** `/outings/year/<year>/`: one year of a split Outings page. */
export async function outingsYearLoader({ params }: { params: { year?: string } }) {
  return foundOr404(await site.outingsYear(withoutPageExtension(params.year)));
}
