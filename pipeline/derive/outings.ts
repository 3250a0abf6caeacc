import type { LifeListRecords } from '../../data/life-records.ts';
import type { OutingSettings } from '../../data/outings.ts';
import { tripKey } from '../../data/paths.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import { ebird as ebirdText, outings as text } from '../report/messages.ts';
import { LIFE_LIST_DIR } from '../scan/plan.ts';
import type { Problems } from '../plumbing/problems.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';

/**
 * Stage: what the outing pages are made with besides the manifests and the life list (the
 * owner's trips, and today, after which no day can be an outing), and the warnings of what
 * does not fit: a photo or checklist dated after today, a trip that overlaps another or covers
 * no outing. Nothing is dropped but the day that cannot be: the photo stays on its species page.
 */
export function outingSettingsOf(
  { site, photos, records, source, today }: { site: SiteConfig; photos: readonly PublishedPhoto[]; records: LifeListRecords | undefined; source: string | undefined; today: string },
  problems: Problems,
): OutingSettings {
  const days = new Set<string>();
  for (const photo of photos) {
    const day = photo.record.takenOn;
    if (!day) continue;
    if (day > today) problems.warning(photo.source ?? `${LIFE_LIST_DIR}/${photo.plan.relativePath}`, text.photoInFuture(day, today));
    else days.add(day);
  }
  for (const field of records?.days ?? []) {
    if (field.date > today) problems.warning(source ?? 'ebird', ebirdText.checklistInFuture(field.date, today));
    else days.add(field.date);
  }
  const trips = [...site.trips].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const kept: SiteConfig['trips'] = [];
  for (const trip of trips) {
    const sameKey = kept.find((k) => tripKey(k.name) === tripKey(trip.name));
    if (sameKey) {
      problems.warning('site.json', text.tripSameKey(trip.name, sameKey.name));
      continue;
    }
    const overlapped = kept.find((k) => trip.from <= k.to && k.from <= trip.to);
    if (overlapped) problems.warning('site.json', text.tripOverlaps(trip.name, overlapped.name));
    if (![...days].some((d) => d >= trip.from && d <= trip.to)) problems.warning('site.json', text.tripWithoutDays(trip.name, trip.from, trip.to));
    kept.push(trip);
  }
  return { trips: site.trips.map(({ name, from, to }) => ({ name, from, to })), lastDay: today, ...(site.publishing.checklistLinks && { checklistLinks: true }) };
}
