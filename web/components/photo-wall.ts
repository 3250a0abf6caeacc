/** The photo wall of Home and of a species' Life List page: its tiles' widths, for `sizes`. */
export const WALL_SIZES = '(min-width: 1280px) 320px, (min-width: 768px) 33vw, 50vw';
/** Tiles of a wall pre-rendered as real images: the first two rows on a phone. */
export const WALL_FIRST_SCREEN_TILES = 4;
