import type { Trip } from './outings.ts';
import { compareDays, tripKey } from './paths.ts';

/** A trip that gets a page: its dates narrowed to the days in the field it holds. */
export interface TripWithPage {
  trip: Trip;
  /** Its days in the field, oldest first (at least one): its page's `from` and `to` are the first and the last. */
  dates: string[];
  /** An earlier trip that keeps some of the days of this one's dates. */
  sharesDaysWith?: string;
}

/** A trip of site.json that gets no page, and why. */
type TripWithoutPage =
  | { trip: Trip; noPage: 'no-days' }
  /** Each of its days in the field is in an earlier trip (`other`, the first of them). */
  | { trip: Trip; noPage: 'days-in-earlier-trip'; other: string }
  /** A trip with a page (`other`) already has its page address (tripKey). */
  | { trip: Trip; noPage: 'same-address'; other: string };

export type TripOutcome = TripWithPage | TripWithoutPage;

export function hasPage(outcome: TripOutcome): outcome is TripWithPage {
  return !('noPage' in outcome);
}

/**
 * The one rule of which trips of site.json get a page, used both by the pages and by the ingest's
 * report, so the report says exactly what is published. The trips are taken oldest first (by
 * `from`, then as listed); each holds the days in the field within its dates that no earlier
 * trip holds. A trip holding none has no page, and neither has one whose page address a trip
 * with a page already has.
 *
 * `days`: the days in the field (with photos or checklists), oldest first.
 */
export function tripOutcomes(trips: readonly Trip[], days: readonly string[]): TripOutcome[] {
  const holder = new Map<string, string>();
  const addresses = new Map<string, string>();
  const outcomes: TripOutcome[] = [];
  for (const trip of [...trips].sort((a, b) => compareDays(a.from, b.from))) {
    const within = days.filter((d) => d >= trip.from && d <= trip.to);
    const dates = within.filter((d) => !holder.has(d));
    const sameAddress = addresses.get(tripKey(trip.name));
    if (within.length === 0) outcomes.push({ trip, noPage: 'no-days' });
    else if (dates.length === 0) outcomes.push({ trip, noPage: 'days-in-earlier-trip', other: holder.get(within[0]!)! });
    else if (sameAddress !== undefined) outcomes.push({ trip, noPage: 'same-address', other: sameAddress });
    else {
      const shared = within.find((d) => holder.has(d));
      outcomes.push({ trip, dates, ...(shared !== undefined && { sharesDaysWith: holder.get(shared)! }) });
      for (const d of dates) holder.set(d, trip.name);
      addresses.set(tripKey(trip.name), trip.name);
    }
  }
  return outcomes;
}
