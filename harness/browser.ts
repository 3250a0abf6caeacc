import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium: the one browser of the tests and the benchmark. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Nothing a browser of the tests or the benchmark asks leaves this machine: Chromium asks Google's
 * servers as it starts (its component updater, even with --disable-component-update) and as a
 * page shows a text box (Autofill's field predictions, even with autocomplete="off"). Both are
 * sent to a loopback address where nothing listens (.ci/offline.ts names any that still goes out).
 */
const NOWHERE = 'http://127.0.0.1:9/';
/**
 * What else Chromium asks Google for by itself, switched off by feature: the network time and
 * optimization hints (Playwright switches these off in its own launches, but a switch of ours
 * would replace its list; chrome-launcher's and a bare launch take them).
 */
const OFFLINE_FEATURES = ['NetworkTimeServiceQuerying', 'OptimizationHints'];

/**
 * `flags` with OFFLINE_FEATURES added to their --disable-features switch, or in one of its own:
 * Chromium reads only the last such switch, so a launcher's own list is extended, never replaced.
 */
export function withOfflineFeatures(flags: readonly string[]): string[] {
  const prefix = '--disable-features=';
  const listed = flags.filter((flag) => flag.startsWith(prefix)).flatMap((flag) => flag.slice(prefix.length).split(','));
  const features = [...new Set([...listed, ...OFFLINE_FEATURES])].filter(Boolean);
  return [...flags.filter((flag) => !flag.startsWith(prefix)), `${prefix}${features.join(',')}`];
}

/** Headless, as root, and asking the network for nothing but what the page asks (the background-networking flags and NOWHERE). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--component-updater=url-source=${NOWHERE}`,
  `--autofill-server-url=${NOWHERE}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export interface WatchedPage {
  page: Page;
  /**
   * Console errors, uncaught exceptions and failed requests seen so far. A page
   * loaded through the host's 404.html fallback (a deep link before pre-rendering)
   * arrives with status 404, which Chromium logs: that one message per such page
   * is expected and left out; any other failed request or error is kept.
   */
  errors: string[];
}

const RESOURCE_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

/** The viewport of a test that names none, and axe's desktop size (axe.ts VIEWPORTS). */
export const DESKTOP = { width: 1280, height: 800 };

