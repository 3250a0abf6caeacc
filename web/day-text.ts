/**
 * A day of the eBird life list (`2005-01-02`) as a reader writes it ("Jan 2, 2005"). Formatted
 * in UTC with a fixed locale, so the pre-rendered HTML and the hydrated page always agree.
 * A text helper, not a component: the build's own process imports it for head tags, and must
 * not load React to do so (web/prerender/launch.mjs decides React's flavour first).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
// Written out rather than by Intl.DateTimeFormat: a page's first one loads ICU's calendar data, a
// long task of the hydration on a phone's CPU, for twelve month names. What is not a plain day
// goes to Intl, made on first use.
let dayFormat: Intl.DateTimeFormat | undefined;

export function formatDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (parts) {
    const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    // A day that exists (not 2023-02-30), in a year Date does not read as 19xx.
    const utc = new Date(Date.UTC(year, month - 1, date));
    if (year >= 100 && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date) return `${MONTHS[month - 1]} ${date}, ${year}`;
  }
  dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
