import { describe, expect, it } from 'vitest';
import { calendarSpan, holdsOn, type DerivedState } from './derived-state.ts';

const state = (days: DerivedState['days']): DerivedState => ({ key: 'k', problems: [], files: {}, ...(days && { days }) });

describe('the days a derivation holds on', () => {
  it('runs from the latest dated day on or before today up to the first dated after it', () => {
    const span = calendarSpan(['2024-05-01', '2024-05-20', '2024-05-10', '2024-06-01'], '2024-05-12');
    expect(span).toEqual({ since: '2024-05-10', until: '2024-05-20' });
    expect(['2024-05-09', '2024-05-10', '2024-05-19', '2024-05-20'].map((day) => holdsOn(state(span), day))).toEqual([false, true, true, false]);
  });

  it('holds on every day when nothing is dated, and on none when the span was never recorded', () => {
    expect(calendarSpan([], '2024-05-12')).toEqual({});
    expect(holdsOn(state({}), '1999-01-01')).toBe(true);
    expect(holdsOn(state(undefined), '2024-05-12')).toBe(false);
  });
});
