import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, tabsOf, type Tabs } from './browser.ts';

/**
 * A test file's browser: Chromium launched before the file's tests and closed after them, and
 * `withTab`, which gives each test a tab of its own (tabsOf). Call it at the top of the file.
 */
export function fileBrowser(): { browser: () => Browser; withTab: Tabs } {
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
  return { browser, withTab: tabsOf(browser) };
}
