import { describe, expect, it } from 'vitest';
import { wallGridClass, wallSizes, type WallStep } from './photo-wall.ts';

/** Two columns on a phone, three from md (wider padding and gap), five in the 1280 px column. */
const STEPS: WallStep[] = [
  { prefix: '', from: 0, columns: 2, gap: 2, padding: 16 },
  { prefix: 'md:', from: 768, columns: 3, gap: 3, padding: 24 },
  { prefix: 'xl:', from: 1280, columns: 5, gap: 3, padding: 24 },
];

describe('the photo wall column spec', () => {
  it('gives the grid its columns and gaps, each where it changes', () => {
    expect(wallGridClass(STEPS)).toBe('grid grid-cols-2 gap-2 md:grid-cols-3 md:gap-3 xl:grid-cols-5');
  });

  it("gives `sizes` the tile's width at each step, widest first: the page's padding and the gaps taken off", () => {
    // md: (100vw - 2 × 24 - 2 × 12) / 3; the 1280 px column: (1280 - 48 - 4 × 12) / 5 = 236.8, rounded up: never a smaller file than the tile needs.
    expect(wallSizes(STEPS)).toBe('(min-width: 1280px) 237px, (min-width: 768px) calc(33.34vw - 24px), calc(50vw - 20px)');
  });
});
