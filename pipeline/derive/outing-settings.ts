import { outingDayOf } from '../../data/outings-derivation.ts';
import type { OutingSettings } from '../../data/outings.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import type { LifeListLinks } from '../../data/site-data-derivation.ts';
import { hasPage, type TripOutcome } from '../../data/trips.ts';
import { ebird as ebirdText, outings as text } from '../report/messages.ts';
import { LIFE_LIST_DIR } from '../scan/plan.ts';
import type { Problems } from '../plumbing/problems.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';

/**
 * Stage: what the outing pages are made with besides the manifests and the life list (the
 * owner's trips, and today, after which no day can be an outing), and the warnings of what
 * does not fit: a photo or checklist dated after today (reportTrips below warns of the trips).
 * Nothing is dropped but the day that cannot be: the photo stays on its species page.
 */
export function outingSettingsOf(
  { site, photos, life, today }: { site: SiteConfig; photos: readonly PublishedPhoto[]; life: (LifeListLinks & { source: string }) | undefined; today: string },
  problems: Problems,
): OutingSettings {
  for (const photo of photos) {
    const day = photo.record.takenOn;
    if (day && !outingDayOf(day, today)) problems.warning(photo.source ?? `${LIFE_LIST_DIR}/${photo.plan.relativePath}`, text.photoInFuture(day, today));
  }
  for (const field of life?.records.days ?? []) {
    if (life && !outingDayOf(field.date, today)) problems.warning(life.source, ebirdText.checklistInFuture(field.date, today));
  }
  return { trips: site.trips, lastDay: today, ...(site.publishing.checklistLinks && { checklistLinks: true }) };
}

/**
 * Warns of each trip that shares days with an earlier one or gets no page. What became of each
 * trip comes from the pages' own derivation (data/trips.ts's rule, applied once as they are
 * made), so the report says what is published.
 */
export function reportTrips(trips: readonly TripOutcome[], problems: Problems): void {
  for (const outcome of trips) {
    const warning = warningOf(outcome);
    if (warning) problems.warning('site.json', warning);
  }
}

function warningOf(outcome: TripOutcome): string | undefined {
  const { name, from, to } = outcome.trip;
  if (hasPage(outcome)) return outcome.sharesDaysWith === undefined ? undefined : text.tripOverlaps(name, outcome.sharesDaysWith);
  switch (outcome.noPage) {
    case 'no-days':
      return text.tripWithoutDays(name, from, to);
    case 'days-in-earlier-trip':
      return text.tripInsideEarlier(name, outcome.other);
    case 'same-address':
      return text.tripSameKey(name, outcome.other);
  }
}
