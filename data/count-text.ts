/**
 * A count with its noun, as every page and report words one: `countOf(3, 'photo')` →
 * '3 photos', `countOf(1, 'photo')` → '1 photo', `countOf(1200, 'species', 'species')` →
 * '1,200 species'. Thousands are grouped the same way everywhere the site shows a number.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
