import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LISTS_ROUTE, OUTINGS_ROUTE } from '../../data/paths.ts';
import { appReady, launchBrowser, openPage } from '../../harness/browser.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { COMPILE_HINT } from '../../web/vite-plugins/compile-hint.ts';

/**
 * Each page's code comes with its route (web/routes.tsx imports a page's component when its
 * route first matches): the home page fetches none of the Lists or Outings pages' code, and
 * opening one of them fetches that page's. A page's code is known by a phrase only its own
 * component writes, whatever file the build put it in: by the phrase's key, as the component
 * asks for it (`t('home.empty')`). The phrases themselves are the site's words, in the entry
 * (web/site-words.ts), keyed the same but never called.
 */
const siteUrl = inject('siteUrl');
const url = (route: string) => pageUrl(siteUrl, route);

/** Rendered by the home page alone (web/routes/home.tsx), for a site without featured photos: 'No featured photos yet.' */
const HOME_CODE = 'home.empty';
/** The Lists page's table (web/routes/lists.tsx): 'Countries, and their states and provinces'. */
const LISTS_CODE = 'lists.countries';
/** The Outings page's introduction (web/routes/outings-index.tsx). */
const OUTINGS_CODE = 'outings.intro';
/** An outing's species photographed but on none of its checklists (web/routes/outing.tsx): 'Photographed, not on the checklists'. */
const OUTING_CODE = 'outing.notListed';

/** The text of every script `page` fetches from now on. */
function recordScripts(page: Page): () => Promise<string[]> {
  const bodies: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  });
  return () => Promise.all(bodies);
}

/** Whether a script asks for the phrase `key` (`t("key")`, however the bundler quotes it). */
const holding = (scripts: string[], key: string) => {
  const call = new RegExp(`\\(\\s*[\`'"]${key.replace('.', '\\.')}[\`'"]\\s*[,)]`);
  return scripts.some((script) => call.test(script));
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("each page's code", () => {
  it("the home page fetches its own code and none of the Lists or Outings pages; opening those fetches theirs, and the Outings page none of an outing's", async () => {
    const { page, errors } = await openPage(browser);
    const scripts = recordScripts(page);
    await page.goto(url('/'));
    await appReady(page);
    await page.waitForLoadState('networkidle');
    const home = await scripts();
    // The detection works: what the home page fetched holds the home page's own code.
    expect(holding(home, HOME_CODE)).toBe(true);
    expect(holding(home, LISTS_CODE)).toBe(false);
    expect(holding(home, OUTINGS_CODE)).toBe(false);
    expect(holding(home, OUTING_CODE)).toBe(false);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Year, country and state lists' }).click();
    await page.waitForURL(url(LISTS_ROUTE));
    await page.locator('main h1', { hasText: 'Lists' }).waitFor();
    const lists = await scripts();
    expect(holding(lists, LISTS_CODE)).toBe(true);
    expect(holding(lists, OUTINGS_CODE)).toBe(false);
    expect(holding(lists, OUTING_CODE)).toBe(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outings' }).click();
    await page.waitForURL(url(OUTINGS_ROUTE));
    await page.locator('main h1', { hasText: 'Outings' }).waitFor();
    const outings = await scripts();
    expect(holding(outings, OUTINGS_CODE)).toBe(true);
    // The index links the outings' pages and never carries their code.
    expect(holding(outings, OUTING_CODE)).toBe(false);

    await page.locator('main a.outing-link').first().click();
    await page.locator('main h1[data-outing]').waitFor();
    expect(holding(await scripts(), OUTING_CODE)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("every script begins with V8's compile hint, as its first line (web/vite-plugins/compile-hint.ts)", () => {
    const assets = join(inject('distDir'), 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    // The entry, the lightbox and a chunk per page at least.
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) expect(readFileSync(join(assets, file), 'utf8').split('\n', 1)[0], file).toBe(COMPILE_HINT);
  });

  it("no script needs eval, which the site's Content-Security-Policy refuses (full zod, for one, probes for it)", () => {
    const assets = join(inject('distDir'), 'assets');
    const evaluating = readdirSync(assets).filter((file) => file.endsWith('.js') && /(?:^|[^.\w$])(?:Function|eval)\(/.test(readFileSync(join(assets, file), 'utf8')));
    expect(evaluating).toEqual([]);
  });
});
