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

/** A region code as a visitor reads it: `CA-ON` → 'Ontario, Canada', `US` → 'United States'; a code no name is known for stays a code. */
export function placeNameOf(code: string, names: Readonly<Record<string, string>>): string {
  const own = names[code];
  if (own === undefined) return code;
  if (!code.includes('-')) return own;
  const country = names[countryOf(code)];
  return country === undefined ? own : regionWithCountry(own, country);
}

/**
 * Where a species was seen, grouped by country, each country's states/provinces by name, countries
 * by name: 'Canada: Ontario · United States: Montana, Washington'. A country where no state is
 * known has none.
 */
export function placesByCountry(codes: Iterable<string>, names: Readonly<Record<string, string>>, compare: (a: string, b: string) => number): { code: string; name: string; regions?: { code: string; name: string }[] }[] {
  const byCountry = new Map<string, Set<string>>();
  for (const code of codes) {
    const regions = byCountry.get(countryOf(code)) ?? new Set<string>();
    if (code.includes('-')) regions.add(code);
    byCountry.set(countryOf(code), regions);
  }
  const named = (code: string) => ({ code, name: names[code] ?? code });
  return [...byCountry]
    .map(([country, regions]) => ({ ...named(country), ...(regions.size > 0 && { regions: [...regions].map(named).sort((a, b) => compare(a.name, b.name)) }) }))
    .sort((a, b) => compare(a.name, b.name));
}
