import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CREDITS_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, NOT_PHOTOGRAPHED_ROUTE, pageFile, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { appReady, openPage, pageSettled } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { startVitePreview } from './prerender-support.ts';
import { readSite } from '../../harness/sample-site.ts';
import { cardName, pageUrl } from '../../harness/site-url.ts';

const siteUrl = inject('siteUrl');
const site = readSite(inject('distDir'));
const url = (route: string) => pageUrl(siteUrl, route);

/** From the Life List, down by its cards to the level at `path`, each step by a click. */
async function walkDown(page: Page, path: string[]): Promise<void> {
  for (const [depth, name] of path.entries()) {
    await page.locator('main').getByRole('link', { name: cardName(name) }).click();
    await page.waitForURL(url(lifeListRoute(path.slice(0, depth + 1))));
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  }
}


/** Chromium for this file, a visitor's tab for each test, and a new context for the one that routes its requests (fileBrowser). */
const { browser, withTab, withNewContext } = fileBrowser();

describe('every route of the built sample site', () => {
  it('reveals the species name on hover and on keyboard focus', async () => {
    await withTab(async ({ page }) => {
      await page.goto(url('/'));
      const tile = page.locator('main li a').first();
      const caption = tile.getByTestId('species-caption');
      await tile.waitFor();
      await expect(caption.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');
      await tile.hover();
      await expect.poll(() => caption.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await page.mouse.move(0, 0);
      const second = page.locator('main li a').nth(1);
      await second.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => second.getByTestId('species-caption').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    });
  });

  it('fetches only the data of the pages it shows on a client-side navigation, never a library-wide file', async () => {
    await withTab(async ({ page, errors }) => {
      const fetched: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.endsWith('.json')) fetched.push(path);
      });
      await page.goto(url('/'));
      await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Life List' }).click();
      await page.getByRole('heading', { level: 1, name: 'Life List', exact: true }).waitFor();
      const wall = site.firstPathToWall();
      await walkDown(page, wall);
      await page.locator('main li a').first().click();
      await page.getByRole('button', { name: 'Close modal' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Info' }).click();
      await page.getByRole('heading', { name: 'Gear' }).waitFor();
      // One file per page shown (each level, the species), nothing of the whole library.
      expect(fetched.length).toBeGreaterThanOrEqual(wall.length + 1);
      for (const path of fetched) expect(path, path).toMatch(/^\/(site-data\/.+|info)\.json$/);
      expect(fetched.filter((p) => /bird-photos|photo-index|life_list\//.test(p))).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('navigates down the Life List by its cards and back up by the back arrow and the browser', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute([])));
      const wall = site.firstPathToWall();
      await walkDown(page, wall);
      // A photo wall: thumbnails only. Settled, each tile shown has its source: a first-screen
      // tile the app rendered itself gets it just after its first render.
      await page.locator('main li img').first().waitFor();
      await pageSettled(page);
      const thumbnails = await page.locator('main li img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
      expect(thumbnails.length).toBeGreaterThan(0);
      for (const src of thumbnails) expect(src).toMatch(/lowq/);

      await page.getByRole('link', { name: /^Back to / }).click();
      await page.waitForURL(url(lifeListRoute(wall.slice(0, -1))));
      await page.goBack();
      await page.waitForURL(url(lifeListRoute(wall)));
      await page.goto(url(lifeListRoute(wall.slice(0, 1))));
      await page.getByRole('link', { name: 'Back to Life List' }).click();
      await page.waitForURL(url(lifeListRoute([])));
      expect(errors).toEqual([]);
    });
  });

  // Home, the Life List, a level, a photo wall, the species pages, Info, Credits and a missing
  // path (the not-found page) are the page walk's, each on one load (page-walk.test.ts).
  it('shows a not-found page for a missing Life List folder and a missing species', async () => {
    await withTab(async ({ page }) => {
      for (const route of ['/life-list/No+Such+Folder', '/species/Dodo']) {
        await page.goto(url(route));
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      }
    });
  });

  it("shows 'Failed to load image' when an image cannot be loaded, and logs it", async () => {
    await withNewContext(async ({ page, errors }) => {
      const broken = site.index.photos[site.info.featured[0]!]!;
      const stem = broken.thumbnail.path.split('/').at(-1)!.replace(/_lowq\.jpg$/, '');
      await page.route((request) => decodeURIComponent(request.pathname ?? new URL(request.href).pathname).includes(`/${stem}`), (route) => route.abort());
      await page.goto(url('/'));
      const tile = page.locator('main li a').first();
      await tile.getByText('Failed to load image').waitFor();
      expect(errors.some((e) => e.includes('Failed to load image'))).toBe(true);
    });
  });

  it('keeps the layout still while images load (cumulative layout shift ≈ 0)', async () => {
    const { page } = await openPage(browser());
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const route of ['/', speciesRoute(site.speciesWithMostPhotos[0]), lifeListRoute([])]) {
      await page.goto(url(route));
      await page.locator('main li').first().waitFor();
      // Lazy tiles start loading only once the app has started: walked before, they would not.
      await appReady(page);
      await page.evaluate(async () => {
        // Two frames: the lazy tiles' IntersectionObserver has reported this position. A page that
        // stops drawing frames fails here, and says where, not at the test's timeout.
        const twoFrames = () =>
          new Promise<void>((resolve, reject) => {
            const stalled = setTimeout(() => reject(new Error(`no frame drawn for 10 s, scrolled to ${window.scrollY} of ${document.body.scrollHeight}`)), 10_000);
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                clearTimeout(stalled);
                resolve();
              }),
            );
          });
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await twoFrames();
        }
      });
      await page.waitForLoadState('networkidle');
      await pageSettled(page);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, route).toBeLessThan(0.01);
    }
    await page.context().close();
  });
});

