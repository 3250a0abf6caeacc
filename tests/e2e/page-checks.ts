import type { Page } from 'playwright-core';

/**
 * What the browser tests check on a page as they find it, shared by the page walk
 * (page-walk.test.ts) and the tests of the hosts' own servers (security.test.ts, tile-sizes.test.ts).
 */

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** An init script: records every violation of the page's policies, from before its first byte is parsed. */
export function listenForViolations(): void {
  const seen: Violation[] = [];
  Object.defineProperty(window, '__violations', { value: seen });
  addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }));
}

/** The violations listenForViolations heard in the page's document so far. */
export const violations = (page: Page): Promise<Violation[]> => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

const dialog = (page: Page) => page.getByRole('dialog');
/** The lightbox's photo thumbnails; the track also holds hidden placeholders, where its window runs past a photo. */
const thumbnails = (page: Page) => dialog(page).locator('.yarl__thumbnails_thumbnail:not(.yarl__thumbnails_thumbnail_placeholder)');

/** The lightbox opened from a species page's first tile, with its details panel. */
export async function openLightbox(page: Page): Promise<void> {
  await page.locator('main li a').first().click();
  await dialog(page).waitFor();
  await page.getByRole('complementary', { name: 'Photo details' }).waitFor();
  await thumbnails(page).first().waitFor();
}

/** In the open lightbox: zoom in and out, another photo by its thumbnail, fullscreen and back, and share (the link copied: needs the clipboard's permissions). */
export async function useLightbox(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Zoom in' }).click();
  await dialog(page).getByRole('button', { name: 'Zoom out' }).click();
  await thumbnails(page).nth(1).click();
  await dialog(page).getByRole('button', { name: 'Enter Fullscreen' }).click();
  await dialog(page).getByRole('button', { name: 'Exit Fullscreen' }).click();
  await dialog(page).getByRole('button', { name: 'Share this photo' }).click();
  await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor();
}

/** A photo drawn in a tile (a `<picture>` in #root with a srcset): the file the browser chose for it. */
export interface TileImage {
  /** The file drawn. */
  file: string;
  /** Device pixels the tile's image is drawn across. */
  needed: number;
  /** The width of the file the browser chose. */
  chosen: number;
  /** The widths its srcset offers. */
  offered: number[];
}

/** Every tile image of the page drawn so far (a lazy one not yet asked for is left out). */
export async function tileImages(page: Page): Promise<TileImage[]> {
  // In-page code as text: tsx's transform would add helpers the page lacks.
  return (await page.evaluate(`[...document.querySelectorAll('#root picture')].flatMap((picture) => {
      const img = picture.querySelector('img');
      const source = picture.querySelector('source[srcset]');
      if (!img || !source || !img.currentSrc || img.getBoundingClientRect().width === 0) return [];
      const candidates = source.getAttribute('srcset').split(', ').map((c) => { const [url, w] = c.split(' '); return { url: new URL(url, location.href).href, width: parseInt(w, 10) }; });
      const chosen = candidates.find((c) => c.url === img.currentSrc);
      if (!chosen) return [];
      return [{ file: img.currentSrc, needed: img.getBoundingClientRect().width * devicePixelRatio, chosen: chosen.width, offered: candidates.map((c) => c.width).sort((a, b) => a - b) }];
    })`)) as TileImage[];
}

/**
 * For each tile, the smallest file that fills it, and the next smaller one: the browser must take
 * no larger file than the first (bytes a phone waits for), and no smaller than the second (it may
 * take that one when its density is close enough: a choice made knowing the tile's real width).
 * A file drawn by several tiles (an outing's wall tile and its species' thumbnail) is fetched
 * once, the browser reusing the one it has: it is judged by the largest tile drawing it.
 */
export function tileBounds(tiles: TileImage[]): Array<{ tile: TileImage; atMost: number; atLeast: number }> {
  return tiles.map((tile) => {
    const needed = Math.max(...tiles.filter((t) => t.file === tile.file).map((t) => t.needed));
    const fills = tile.offered.find((width) => width >= needed) ?? tile.offered.at(-1)!;
    return { tile, atMost: fills, atLeast: tile.offered[Math.max(0, tile.offered.indexOf(fills) - 1)]! };
  });
}
