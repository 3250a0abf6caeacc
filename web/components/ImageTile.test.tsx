import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { TileImage } from '../photos.ts';
import { hydrateMarkup } from '../test/hydrate.ts';
import { activeObservers, intersectAll } from '../test/intersection.ts';
import { ImageTile, tileLoading, type TileLoading } from './ImageTile.tsx';

const image: TileImage = {
  path: "life_list/Charadriiformes/Franklin's Gull/gull_lowq.jpg",
  width: 480,
  height: 320,
  placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
  sources: [{ type: 'image/webp', files: [{ path: 'life_list/A/gull-480.webp', width: 480, height: 320 }, { path: 'life_list/A/gull-960.webp', width: 960, height: 640 }] }],
};

function renderTile() {
  const view = render(<ImageTile image={image} alt="Franklin's Gull" sizes="50vw" />);
  const box = view.container.firstElementChild as HTMLElement;
  return { ...view, box };
}

describe('ImageTile', () => {
  it('sets no source until the tile is 10% visible within a 100px margin', () => {
    const { box } = renderTile();
    expect(screen.queryByRole('img')).toBeNull();
    expect(box.querySelector('img, source')).toBeNull();
    const [observer] = activeObservers();
    expect(observer?.thresholds).toEqual([0.1]);
    expect(observer?.rootMargin).toBe('100px');
    expect(observer?.elements.has(box)).toBe(true);

    intersectAll();
    const img = screen.getByRole('img', { name: "Franklin's Gull" });
    expect(img).toHaveAttribute('src', "/life_list/Charadriiformes/Franklin's%20Gull/gull_lowq.jpg");
    expect(activeObservers()).toHaveLength(0);
  });

  it('waits while the page is covered (an open photo), and observes again once it is not', () => {
    const view = render(<ImageTile image={image} alt="Franklin's Gull" sizes="50vw" paused />);
    expect(activeObservers()).toHaveLength(0);
    intersectAll();
    expect(view.container.querySelector('img')).toBeNull();
    view.rerender(<ImageTile image={image} alt="Franklin's Gull" sizes="50vw" paused={false} />);
    intersectAll();
    expect(screen.getByRole('img', { name: "Franklin's Gull" })).toBeInTheDocument();
  });

  it('stays unloaded while the observer reports the tile out of view', () => {
    const { box } = renderTile();
    intersectAll(false);
    expect(box.querySelector('img')).toBeNull();
  });

  it('reserves the box from the width and height and shows the placeholder meanwhile', async () => {
    const { box } = renderTile();
    expect(box.style.aspectRatio).toBe('480 / 320');
    // Out of view: only the photo's average colour, so pre-rendered pages stay small.
    expect(box.style.backgroundColor).toMatch(/^rgb\(\d+,? \d+,? \d+\)$/);
    expect(box.style.backgroundImage).toBe('');
    intersectAll();
    // Decoded in a task of its own, right after the tile starts loading.
    await waitFor(() => expect(box.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/));
    fireEvent.load(screen.getByRole('img'));
    expect(box.style.backgroundImage).toBe('');
  });

  it('offers the modern formats through srcset and sizes, with the _lowq.jpg as fallback', () => {
    const { box } = renderTile();
    intersectAll();
    const source = box.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('sizes', '50vw');
    expect(source).toHaveAttribute('srcset', '/life_list/A/gull-480.webp 480w, /life_list/A/gull-960.webp 960w');
    expect(box.querySelector('picture > img')).toHaveAttribute('src', expect.stringMatching(/_lowq\.jpg$/));
  });

  it('is invisible while loading, then fades in over 300 ms', () => {
    const { box } = renderTile();
    intersectAll();
    const img = screen.getByRole('img');
    expect(img).toHaveClass('opacity-0', 'transition-opacity', 'duration-300');
    fireEvent.load(img);
    expect(img).toHaveClass('opacity-100');
    expect(img).not.toHaveClass('opacity-0');
    expect(box.style.backgroundImage).toBe('');
  });

  it("shows 'Failed to load image' and logs the URL when the image fails", () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTile();
    intersectAll();
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText('Failed to load image')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("/life_list/Charadriiformes/Franklin's%20Gull/gull_lowq.jpg"));
  });
});