/** A tab of its own, in a new context: a new visitor's browser, its cache empty. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  return { page, errors: watch(page) };
}

/** Collects a page's console errors, uncaught exceptions and failed requests (see WatchedPage). */
function watch(page: Page): string[] {
  const errors: string[] = [];
  let fallbackDocuments = 0;
  page.on('response', (response) => {
    if (response.status() < 400) return;
    if (response.request().resourceType() === 'document' && response.status() === 404) fallbackDocuments += 1;
    else errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text() === RESOURCE_404 && fallbackDocuments > 0) {
      fallbackDocuments -= 1;
      return;
    }
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Lends a test a tab: one of its own (tabsOf), or a visitor's going from page to page (walkingTabs). */
export type Tabs = <T>(run: (tab: WatchedPage) => Promise<T>) => Promise<T>;

/** A tab in a new context of `viewport` and `deviceScaleFactor`, its HTTP cache off, watched (WatchedPage). */
async function newTab(browser: Browser, viewport: { width: number; height: number }, deviceScaleFactor: number): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor, reducedMotion: 'no-preference' });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    // Without the Network domain enabled on this session, setCacheDisabled changes nothing.
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    return { page, errors: watch(page) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Tabs of one viewport and device scale: each test gets a tab of its own in a new context (a new
 * visitor's browser) with its HTTP cache turned off, so every load, the first or a later one,
 * fetches what a new visitor's browser fetches. The context is closed when the test is done, so
 * a test may change it as it likes (init scripts, permissions, emulation).
 */
export function tabsOf(browser: () => Browser, viewport = DESKTOP, deviceScaleFactor = 1): Tabs {
  return async (run) => {
    const tab = await newTab(browser(), viewport, deviceScaleFactor);
    try {
      return await run(tab);
    } finally {
      await tab.page.context().close();
    }
  };
}

/**
 * Tabs of one viewport and device scale that go from page to page, as a visitor's tab does: a
 * test borrows a tab an earlier test may have used and loads its page in it (page.goto), its
 * HTTP cache off, so each page still fetches all a new visitor's fetches. For tests that load
 * pages and read them: a test may grant permissions (cleared when it gives the tab back) but
 * changes nothing else of the tab or its context (no init scripts or routes but those `prepare`
 * sets as the tab is made, no emulation): tabsOf is for those. A new context and its renderer
 * cost a page load more of Chromium's CPU than the page's own work; on a 2-core machine running
 * the slow tier that is the difference that counts. A tab whose test failed is closed, never
 * lent again; a tab's errors are emptied as it is lent.
 */
export function walkingTabs(browser: () => Browser, options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number; prepare?: (page: Page) => Promise<void> } = {}): Tabs {
  const idle: WatchedPage[] = [];
  return async (run) => {
    let tab = idle.pop();
    if (!tab) {
      tab = await newTab(browser(), options.viewport ?? DESKTOP, options.deviceScaleFactor ?? 1);
      await options.prepare?.(tab.page);
    }
    tab.errors.length = 0;
    try {
      const result = await run(tab);
      await tab.page.context().clearPermissions();
      idle.push(tab);
      return result;
    } catch (error) {
      await tab.page.context().close();
      throw error;
    }
  };
}

/**
 * Waits until the app has taken over the pre-rendered page (its script loads after the page's own
 * `load`). If it never does, the error says how far the page got.
 */
export async function appReady(page: Page): Promise<void> {
  try {
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  } catch (error) {
    throw new Error(`The app never took over ${page.url()}: ${await howFar(page)}`, { cause: error });
  }
}

/** How far a page's start got, for an error message: whether its `load` came, its script was added, it painted. */
async function howFar(page: Page): Promise<string> {
  const state = page.evaluate(() =>
    JSON.stringify({
      readyState: document.readyState,
      entryScriptAdded: document.querySelector('script[type="module"][src]') !== null,
      paints: performance.getEntriesByType('paint').map((entry) => entry.name),
      msSinceNavigation: Math.round(performance.now()),
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the page did not answer within 5 s'), 5_000);
  });
  try {
    return await Promise.race([state, silent]);
  } catch (error) {
    return `the page could not be read (${String(error)})`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What keeps a page from being settled (pageSettled), run in the page: images on the screen not loaded yet,
 * image tiles still in a loading state, transitions and animations running. Empty once settled.
 */
function unsettledParts(): string[] {
  // Only anonymous functions inside: tsx (scripts/screenshots.ts) wraps a named one in a helper the page lacks.
  return [
    ...[...document.querySelectorAll('img')]
      // A lazy image off the screen is not asked for until it comes near (a long list's last
      // thumbnails): it is settled as it is; on the screen it must have loaded.
      .filter((img) => !img.complete && !(img.loading === 'lazy' && (img.getBoundingClientRect().top > innerHeight || img.getBoundingClientRect().bottom < 0)))
      .map((img) => `image not loaded: ${img.getAttribute('src') ?? img.outerHTML.slice(0, 160)}`),
    ...[...document.querySelectorAll('[data-status]')]
      .filter((tile) => ['queued', 'loading'].includes(tile.getAttribute('data-status') ?? ''))
      .map((tile) => `tile ${tile.getAttribute('data-status')}: ${tile.querySelector('img')?.getAttribute('src') ?? tile.outerHTML.slice(0, 160)}`),
    ...document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => `running: ${(animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName ?? 'an animation'} on ${((animation.effect as KeyframeEffect | null)?.target as Element | null)?.outerHTML.slice(0, 160) ?? '?'}`),
  ];
}

/**
 * Waits for a settled page: every image loaded (or failed), every image tile past its loading
 * states (web/components/ImageTile.tsx data-status), and no fade or other transition running.
 * If it never settles, the error names what was still pending, and where the page was scrolled.
 */
export async function pageSettled(page: Page, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  // Waited for in the page, checked once a frame: a round trip to the page every frame would cost
  // the browser more than the page's own work. As text, and not by page.waitForFunction, which
  // polls by eval() in the page: the site's Content-Security-Policy refuses that ('unsafe-eval').
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let state: { parts: string[]; scrollY: number; height: number; url: string };
    try {
      state = await page.evaluate(settledIn(Math.max(0, deadline - Date.now())));
    } catch (error) {
      // A document replaced while it was waited for (a link followed): wait for the new one.
      if (/context was destroyed|navigat/i.test(String(error)) && Date.now() < deadline) continue;
      throw new Error(`The page could not be read while it settled: ${String(error)}`, { cause: error });
    }
    if (state.parts.length === 0) return;
    throw new Error(`The page never settled: ${JSON.stringify(state, null, 1)}`);
  }
}

/**
 * In-page code that resolves once unsettledParts() is empty, or with what is still pending after
 * `ms`, and where the page stands. It checks once a frame; a page that stops drawing frames would
 * never check again, so a timer ends the wait too, and says since when no frame came.
 */
const settledIn = (ms: number) => `new Promise((done) => {
  const unsettled = ${unsettledParts.toString()};
  const until = performance.now() + ${ms};
  let lastFrame = performance.now();
  const finish = (parts) => {
    clearTimeout(stalled);
    done({ parts, scrollY: window.scrollY, height: document.documentElement.scrollHeight, url: location.href });
  };
  const stalled = setTimeout(() => {
    const parts = unsettled();
    finish(parts.length === 0 ? parts : [...parts, 'no frame drawn for ' + Math.round(performance.now() - lastFrame) + ' ms']);
  }, ${ms} + 1000);
  const check = () => {
    lastFrame = performance.now();
    const parts = unsettled();
    if (parts.length === 0 || performance.now() > until) finish(parts);
    else requestAnimationFrame(check);
  };
  check();
})`;

/** As long as Playwright waits for a state by default. */
const SETTLE_TIMEOUT_MS = 30_000;

/** Pages that tag the heading each document was parsed with (keepsPrerenderedHeading), once per page. */
const taggingHeadings = new WeakSet<Page>();

/**
 * Loads `url` fresh and tells whether the heading on screen once the app has taken over is the
 * node the server rendered: it is tagged when the document is parsed, before any of the app's
 * code can run (the entry script is added after `load`). The tag is an init script, which a page
 * keeps for every document it loads after; it changes nothing the app or a test sees but that
 * one property.
 */
export async function keepsPrerenderedHeading(page: Page, url: string): Promise<{ kept: boolean; heading: string; path: string }> {
  if (!taggingHeadings.has(page)) {
    taggingHeadings.add(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('#root h1');
        if (heading) (heading as HTMLElement & { prerendered?: boolean }).prerendered = true;
      });
    });
  }
  await page.goto(url);
  await appReady(page);
  await page.locator('#root h1').first().waitFor();
  return page.evaluate(() => {
    const heading = document.querySelector('#root h1') as (HTMLElement & { prerendered?: boolean }) | null;
    return { kept: heading?.prerendered === true, heading: heading?.textContent ?? '', path: location.pathname + location.search };
  });
}

