import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appReady, launchBrowser, openPage, pageSettled } from '../../harness/browser.ts';

/** A tile that never leaves its loading state: a page that never settles. */
const STUCK_TILE = '<main><div data-status="loading">a photo on its way</div></main>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('names what is still pending when a page never settles', async () => {
  const { page } = await openPage(browser);
  await page.setContent(STUCK_TILE);
  await expect(pageSettled(page, 300)).rejects.toThrow(/never settled[\s\S]*tile loading/);
  await page.context().close();
});

it('ends the wait, and says so, when the page draws no more frames', async () => {
  const { page } = await openPage(browser);
  await page.setContent(STUCK_TILE);
  // The page's frames as the wait sees them: none ever comes.
  await page.evaluate(() => {
    window.requestAnimationFrame = () => 0;
  });
  await expect(pageSettled(page, 300)).rejects.toThrow(/tile loading[\s\S]*no frame drawn for \d+ ms/);
  await page.context().close();
});

it('returns at once for a settled page', async () => {
  const { page } = await openPage(browser);
  await page.setContent('<main><div data-status="loaded">a photo</div></main>');
  await expect(pageSettled(page, 300)).resolves.toBeUndefined();
  await page.context().close();
});

it('says how far a page got when the app never takes over', async () => {
  const { page } = await openPage(browser);
  await page.setContent('<main><h1>A page without the app</h1></main>');
  page.setDefaultTimeout(300);
  await expect(appReady(page)).rejects.toThrow(/never took over[\s\S]*"readyState":"complete","entryScriptAdded":false/);
  await page.context().close();
});
