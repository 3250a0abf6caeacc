import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, vi } from 'vitest';

const mounted: { root: Root; container: HTMLElement }[] = [];

/**
 * Hydrates `node` over its own server markup, as entry-client does over the pre-rendered page.
 * `beforeHydrate` stands for what the page's inline scripts do before the bundle runs.
 *
 * Every root is unmounted inside act() after its test, as Testing Library's cleanup() does for
 * the roots its own render() made: a root left mounted can still schedule work after the test,
 * which would then run without its document.
 */
export async function hydrateMarkup(node: () => ReactNode, beforeHydrate?: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(node());
  beforeHydrate?.(container);
  const recoverable = vi.fn();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, node(), { onRecoverableError: recoverable });
  });
  mounted.push({ root: root!, container });
  return { container, recoverable };
}

afterEach(async () => {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
});
