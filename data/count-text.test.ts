import { describe, expect, it } from 'vitest';
import { countOf } from './count-text.ts';

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
