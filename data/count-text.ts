/**
 * Numbers as every page and report words them, thousands grouped the same way everywhere:
 * `formatCount(1200)` → '1,200'. Whole numbers are grouped here rather than by Intl: a page's
 * first Intl.NumberFormat loads ICU's number data, most of a 60–70 ms task of the hydration on
 * a phone's CPU (Info, the Outings index), to put commas in counts. Anything else (a fraction)
 * goes to Intl, made once.
 */
let countFormat: Intl.NumberFormat | undefined;
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count)) return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(count);
}

/**
 * A count with its noun: `countOf(3, 'photo')` → '3 photos', `countOf(1, 'photo')` → '1 photo',
 * `countOf(1200, 'species', 'species')` → '1,200 species'.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
