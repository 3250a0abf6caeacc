import { chromium, type ElementHandle, type Page } from 'playwright-core';
import type { PhotoEntry } from '../../data/manifest-schemas.ts';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { median, type Row } from '../lib/report.ts';
import { ensureBuilt, loadBuiltSite, pageUrl } from '../lib/site.ts';
// The plain static host of the E2E tests, with gzip: deep links work from the pre-rendered files alone.
import { startStaticServer } from '../../harness/static-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS, pageSettled } from '../../harness/browser.ts';

/**
 * Arms a watcher in the page before the click: resolves when the metadata panel shows the
 * photo's values (the camera and date from the photo index), with the click event's own
 * timestamp as the start, so Playwright's own latency is not counted.
 */
async function armPanelWatch(page: Page, expected: string[]): Promise<void> {
  await page.evaluate(`(${PANEL_WATCH})(${JSON.stringify(expected)})`);
}

// In-page code is kept as text: tsx's transform would add helpers (__name) the page lacks.
const PANEL_WATCH = `(values) => {
  window.__benchPanel = new Promise((resolve, reject) => {
    let clickAt = -1;
    addEventListener('click', (event) => { clickAt = event.timeStamp; }, { capture: true, once: true });
    // The site's panel (web/lightbox/MetadataPanel.tsx); the whole page if its markup changes.
    const panelText = () => (document.querySelector('aside[aria-label="Photo details"], [data-testid="metadata-panel"]') ?? document.body).textContent ?? '';
    const observer = new MutationObserver(() => {
      if (clickAt < 0) return;
      const text = panelText();
      if (!text.includes('Camera') || !values.every((v) => text.includes(v))) return;
      observer.disconnect();
      clearTimeout(timer);
      const valuesAt = performance.now();
      // The next frame after the DOM holds the values: when the visitor can see them.
      requestAnimationFrame(() => setTimeout(() => resolve({ clickAt, valuesAt, paintedAt: performance.now() }), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the metadata panel did not show ' + values.join(', ') + ' within 10 s'));
    }, 10000);
  });
}`;

/** The thumbnail of a photo on the page, found by its rendition file name in src or srcset. */
async function clickThumbnail(page: Page, photo: PhotoEntry): Promise<void> {
  const names = [photo.thumbnail.path, ...photo.sources.flatMap((s) => s.files.map((f) => f.path))].map((p) => encodeURIComponent(p.split('/').pop()!));
  // A function, not a string: the site's Content-Security-Policy refuses the eval a string predicate needs.
  const handle = await page.waitForFunction(
    (wanted) => [...document.querySelectorAll('img')].find((img) => wanted.some((name) => (img.getAttribute('src') ?? '').includes(name) || (img.getAttribute('srcset') ?? '').includes(name))) ?? null,
    names,
  );
  const element = handle.asElement() as ElementHandle | null;
  if (!element) throw new Error(`no thumbnail of ${photo.source} on the page`);
  await element.scrollIntoViewIfNeeded();
  await element.click();
}

export async function lightbox(options: BenchOptions, log: Log): Promise<PartResult> {
  await ensureBuilt(options, log);
  const site = await loadBuiltSite();
  // Photos of the home wall that carry EXIF (a photo without any hides the panel, by the spec).
  const photos = site.info.featured.map((id) => site.index.photos[id]).filter((p): p is PhotoEntry => p !== undefined && p.exif !== null);
  if (photos.length === 0) throw new Error('no featured photo with EXIF on the built site');
  const opens = options.smoke ? 1 : options.quick ? 3 : 9;
  const server = await startStaticServer({ root: site.dist, basePath: site.info.publishing.basePath, gzip: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const samples: Array<{ photo: string; clickToValuesMs: number; clickToPaintMs: number }> = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(pageUrl(new URL(server.url).origin, site, site.routes.home), { waitUntil: 'networkidle' });
    // A click before the app has taken over the pre-rendered page follows the link as a new document,
    // which drops the watcher: the lightbox is timed in the running app (web/app-ready.tsx).
    await page.waitForSelector('html[data-app="ready"]');
    for (let i = 0; i < opens; i++) {
      const photo = photos[i % photos.length]!;
      const exif = photo.exif!;
      const expected = [exif.camera, exif.dateTaken].filter((v) => v !== 'Unknown');
      log(`lightbox: open ${i + 1}/${opens} (${photo.species})`);
      await armPanelWatch(page, expected);
      await clickThumbnail(page, photo);
      const t = (await page.evaluate('window.__benchPanel')) as { clickAt: number; valuesAt: number; paintedAt: number } | undefined;
      if (!t) throw new Error(`opening ${photo.source} loaded a new document instead of the lightbox`);
      samples.push({ photo: photo.id, clickToValuesMs: t.valuesAt - t.clickAt, clickToPaintMs: t.paintedAt - t.clickAt });
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('aside[aria-label="Photo details"]') && !document.body.textContent?.includes('Shutter Speed'), undefined, { timeout: 10_000 });
      // The next open starts from a still page: the dialog gone, its fade over, the wall's photos in.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await pageSettled(page);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const measured: LightboxMeasured = { samples };
  return { rows: lightboxRows(measured), details: measured };
}

/** What the lightbox part measured, open by open: the bench's JSON results keep it, and its rows are derived from it alone. */
export interface LightboxMeasured {
  samples: Array<{ photo: string; clickToValuesMs: number; clickToPaintMs: number }>;
}

export function lightboxRows(m: LightboxMeasured): Row[] {
  const painted = m.samples.map((s) => s.clickToPaintMs);
  return [
    { part: 'Lightbox', metric: 'click → panel values (median)', value: median(painted), unit: 'ms', target: { op: '<=', value: 100 }, note: `${painted.length} opens of home-wall photos, desktop viewport, no CPU throttling; until the frame after the values are in the DOM` },
    { part: 'Lightbox', metric: 'first open', value: painted[0] ?? null, unit: 'ms' },
  ];
}
