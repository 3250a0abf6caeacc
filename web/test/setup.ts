import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { join } from 'node:path';
import { loadSiteWords, WORDS_FOLDER } from '../prerender/word-tables.ts';
import { setSiteWords } from '../site-words.ts';
import { FakeIntersectionObserver } from './intersection.ts';

// findBy… and waitFor wait for the state a test asserts, up to this long. Testing Library's 1 s
// default is shorter than the first render of a page on a busy 2-core machine: each page's
// component is a dynamic import (web/routes.tsx), which every test file imports afresh, while the
// browser tests run beside it. The tests still end as soon as the state is there.
configure({ asyncUtilTimeout: 60_000 });

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

// Testing Library unmounts what render() mounted after each test only where the test runner's
// afterEach is global; vitest's is imported.
afterEach(() => {
  cleanup();
});
