/**
 * The photo wall of Home and of a species' Life List page: its tiles' widths, for `sizes`, as its
 * grid lays them out (web/routes/home.tsx, life-list.tsx: two columns, three from md, four from
 * xl in the 1280 px column; the page's padding and the gaps taken off). Exact widths let a phone
 * take the smallest file that fills its tile: 186 CSS px at 1.75 device pixels is the 360 px file,
 * where "50vw" asked for 361 px and got the 480 px one.
 */
export const WALL_SIZES = '(min-width: 1280px) 299px, (min-width: 768px) calc(33.34vw - 24px), (min-width: 640px) calc(50vw - 30px), calc(50vw - 20px)';
/** Tiles of a wall pre-rendered as real images: the first two rows on a phone. */
export const WALL_FIRST_SCREEN_TILES = 4;
