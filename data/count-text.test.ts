import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './count-text.ts';

describe('countOf', () => {
  it('puts the noun in the plural unless the count is one', () => {
    expect(countOf(0, 'photo')).toBe('0 photos');
    expect(countOf(1, 'photo')).toBe('1 photo');
    expect(countOf(3, 'photo')).toBe('3 photos');
  });

  it('takes the plural given where adding an s is wrong', () => {
    expect(countOf(2, 'species', 'species')).toBe('2 species');
    expect(countOf(1, 'species observed', 'species observed')).toBe('1 species observed');
  });

  it('groups thousands', () => {
    expect(countOf(12345, 'photo')).toBe('12,345 photos');
  });
});

describe('formatCount', () => {
  it('groups thousands as English does, the same on every call', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(1200)).toBe('1,200');
  });

  it("says whole numbers and fractions exactly as Intl's en-US number format", () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 12, 999, 1000, 12345, 999_999, 1_000_000, -1234, Number.MAX_SAFE_INTEGER, 1234.5]) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });
});
