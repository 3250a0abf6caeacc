import { useEffect } from 'react';

/**
 * Marks the document once the app has taken over the page (`<html data-app="ready">`): tests
 * wait for it. Renders nothing. Both entries render it beside the router, so the server's and
 * the client's trees have the same shape and React's `useId` values agree when hydrating.
 */
export function AppReady({ onReady }: { onReady?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, the first commit is the moment the app took over
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    onReady?.();
  }, []);
  return null;
}
