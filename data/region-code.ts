/**
 * The one spelling of an eBird region code: a country (`US`) or a country and its
 * subdivision (`US-NC`, `GB-ENG`, `CA-ON`). The export's rows, the published life list and
 * the lists' URLs are checked by it. Without zod, so the site's first bundle can import it.
 */
const REGION_CODE_PATTERN = '[A-Z]{2}(?:-[A-Z0-9]{1,3})?';

export const REGION_CODE = new RegExp(`^${REGION_CODE_PATTERN}$`);

/** A list's key: a year (`2024`), a country (`US`) or a state/province (`US-TX`). */
export const LIST_KEY = new RegExp(`^(?:\\d{4}|${REGION_CODE_PATTERN})$`);

/** The country of an eBird region code: `US-TX` → `US`. */
export function countryOf(region: string): string {
  return region.slice(0, 2);
}

/** A state's or province's title with its country's name: 'Texas, United States'. */
export function regionWithCountry(region: string, country: string): string {
  return `${region}, ${country}`;
}
