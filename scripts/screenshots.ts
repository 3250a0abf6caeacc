/**
 * `npm run screenshots`: the README's screenshots (docs/screenshots/, 1280×800) taken from a
 * built site: the home wall, the Life List, a species page, the lightbox on it, with an eBird
 * export the lists and their map, and with recordings a species' recording players. Names come from the site's own manifests, so the pictures
 * follow whatever photos the site holds.
 *   tsx scripts/screenshots.ts [--site dist] [--out docs/screenshots]
 */
import { Command } from 'commander';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { MEDIA_INDEX_FILE } from '../data/manifest-layout.ts';
import { mediaIndexSchema } from '../data/media-schemas.ts';
import { LISTS_ROUTE, lifeListRoute, speciesRoute } from '../data/paths.ts';
import { launchBrowser, openPage, pageSettled } from '../harness/browser.ts';
import { readSite } from '../harness/sample-site.ts';
import { pageUrl } from '../harness/site-url.ts';
import { startStaticServer } from '../harness/static-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The README shows them inline: each stays a small download. */
export const MAX_SCREENSHOT_BYTES = 300 * 1024;
export const SCREENSHOTS = ['home', 'life-list', 'species', 'lightbox', 'lists', 'recordings'] as const;

/** The species with the most recordings, or undefined for a site without any (or built before recordings). */
function speciesWithRecordings(site: string): string | undefined {
  const file = join(site, MEDIA_INDEX_FILE);
  if (!existsSync(file)) return undefined;
  const counts = new Map<string, number>();
  for (const entry of Object.values(mediaIndexSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).media)) {
    if (entry.kind === 'recording') counts.set(entry.species, (counts.get(entry.species) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export async function takeScreenshots(site: string, out: string): Promise<string[]> {
  const { speciesWithMostPhotos, lightboxSpecies, info } = readSite(site);
  const species = lightboxSpecies ?? speciesWithMostPhotos[0];
  mkdirSync(out, { recursive: true });
  const server = await startStaticServer({ root: site });
  const browser = await launchBrowser();
  const written: string[] = [];
  try {
    const { page, errors } = await openPage(browser);
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await pageSettled(page);
    };
    const shoot = async (name: (typeof SCREENSHOTS)[number], prepare: (page: Page) => Promise<void>) => {
      await prepare(page);
      await settle();
      const file = join(out, `${name}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: 78 });
      if (statSync(file).size > MAX_SCREENSHOT_BYTES) throw new Error(`${file} is over ${MAX_SCREENSHOT_BYTES / 1024} KB`);
      written.push(file);
    };
    const visit = (route: string, ready: string) => async (p: Page) => {
      await p.goto(pageUrl(server.url, route));
      await p.locator(ready).first().waitFor();
    };
    // A new owner's home wall may have no featured photo yet: its words, then, are the page.
    await shoot('home', visit('/', 'main li img, main p'));
    await shoot('life-list', visit(lifeListRoute([]), 'main li'));
    await shoot('species', visit(speciesRoute(species), 'main li img'));
    await shoot('lightbox', async (p) => {
      await p.locator('main li a').first().click();
      await p.getByRole('complementary', { name: 'Photo details' }).locator('dd').first().waitFor();
    });
    if (info.stats.lifeList !== undefined) {
      await shoot('lists', async (p) => {
        await visit(LISTS_ROUTE, 'main svg use')(p);
        // Each map's shapes are a file of their own, drawn by <use>: wait until every one has drawn.
        await p.waitForFunction(() => [...document.querySelectorAll('main svg use')].every((use) => (use as SVGUseElement).getBBox().width > 0));
      });
    }
    const recorded = speciesWithRecordings(site);
    if (recorded !== undefined) {
      await shoot('recordings', async (p) => {
        await visit(speciesRoute(recorded), 'main li img')(p);
        const section = p.locator('section:has(#recordings)');
        await section.scrollIntoViewIfNeeded();
        await section.locator('img').first().waitFor();
        await p.waitForFunction(() => {
          const spectrogram = document.querySelector<HTMLImageElement>('.recording img');
          return spectrogram?.complete && spectrogram.naturalWidth > 0;
        });
      });
    }
    if (errors.length > 0) throw new Error(`The site logged errors while it was photographed:\n${errors.join('\n')}`);
    await page.context().close();
  } finally {
    await browser.close();
    await server.close();
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const program = new Command('screenshots')
    .description("Photograph the built site's main screens for the README.")
    .option('--site <dir>', 'the built site (default: dist/)', join(root, 'dist'))
    .option('--out <dir>', 'where the JPEGs go (default: docs/screenshots/)', join(root, 'docs/screenshots'))
    .action(async (options: { site: string; out: string }) => {
      const files = await takeScreenshots(resolve(options.site), resolve(options.out));
      process.stdout.write(`${files.join('\n')}\n`);
    });
  // A mistyped option: commander says so in one line and exits with status 1; anything else fails loudly.
  await program.parseAsync();
}