/** What a page showed at its first contentful paint, recorded by an init script in each document. */
export interface FirstPaint {
  /** The level-one heading's text, or null when there was none. */
  heading: string | null;
  main: boolean;
  /** The address the painted document had. */
  path: string;
}

/**
 * Holds back every script file of the pages `page` loads from now on (the app never starts; the
 * pages' inline scripts run), and records what each document showed at its first contentful
 * paint, for firstPaintOf. Once per page: a route and an init script the page keeps.
 */
export async function holdBackTheApp(page: Page): Promise<void> {
  await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
  await page.addInitScript(() => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      const heading = document.querySelector('#root h1');
      (window as Window & { __firstPaint?: FirstPaint }).__firstPaint = { heading: heading?.textContent ?? null, main: document.querySelector('#root main') !== null, path: location.pathname };
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * Opens `url` in a page the app is held back in (holdBackTheApp), and resolves once the document
 * the browser ends on has had its first contentful paint, with what #root showed at that moment.
 * The page stays as it is for more checks.
 */
export async function firstPaintOf(page: Page, url: string): Promise<FirstPaint> {
  // The document may ask for another form of its path before it paints: wait for the one that paints.
  await page.goto(url, { waitUntil: 'commit' });
  const painted = await page.waitForFunction(() => (window as Window & { __firstPaint?: FirstPaint }).__firstPaint);
  return (await painted.jsonValue()) as FirstPaint;
}
