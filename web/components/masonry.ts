import type { TileLoading } from './ImageTile.tsx';

/**
 * How each photo of a CSS multi-column masonry loads, from the photos' shapes. The columns
 * fill top to bottom, so on a phone (two columns) the second column starts in the middle of
 * the list: its top photo is on the first screen as much as the list's first one. Loaded
 * lazily, the largest photo of the first screen (a portrait beside landscapes) was the page's
 * LCP, seconds late; loaded with it, every photo of the first screen shared the bandwidth
 * with it.
 *
 * So: the photo with the largest part on the first screen is 'priority' (the LCP is the
 * largest). The rest of the first screen is 'next', fetched once that one is on screen: the
 * top photo of each column, a photo that straddles a break (it may open the next column
 * instead; the breaks are estimated as the browser balances the columns, to equal heights),
 * and every photo that starts above the screen's bottom. The rest is 'lazy'.
 *
 * `ratios`: each photo's height / width; `screen`: the first screen's height, in column widths.
 */
export function masonryLoading(ratios: readonly number[], columns: number, screen: number): TileLoading[] {
  // A hair above the balanced height, so a photo that ends exactly at a break does not straddle it by a rounding error.
  const perColumn = ratios.reduce((sum, ratio) => sum + ratio, 0) / columns + 1e-9;
  let column = 0;
  let height = 0;
  const placed = ratios.map((ratio) => {
    const straddles = column < columns - 1 && height + ratio > perColumn;
    if (straddles && height + ratio / 2 > perColumn) {
      // Most of it would lie beyond the break: it opens the next column.
      column += 1;
      height = 0;
    }
    const top = height;
    height += ratio;
    // How much of it the first screen shows: a straddler may open the next column, so all of it.
    const shown = straddles ? Math.min(ratio, screen) : Math.max(0, Math.min(ratio, screen - top));
    return { top, shown, firstScreen: top === 0 || straddles || top < screen };
  });
  let largest = -1;
  placed.forEach((p, i) => {
    if (p.firstScreen && (largest < 0 || p.shown > placed[largest]!.shown)) largest = i;
  });
  return placed.map((p, i) => (i === largest ? 'priority' : p.firstScreen ? 'next' : 'lazy'));
}
