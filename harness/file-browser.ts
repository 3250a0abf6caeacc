import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, tabsOf, walkingTabs, type Tabs } from './browser.ts';

/**
 * A test file's browser: Chromium launched before the file's tests and closed after them;
 * `withTab`, which lends each test a tab that goes from page to page (walkingTabs), and
 * `withNewContext`, which gives a test that changes its context (routes, init scripts, emulation)
 * a tab of its own in a new one (tabsOf). Call it at the top of the file.
 */
export function fileBrowser(): { browser: () => Browser; withTab: Tabs; withNewContext: Tabs } {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = () => {
    if (!launched) throw new Error('The browser is launched before the tests (beforeAll)');
    return launched;
  };
  return { browser, withTab: walkingTabs(browser), withNewContext: tabsOf(browser) };
}
