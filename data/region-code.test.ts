import { describe, expect, it } from 'vitest';
import { LIST_KEY, placeNameOf, placesByCountry, REGION_CODE } from './region-code.ts';

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

describe('places by their names', () => {
  const names = { CA: 'Canada', 'CA-ON': 'Ontario', US: 'United States', 'US-MT': 'Montana', 'US-WA': 'Washington', MX: 'Mexico' };

  it("a state or province with its country: 'Ontario, Canada'; a country alone; an unnamed code stays a code", () => {
    expect(placeNameOf('CA-ON', names)).toBe('Ontario, Canada');
    expect(placeNameOf('US', names)).toBe('United States');
    expect(placeNameOf('GB-ENG', names)).toBe('GB-ENG');
  });

  it('are grouped by country, by name, each with its states; a country where no state is known alone', () => {
    const places = placesByCountry(['US-WA', 'CA-ON', 'US', 'US-MT', 'MX'], names, (a, b) => a.localeCompare(b));
    expect(places).toEqual([
      { code: 'CA', name: 'Canada', regions: [{ code: 'CA-ON', name: 'Ontario' }] },
      { code: 'MX', name: 'Mexico' },
      {
        code: 'US',
        name: 'United States',
        regions: [
          { code: 'US-MT', name: 'Montana' },
          { code: 'US-WA', name: 'Washington' },
        ],
      },
    ]);
  });
});
