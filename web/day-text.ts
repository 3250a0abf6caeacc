/**
 * A day of the eBird life list (`2005-01-02`) as a reader writes it ("Jan 2, 2005"). Formatted
 * in UTC with a fixed locale, so the pre-rendered HTML and the hydrated page always agree.
 * A text helper, not a component: the build's own process imports it for head tags, and must
 * not load React to do so (web/prerender/launch.mjs decides React's flavour first).
 */
// Made on first use, not when the script starts: building it costs ~6 ms of ICU loading that
// only pages showing a date should pay.
let dayFormat: Intl.DateTimeFormat | undefined;

export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
