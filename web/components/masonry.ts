import type { TileLoading } from './ImageTile.tsx';

/**
 * How each photo of a CSS multi-column masonry loads, from the photos' shapes. The columns
 * fill top to bottom, so on a phone (two columns) the second column starts in the middle of
 * the list: its top photo is on the first screen as much as the list's first one. Loaded
 * lazily, the largest photo of the first screen (a portrait beside landscapes) was the page's
 * LCP, seconds late; loaded eagerly, every photo of the first screen shared the bandwidth
 * with it.
 *
 * So: the top photo of each column is 'priority', and so is a photo that straddles a break
 * (it may open the next column instead; the breaks are estimated as the browser balances the
 * columns, to equal heights), and any photo of the first screen taller than all of those (the
 * LCP is the largest). The rest is 'lazy': the browser fetches what is on screen right after
 * the first layout, after these.
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
    return { ratio, top, first: top === 0 || straddles };
  });
  const tallestFirst = Math.max(...placed.filter((p) => p.first).map((p) => p.ratio));
  return placed.map((p) => (p.first || (p.top < screen && p.ratio > tallestFirst) ? 'priority' : 'lazy'));
}
