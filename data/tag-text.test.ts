import { describe, expect, it } from 'vitest';
import { tagText } from './tag-text.ts';

describe('tagText', () => {
  it('cuts a C string at its first NUL, dropping the padding and junk after it', () => {
    expect(tagText('NIKON D500\0\0\0garbage')).toBe('NIKON D500');
  });

  it('drops leading NULs and white space, collapses the rest and trims', () => {
    expect(tagText('\0\0  Canon   EOS\t7D \n')).toBe('Canon EOS 7D');
  });

  it('gives undefined for empty text and for what is not text', () => {
    for (const value of ['', '   ', '\0\0', 5300, undefined, null, ['a']]) expect(tagText(value), String(value)).toBeUndefined();
  });
});
