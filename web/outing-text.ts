import type { OutingData } from '../data/outings.ts';
import { formatDay } from './day-text.ts';
import { t, tn } from './site-words.ts';

/**
 * The words of an outing, shared by its page and its head tags (the pre-render describes the
 * page with them), so both always say the same.
 */

/** `May 17, 2024`, or `May 16, 2024 – May 18, 2024` for several days. */
export function outingDates(outing: Pick<OutingData, 'from' | 'to'>): string {
  if (outing.from === outing.to) return formatDay(outing.from);
  return t('outing.range', { from: formatDay(outing.from), to: formatDay(outing.to) });
}

/** A trip's name, or a day's date. */
export function outingTitle(outing: Pick<OutingData, 'from' | 'to' | 'name'>): string {
  return outing.name ?? outingDates(outing);
}

/** `62 species, 3 lifers, 12 photos, 1 recording`: without checklists, the species are those photographed. */
export function outingCounts(outing: { observed: number; lifers: number; photos: number; recordings?: number | undefined; clips?: number | undefined }, fromExport: boolean): string {
  return [
    tn(fromExport ? 'count.species' : 'count.speciesPhotographed', outing.observed),
    ...(outing.lifers > 0 ? [tn('count.lifers', outing.lifers)] : []),
    tn('count.photos', outing.photos),
    ...(outing.recordings ? [tn('count.recordings', outing.recordings)] : []),
    ...(outing.clips ? [tn('count.clips', outing.clips)] : []),
  ].join(t('list.separator'));
}

export function outingDescription(outing: Omit<OutingData, 'species'>, owner: string): string {
  const where = outing.regions.length > 0 ? t('outing.inRegions', { regions: outing.regions.map((r) => r.name).join('; ') }) : '';
  const counts = outingCounts({ observed: outing.observed, lifers: outing.lifers, photos: outing.photoCount, recordings: outing.recordingCount, clips: outing.clipCount }, outing.fromExport);
  return t(outing.kind === 'trip' ? 'outing.descriptionTrip' : 'outing.descriptionDay', { owner, dates: outingDates(outing), where, counts });
}

/** `3 h 20 min` in the field. */
export function fieldTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? t('time.minutes', { minutes: rest }) : rest === 0 ? t('time.hours', { hours }) : t('time.hoursMinutes', { hours, minutes: rest });
}

/** The Outings page's title, in its heading, the header's menu and its head tags. */
export function outingsTitle(): string {
  return t('nav.outings');
}

/** The title of one year's page of the Outings (`outingsYearRoute`). */
export function outingsYearTitle(year: number): string {
  return t('outings.yearTitle', { year: String(year) });
}

/** The Outings page's description. */
export function outingsDescription(owner: string): string {
  return t('outings.description', { owner });
}

export function outingsYearDescription(owner: string, year: number): string {
  return t('outings.yearDescription', { owner, year: String(year) });
}
