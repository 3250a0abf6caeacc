/**
 * The photo wall of Home, of a species' Life List page and of an outing: one column spec that
 * gives both the grid's classes and its tiles' `sizes`, so the two cannot disagree. Exact widths
 * let a phone take the smallest file that fills its tile: 186 CSS px at 1.75 device pixels is
 * the 360 px file, where "50vw" asked for 361 px and got the 480 px one.
 */

/** The page's column (web/routes/root.tsx `main`: max-w-7xl, px-4, sm:px-6). */
const PAGE_MAX_WIDTH = 1280;

export interface WallStep {
  /** Tailwind's breakpoint prefix and its min-width in CSS px ('' and 0: the smallest screens). */
  prefix: '' | 'sm:' | 'md:' | 'lg:' | 'xl:';
  from: number;
  columns: number;
  /** Gap between tiles, in Tailwind's 4 px steps (gap-2: 8 px). */
  gap: number;
  /** The page's padding on each side at this width, in CSS px. */
  padding: number;
}

/** Two columns, three from md, four from xl in the 1280 px column. */
const WALL_STEPS: readonly WallStep[] = [
  { prefix: '', from: 0, columns: 2, gap: 2, padding: 16 },
  { prefix: 'sm:', from: 640, columns: 2, gap: 3, padding: 24 },
  { prefix: 'md:', from: 768, columns: 3, gap: 3, padding: 24 },
  { prefix: 'xl:', from: PAGE_MAX_WIDTH, columns: 4, gap: 3, padding: 24 },
];

/**
 * The grid's classes, each step's columns and gap where they change. Tailwind finds the classes
 * these make through the `@source inline(...)` of web/styles.css, not in this file's text.
 */
export function wallGridClass(steps: readonly WallStep[] = WALL_STEPS): string {
  const classes = ['grid'];
  steps.forEach((step, i) => {
    const before = steps[i - 1];
    if (step.columns !== before?.columns) classes.push(`${step.prefix}grid-cols-${step.columns}`);
    if (step.gap !== before?.gap) classes.push(`${step.prefix}gap-${step.gap}`);
  });
  return classes.join(' ');
}

/** A tile's width at each step, widest first: a fixed width once the page's column stops growing. */
export function wallSizes(steps: readonly WallStep[] = WALL_STEPS): string {
  return [...steps]
    .reverse()
    .map(({ from, columns, gap, padding }) => {
      const taken = 2 * padding + (columns - 1) * gap * 4;
      const width = from >= PAGE_MAX_WIDTH ? `${Math.ceil((PAGE_MAX_WIDTH - taken) / columns)}px` : `calc(${Math.ceil(10_000 / columns) / 100}vw - ${taken / columns}px)`;
      return from === 0 ? width : `(min-width: ${from}px) ${width}`;
    })
    .join(', ');
}

export const WALL_GRID = wallGridClass();
export const WALL_SIZES = wallSizes();
/** Tiles of a wall pre-rendered as real images: the first two rows on a phone. */
export const WALL_FIRST_SCREEN_TILES = 4;
