import { countOf } from '../data/count-text.ts';
import type { OutingData } from '../data/outings.ts';
import { formatDay } from './day-text.ts';

/**
 * The words of an outing, shared by its page and its head tags (the pre-render describes the
 * page with them), so both always say the same.
 */

/** `May 17, 2024`, or `May 16, 2024 – May 18, 2024` for several days. */
export function outingDates(outing: Pick<OutingData, 'from' | 'to'>): string {
  if (outing.from === outing.to) return formatDay(outing.from);
  return `${formatDay(outing.from)} – ${formatDay(outing.to)}`;
}

/** A trip's name, or a day's date. */
export function outingTitle(outing: Pick<OutingData, 'from' | 'to' | 'name'>): string {
  return outing.name ?? outingDates(outing);
}

/** `62 species, 3 lifers, 12 photos`: without checklists, the species are those photographed. */
export function outingCounts(outing: { observed: number; lifers: number; photos: number }, fromExport: boolean): string {
  return [
    fromExport ? countOf(outing.observed, 'species', 'species') : `${countOf(outing.observed, 'species', 'species')} photographed`,
    ...(outing.lifers > 0 ? [countOf(outing.lifers, 'lifer')] : []),
    countOf(outing.photos, 'photo'),
  ].join(', ');
}

export function outingDescription(outing: Omit<OutingData, 'species'>, owner: string): string {
  const where = outing.regions.length > 0 ? ` in ${outing.regions.map((r) => r.name).join('; ')}` : '';
  const counts = outingCounts({ observed: outing.observed, lifers: outing.lifers, photos: outing.photoCount }, outing.fromExport);
  return `${owner}'s ${outing.kind === 'trip' ? 'trip' : 'day in the field'}, ${outingDates(outing)}${where}: ${counts}.`;
}

/** `3 h 20 min` in the field. */
export function fieldTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The Outings page's description. */
export function outingsDescription(owner: string): string {
  return `${owner}'s days in the field, newest first: what was seen, what was photographed, what was new.`;
}

export function outingsYearDescription(owner: string, year: number): string {
  return `${owner}'s days in the field in ${year}, newest first.`;
}