describe('ImageTile on the first screen', () => {
  const tile = (loading: TileLoading) => <ImageTile image={image} alt="Franklin's Gull" sizes="50vw" loading={loading} />;

  /**
   * The pre-rendered markup, hydrated the way entry-client does it; the image's outcome is set
   * before React attaches its handlers. `started`: the page's scripts gave the image its files.
   */
  async function hydrateTile(loading: TileLoading, outcome: { complete: boolean; naturalWidth: number }, started = false) {
    const { container, recoverable } = await hydrateMarkup(
      () => tile(loading),
      (markup) => {
        if (started) startQueued(markup);
        vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(outcome.complete);
        vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(outcome.naturalWidth);
      },
    );
    const box = container.firstElementChild as HTMLElement;
    return { box, recoverable };
  }

  /** What the pre-rendered page's scripts do to a queued tile (web/prerender/inline-scripts.ts firstScreenScript, entryLoaderScript). */
  function startQueued(root: Element) {
    for (const source of root.querySelectorAll('source[data-srcset]')) source.setAttribute('srcset', source.getAttribute('data-srcset')!);
    for (const img of root.querySelectorAll('img[data-src]')) img.setAttribute('src', img.getAttribute('data-src')!);
  }

  it("names a first-screen tile's files in data- attributes only, for the page's scripts to start in order, and keeps a fallback without JavaScript", () => {
    for (const loading of ['priority', 'next'] as const) {
      const html = document.createElement('div');
      html.innerHTML = renderToString(tile(loading));
      const img = html.querySelector('picture > img');
      expect(img).not.toHaveAttribute('src');
      expect(img).toHaveAttribute('data-src', "/life_list/Charadriiformes/Franklin's%20Gull/gull_lowq.jpg");
      expect(img).toHaveAttribute('loading', 'eager');
      expect(img).toHaveAttribute('elementtiming', 'first-screen');
      expect(img?.getAttribute('class')).not.toMatch(/opacity-0/);
      // The priority tile is the one the page starts first (web/prerender/inline-scripts.ts firstScreenScript).
      if (loading === 'priority') expect(img).toHaveAttribute('fetchpriority', 'high');
      else expect(img).not.toHaveAttribute('fetchpriority');
      const source = html.querySelector('picture > source');
      expect(source).not.toHaveAttribute('srcset');
      expect(source).toHaveAttribute('data-srcset', '/life_list/A/gull-480.webp 480w, /life_list/A/gull-960.webp 960w');
      expect(html.querySelector('noscript')?.innerHTML).toContain('gull_lowq.jpg');
      // No 4 KB blurred preview in the HTML: the average colour only.
      expect((html.firstElementChild as HTMLElement).style.backgroundImage).toBe('');
    }
  });

  it('waits for no observer and shows the image at once, without the lazy fade', () => {
    render(tile('priority'));
    expect(activeObservers()).toHaveLength(0);
    const img = screen.getByRole('img', { name: "Franklin's Gull" });
    expect(img).not.toHaveClass('opacity-0');
    expect(img).not.toHaveClass('transition-opacity');
    fireEvent.load(img);
    expect(img.closest('[data-status]')).toHaveAttribute('data-status', 'loaded');
  });

  it('gives a first-screen tile its files itself when rendered without the pre-rendered page (no scripts)', () => {
    const { container } = render(tile('next'));
    expect(activeObservers()).toHaveLength(0);
    expect(container.querySelector('img')).toHaveAttribute('src', "/life_list/Charadriiformes/Franklin's%20Gull/gull_lowq.jpg");
    expect(container.querySelector('source')).toHaveAttribute('srcset', '/life_list/A/gull-480.webp 480w, /life_list/A/gull-960.webp 960w');
    expect(container.querySelector('noscript')).toBeNull();
  });

  it("hydrates a 'next' tile the loader has started without a mismatch or warning, and reaches loaded when its image arrived first", async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { box, recoverable } = await hydrateTile('next', { complete: true, naturalWidth: 480 }, true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('data-status', 'loaded');
    expect(box.querySelector('img')).toHaveAttribute('src', "/life_list/Charadriiformes/Franklin's%20Gull/gull_lowq.jpg");
  });

  it("hears the outcome of a 'next' image still loading while it hydrates", async () => {
    const { box } = await hydrateTile('next', { complete: false, naturalWidth: 0 }, true);
    expect(box).toHaveAttribute('data-status', 'loading');
    fireEvent.load(box.querySelector('img')!);
    expect(box).toHaveAttribute('data-status', 'loaded');
  });

  it('hydrates without a mismatch and reaches loaded when the image arrived before the JavaScript', async () => {
    const { box, recoverable } = await hydrateTile('priority', { complete: true, naturalWidth: 480 }, true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('data-status', 'loaded');
    expect(box.style.backgroundColor).toBe('');
  });

  it("shows 'Failed to load image' and logs it once when the image failed before the JavaScript", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { box, recoverable } = await hydrateTile('priority', { complete: true, naturalWidth: 0 }, true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('data-status', 'failed');
    expect(box).toHaveTextContent('Failed to load image');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('gull_lowq.jpg'));
  });

  it('still hears the outcome of an image that is loading while it hydrates', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { box } = await hydrateTile('priority', { complete: false, naturalWidth: 0 }, true);
    expect(box).toHaveAttribute('data-status', 'loading');
    fireEvent.error(box.querySelector('img')!);
    expect(box).toHaveTextContent('Failed to load image');
  });

  it('is used for the first tiles of a page only, the first of them fetched first', () => {
    expect([0, 1, 2, 3, 4, 5].map((position) => tileLoading(position, 4))).toEqual(['priority', 'next', 'next', 'next', 'lazy', 'lazy']);
    expect([0, 1, 2].map((position) => tileLoading(position, 1))).toEqual(['priority', 'lazy', 'lazy']);
    expect(tileLoading(0, 0)).toBe('lazy');
  });
});
