import { describe, expect, it } from 'vitest';
import { masonryLoading } from './masonry.ts';

const LANDSCAPE = 2 / 3;
const PORTRAIT = 3 / 2;

describe('masonryLoading', () => {
  it('loads one photo first, the rest of the first screen (each column\'s top included) next, the rest lazily', () => {
    const loading = masonryLoading(Array<number>(16).fill(0.7), 2, 4);
    const where = (kind: string) => loading.flatMap((l, i) => (l === kind ? [i] : []));
    // Column 1: photos 0–7, column 2 from photo 8; the screen ends at 4 column widths (the 6th photo of each column).
    expect(where('priority')).toEqual([0]);
    expect(where('next')).toEqual([1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13]);
    expect(where('lazy')).toEqual([6, 7, 14, 15]);
  });

  it('does not leave a portrait at the top of the second column to load late', () => {
    // As on a real species page: landscapes, and a portrait where the second column begins.
    const ratios = [LANDSCAPE, LANDSCAPE, LANDSCAPE, LANDSCAPE, PORTRAIT, LANDSCAPE, LANDSCAPE, LANDSCAPE];
    expect(masonryLoading(ratios, 2, 4)[4]).toBe('priority');
  });

  it('loads first a first-screen photo taller than the columns’ tops (the LCP), not one below the screen', () => {
    const ratios = [LANDSCAPE, LANDSCAPE, PORTRAIT, ...Array<number>(15).fill(LANDSCAPE), PORTRAIT];
    const loading = masonryLoading(ratios, 2, 4);
    expect(loading[2]).toBe('priority');
    expect(loading.filter((l) => l === 'priority')).toHaveLength(1);
    expect(loading[0]).toBe('next');
    // The last portrait ends the second column, far below the first screen.
    expect(loading[18]).toBe('lazy');
  });

  it('makes a lone photo the priority', () => {
    expect(masonryLoading([PORTRAIT], 2, 4)).toEqual(['priority']);
  });
});
