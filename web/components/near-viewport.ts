import { useEffect, type RefObject } from 'react';

/** The spec's lazy-load rule: 10 % of the box visible, within 100 px of the viewport. */
const LAZY_LOAD_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '100px' };

/** Calls `start` once the box comes near the viewport (the spec's lazy-load rule), while `enabled`. */
export function useStartWhenNear(boxRef: RefObject<HTMLElement | null>, enabled: boolean, start: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `start` is called once and a newer one does the same; the box is the same element throughout
  useEffect(() => {
    if (!enabled) return;
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        start();
        observer.disconnect();
      }
    }, LAZY_LOAD_OPTIONS);
    observer.observe(box);
    return () => observer.disconnect();
  }, [enabled]);
}
