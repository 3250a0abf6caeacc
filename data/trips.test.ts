import { describe, expect, it } from 'vitest';
import { outingSettingsSchema, tripSchema } from './outings.ts';
import { tripKey } from './paths.ts';
import { hasPage, tripOutcomes } from './trips.ts';

const trip = (name: string, from: string, to: string) => ({ name, from, to });
const ARIZONA = trip('Arizona, June 2023', '2023-06-10', '2023-06-12');

describe('which trips get a page', () => {
  it('gives a trip a page over the days in the field within its dates, narrowed to the first and the last', () => {
    expect(tripOutcomes([trip('Arizona', '2023-06-08', '2023-06-14')], ['2023-06-01', '2023-06-09', '2023-06-11', '2023-06-20'])).toEqual([
      { trip: trip('Arizona', '2023-06-08', '2023-06-14'), dates: ['2023-06-09', '2023-06-11'] },
    ]);
  });

  it('gives no page to a trip without a day in the field', () => {
    expect(tripOutcomes([trip('Winter', '2024-01-01', '2024-01-05')], ['2023-06-11'])).toEqual([{ trip: trip('Winter', '2024-01-01', '2024-01-05'), noPage: 'no-days' }]);
  });

  it('gives no page to a trip whose days are all in an earlier trip, which keeps them', () => {
    const inner = trip('Inner Loop', '2023-06-11', '2023-06-11');
    const outcomes = tripOutcomes([inner, ARIZONA], ['2023-06-10', '2023-06-11', '2023-06-12']);
    expect(outcomes).toEqual([
      { trip: ARIZONA, dates: ['2023-06-10', '2023-06-11', '2023-06-12'] },
      { trip: inner, noPage: 'days-in-earlier-trip', other: ARIZONA.name },
    ]);
  });

  it('gives a trip that shares some days with an earlier one the rest, and names that trip', () => {
    const desert = trip('Desert', '2023-06-11', '2023-06-14');
    expect(tripOutcomes([ARIZONA, desert], ['2023-06-11', '2023-06-13'])).toEqual([
      { trip: ARIZONA, dates: ['2023-06-11'] },
      { trip: desert, dates: ['2023-06-13'], sharesDaysWith: ARIZONA.name },
    ]);
  });

  it('gives no page to a trip whose page address a trip with a page already has, and none is taken by a trip without one', () => {
    // The same name again, a year later: the same address.
    const again = trip(ARIZONA.name, '2024-06-10', '2024-06-12');
    expect(tripKey(again.name)).toBe(tripKey(ARIZONA.name));
    expect(tripOutcomes([ARIZONA, again], ['2023-06-11', '2024-06-11'])).toEqual([
      { trip: ARIZONA, dates: ['2023-06-11'] },
      { trip: again, noPage: 'same-address', other: ARIZONA.name },
    ]);
    // The earlier trip has no day, so no page and no address: the later one is published.
    expect(tripOutcomes([ARIZONA, again], ['2024-06-11']).map((o) => [o.trip.from, hasPage(o)])).toEqual([
      [ARIZONA.from, false],
      [again.from, true],
    ]);
  });

  it('takes the trips oldest first, and those starting the same day as listed', () => {
    const a = trip('A', '2023-06-10', '2023-06-11');
    const b = trip('B', '2023-06-10', '2023-06-12');
    const outcomes = tripOutcomes([trip('Later', '2023-07-01', '2023-07-02'), a, b], ['2023-06-10', '2023-06-12', '2023-07-01']);
    expect(outcomes.map((o) => [o.trip.name, hasPage(o) ? o.dates : o.noPage])).toEqual([
      ['A', ['2023-06-10']],
      ['B', ['2023-06-12']],
      ['Later', ['2023-07-01']],
    ]);
  });
});

describe("a trip's shape", () => {
  it('refuses a trip that ends before it starts, or on a day the calendar does not have', () => {
    expect(tripSchema.safeParse(trip('Backwards', '2023-06-10', '2023-06-08')).error?.issues.map((i) => i.message)).toEqual(['`from` must not come after `to`']);
    expect(tripSchema.safeParse(trip('No such day', '2023-02-29', '2023-03-01')).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['from', 'must be a real calendar day']]);
    // A text that is no day is told so once, and not compared.
    expect(tripSchema.safeParse(trip('Typo', '20230610', '2023-06-08')).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['from', 'must be a date YYYY-MM-DD']]);
    expect(outingSettingsSchema.safeParse({ trips: [ARIZONA], lastDay: '2025-11-31' }).success).toBe(false);
  });
});
