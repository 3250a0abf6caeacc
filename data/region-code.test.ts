import { describe, expect, it } from 'vitest';
import { LIST_KEY, REGION_CODE } from './region-code.ts';

describe('region codes', () => {
  it('are a country, or a country and a subdivision of one to three letters or digits', () => {
    for (const code of ['US', 'US-NC', 'GB-ENG', 'CA-ON', 'FR-75']) expect(REGION_CODE.test(code), code).toBe(true);
    for (const code of ['us', 'USA', 'US-', 'US-ABCD', 'US-nc', ' US', 'US-NC ', '2024', '']) expect(REGION_CODE.test(code), code).toBe(false);
  });

  it('and a year make the lists’ keys', () => {
    for (const key of ['2024', 'US', 'US-TX']) expect(LIST_KEY.test(key), key).toBe(true);
    for (const key of ['24', '20245', 'US-TXAS', 'life']) expect(LIST_KEY.test(key), key).toBe(false);
  });
});
