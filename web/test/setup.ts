import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setDataFetcher } from '../data-files.ts';
import { join } from 'node:path';
import { loadSiteWords, WORDS_FOLDER } from '../prerender/word-tables.ts';
import { setSiteWords } from '../site-words.ts';
import { resetIntersections, FakeIntersectionObserver } from './intersection.ts';
import { reactSchedulerDrained } from './react-scheduler.ts';

// findBy… and waitFor wait for the state a test asserts, up to this long. Testing Library's 1 s
// default is shorter than the first render of a page on a busy 2-core machine: each page's
// component is a dynamic import (web/routes.tsx), which vitest transforms on first use while the
// browser tests run beside it. The tests still end as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });

// The site's words, as an entry sets them: English, the default language.
setSiteWords(loadSiteWords('en', join(process.cwd(), WORDS_FOLDER)).words);

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

// The component test files share their worker's modules and document (vitest.config.ts: isolate
// false, a new jsdom per file costs more than most files' tests): each test leaves the document,
// the address, the focus, the clock and the globals as it found them.
afterEach(async () => {
  cleanup();
  await reactSchedulerDrained();
  resetIntersections();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setDataFetcher();
  document.head.replaceChildren();
  document.body.replaceChildren();
  (document.activeElement as HTMLElement | null)?.blur?.();
  window.history.replaceState(null, '', '/');
});
