import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TileImage } from '../photos.ts';
import { activeObservers, intersectAll } from '../test/intersection.ts';
import { ImageTile } from './ImageTile.tsx';

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

  it('stays unloaded while the observer reports the tile out of view', () => {
    const { box } = renderTile();
    intersectAll(false);
    expect(box.querySelector('img')).toBeNull();
  });

  it('reserves the box from the width and height and shows the placeholder meanwhile', () => {
    const { box } = renderTile();
    expect(box.style.aspectRatio).toBe('480 / 320');
    // Out of view: only the photo's average colour, so pre-rendered pages stay small.
    expect(box.style.backgroundColor).toMatch(/^rgb\(\d+,? \d+,? \d+\)$/);
    expect(box.style.backgroundImage).toBe('');
    intersectAll();
    expect(box.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
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
