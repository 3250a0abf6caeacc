import { describe, expect, it } from 'vitest';
import { formatDay } from './day-text.ts';

const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

describe('formatDay', () => {
  it('writes a day as a reader does: "Jan 2, 2005"', () => {
    expect(formatDay('2005-01-02')).toBe('Jan 2, 2005');
    expect(formatDay('2024-12-31')).toBe('Dec 31, 2024');
  });

  it("says every day of a leap year and of the eBird era's first years exactly as Intl's en-US short date in UTC", () => {
    for (const start of [Date.UTC(1900, 0, 1), Date.UTC(2024, 0, 1)]) {
      for (let d = 0; d < 366; d++) {
        const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
        expect(formatDay(day), day).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
      }
    }
  });

  it('leaves what is not a day that exists to Intl, as before', () => {
    expect(formatDay('2023-02-30')).toBe(intl.format(new Date('2023-02-30T00:00:00Z')));
  });
});