describe('deep links on a static host', () => {
  it('a reload on a species page works with a plain static server (404.html fallback)', async () => {
    await withTab(async ({ page, errors }) => {
      const [species] = site.speciesWithMostPhotos;
      await page.goto(url(speciesRoute(species)));
      await page.reload();
      await page.getByRole('heading', { level: 1, name: species, exact: true }).waitFor();
      // The species name typed with a raw space works too.
      await page.goto(`${siteUrl}species/${species}/`);
      await page.getByRole('heading', { level: 1, name: species, exact: true }).waitFor();
      // So does a link of the older `.html` form, through the host's 404 page.
      await page.goto(`${siteUrl}species/${encodeURIComponent(species)}.html`);
      await page.getByRole('heading', { level: 1, name: species, exact: true }).waitFor();
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  });

  it('an older `.html` link of every kind of page opens that page, through the host\'s 404 page, at its folder form', async () => {
    await withTab(async ({ page }) => {
      for (const route of [INFO_ROUTE, CREDITS_ROUTE, NOT_PHOTOGRAPHED_ROUTE, LISTS_ROUTE, lifeListRoute([]), lifeListRoute(site.firstPathToWall())]) {
        await page.goto(url(route));
        const heading = await page.getByRole('heading', { level: 1 }).textContent();
        const old = url(route).replace(/\/$/, '.html');
        const response = await page.goto(old);
        expect(response?.status(), old).toBe(404);
        await page.getByRole('heading', { level: 1, name: heading!, exact: true }).waitFor();
        // The 404 page asks for the folder form, whose pre-rendered file the host holds.
        expect(page.url(), old).toBe(url(route));
      }
    });
  });

  it('a share link of the older `.html` form, or without its slash, goes on to the share page; a deleted photo\'s is not found', async () => {
    await withTab(async ({ page }) => {
      const photo = site.photos[0]!;
      const shared = url(photoShareRoute(photo.id));
      for (const old of [shared.replace(/\/$/, '.html'), shared.replace(/\/$/, '')]) {
        await page.goto(old);
        await page.waitForURL(shared);
        await page.locator('img').first().waitFor();
      }
      // The folder form of a photo that is not there: the 404 page, with no loop of reloads.
      const gone = url(photoShareRoute('no-such-photo'));
      const response = await page.goto(gone);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(page.url()).toBe(gone);
    });
  });

  it('a reload on a species page works with vite preview (npm start), the pre-rendered page served', async () => {
    const preview = await startVitePreview(inject('distDir'));
    try {
      await withTab(async ({ page, errors }) => {
        const [species] = site.speciesWithMostPhotos;
        await page.goto(pageUrl(preview.url, speciesRoute(species)));
        const response = await page.reload();
        expect(response?.status()).toBe(200);
        expect(await response?.text()).toBe(readFileSync(join(inject('distDir'), pageFile(speciesRoute(species))), 'utf8'));
        await page.getByRole('heading', { level: 1, name: species, exact: true }).waitFor();
        expect(errors).toEqual([]);
      });
    } finally {
      await preview.close();
    }
  });
});
