import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium: the one browser of the tests and the benchmark. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless, as root, and offline: without the background-networking flags Chromium keeps trying this machine's closed network. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

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

export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  const page = await context.newPage();
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
  return { page, errors };
}

/** Waits until the app has taken over the pre-rendered page (its script loads after the page's own `load`). */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * Waits for a settled page: every image loaded (or failed), every image tile past its loading
 * states (web/components/ImageTile.tsx data-status), and no fade or other transition running.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('img')].every((img) => img.complete) &&
      [...document.querySelectorAll('[data-status]')].every((tile) => !['queued', 'loading'].includes(tile.getAttribute('data-status') ?? '')) &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Loads `url` fresh and tells whether the heading on screen once the app has taken over is the
 * node the server rendered: it is tagged when the document is parsed, before any of the app's
 * code can run (the entry script is added after `load`).
 */
export async function keepsPrerenderedHeading(page: Page, url: string): Promise<{ kept: boolean; heading: string; path: string }> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const heading = document.querySelector('#root h1');
      if (heading) (heading as HTMLElement & { prerendered?: boolean }).prerendered = true;
    });
  });
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
 * Opens `url` with every script file held back (the app never starts; the pages' inline scripts
 * run), and resolves once the document the browser ends on has had its first contentful paint,
 * with what #root showed at that moment. The page stays as it is for more checks.
 */
export async function openBeforeTheApp(page: Page, url: string): Promise<FirstPaint> {
  await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
  await page.addInitScript(() => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      const heading = document.querySelector('#root h1');
      (window as Window & { __firstPaint?: FirstPaint }).__firstPaint = { heading: heading?.textContent ?? null, main: document.querySelector('#root main') !== null, path: location.pathname };
    }).observe({ type: 'paint', buffered: true });
  });
  // The document may ask for another form of its path before it paints: wait for the one that paints.
  await page.goto(url, { waitUntil: 'commit' });
  const painted = await page.waitForFunction(() => (window as Window & { __firstPaint?: FirstPaint }).__firstPaint);
  return (await painted.jsonValue()) as FirstPaint;
}
