import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetIntersections, FakeIntersectionObserver } from './intersection.ts';

// jsdom has no layout: give the browser APIs the site and the lightbox use.
globalThis.IntersectionObserver = FakeIntersectionObserver;

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

window.matchMedia ??= (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  resetIntersections();
  vi.restoreAllMocks();
});
