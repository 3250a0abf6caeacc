import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { lifeListRoute, speciesRoute } from '../../data/paths.ts';
import { appReady } from '../../harness/browser.ts';
import { fileBrowser } from '../../harness/file-browser.ts';
import { cardName, pageUrl } from '../../harness/site-url.ts';

/**
 * The test library mixes the owner's nested folders with what a Lightroom or darktable user adds
 * (the tests' copy of the sample, harness/sample-library.ts): a species folder dropped straight into life_list/ (`Rock Wren`),
 * and an inbox/ of exports placed by their keywords: a Mallard by a hierarchical keyword and its
 * embedded title, a jay named in its `.xmp` sidecar by an older name ('Gray Jay'), and a rejected
 * photo. The taxonomy is the library's own, tests/fixtures/sample-additions/taxonomy/taxonomy.tsv (a hand-made checklist of its species).
 */
const siteUrl = inject('siteUrl');
const distDir = inject('distDir');
const url = (route: string) => pageUrl(siteUrl, route);
const index = photoIndexSchema.parse(JSON.parse(readFileSync(join(distDir, 'photo-index.json'), 'utf8')));
const photos = Object.values(index.photos);

/** Chromium for this file, and a visitor's tab for each test (fileBrowser). */
const { withTab } = fileBrowser();

describe('photos placed by the taxonomy and by their keywords', () => {
  it('a species folder dropped into life_list/ is a card under its order and family', async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute(['Passeriformes', 'Wrens'])));
      await appReady(page);
      await page.locator('main').getByRole('link', { name: cardName('Rock Wren') }).click();
      await page.waitForURL((u) => decodeURIComponent(u.pathname).includes('Rock Wren'));
      await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  });

  it('an inbox photo joins the species its keywords name, with its own title', async () => {
    const mallard = photos.filter((p) => p.species === 'Mallard');
    const fromInbox = mallard.find((p) => p.title === 'Mallard drake at dawn');
    expect(fromInbox?.folder).toEqual(mallard.find((p) => p !== fromInbox)?.folder);
    await withTab(async ({ page, errors }) => {
      await page.goto(url(speciesRoute('Mallard')));
      await appReady(page);
      await expect.poll(() => page.getByRole('img', { name: 'Mallard drake at dawn' }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  });

  it("a species named only in a sidecar, by an older name, gets a page under the taxonomy's name, family and scientific name", async () => {
    const jay = photos.find((p) => p.species === 'Canada Jay');
    expect(jay?.folder).toEqual(['Passeriformes', 'Crows, Jays, and Magpies', 'Canada Jay']);
    expect(jay?.title).toBe('Canada Jay at the feeder');
    expect(jay?.keywords).toEqual(['Gray Jay', 'feeder']);
    await withTab(async ({ page, errors }) => {
      await page.goto(url(speciesRoute('Canada Jay')));
      await appReady(page);
      await expect.poll(() => page.locator('main i[lang="la"]').textContent()).toBe('Perisoreus canadensis');
      await expect.poll(() => page.getByRole('img', { name: 'Canada Jay at the feeder' }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  });

  it('a rejected photo is published nowhere', () => {
    expect(readFileSync(join(distDir, 'photo-index.json'), 'utf8')).not.toContain('IMG_5003');
  });
});
