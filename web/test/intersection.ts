import { act } from '@testing-library/react';

/**
 * A controllable IntersectionObserver: tests decide when an element comes near the
 * viewport, and can check the options the site observes with.
 */
const observers = new Set<FakeIntersectionObserver>();

export class FakeIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds: ReadonlyArray<number>;
  readonly scrollMargin = '0px';
  readonly elements = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? '0px';
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
    observers.add(this);
  }

  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  fire(element: Element, isIntersecting: boolean) {
    const rect = element.getBoundingClientRect();
    const entry: IntersectionObserverEntry = {
      target: element,
      isIntersecting,
      intersectionRatio: isIntersecting ? 1 : 0,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: 0,
    };
    this.callback([entry], this);
  }
}

/** The observers currently watching something. */
export function activeObservers(): FakeIntersectionObserver[] {
  return [...observers].filter((o) => o.elements.size > 0);
}

/** Brings every observed element into view (or reports it out of view). */
export function intersectAll(isIntersecting = true) {
  act(() => {
    for (const observer of [...observers]) for (const element of [...observer.elements]) observer.fire(element, isIntersecting);
  });
}
