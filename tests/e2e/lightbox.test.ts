import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PhotoEntry } from '../../data/manifest-schemas.ts';
import { photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { appReady, launchBrowser, openPage, walkingTabs } from '../../harness/browser.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';

const siteUrl = inject('siteUrl');
const site = readSite(inject('distDir'));
const url = (route: string) => pageUrl(siteUrl, route);

/** A species with at least two photos, the first with camera metadata, in the order its page shows them. */
const species = site.lightboxSpecies ?? site.speciesWithMostPhotos[0];
const speciesPhotos: PhotoEntry[] = site.speciesPage(species);
const [first, second] = speciesPhotos;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  expect(speciesPhotos.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await browser?.close();
});
/** A visitor's tab for each test (walkingTabs). */
const withTab = walkingTabs(() => browser);

const dialog = (page: Page) => page.getByRole('dialog');
const photoParam = (page: Page) => new URL(page.url()).searchParams.get('photo');

/** The page's script loads after the page: wait until the app has taken it over (web/entry-client.tsx). */
async function gotoApp(page: Page, target: string) {
  await page.goto(target);
  await appReady(page);
}

async function openFirstPhoto(page: Page) {
  await gotoApp(page, url(speciesRoute(species)));
  await page.locator('main li a').first().click();
  await dialog(page).waitFor();
}

async function panelValues(page: Page): Promise<Record<string, string>> {
  const panel = page.getByRole('complementary', { name: 'Photo details' });
  await panel.locator('dd').first().waitFor();
  return panel.evaluate((el) => Object.fromEntries([...el.querySelectorAll('dd')].map((dd) => [dd.getAttribute('data-field') ?? '', dd.textContent ?? ''])));
}

describe('lightbox on the built sample site', () => {
  it('opens on a click with the full image, the thumbnails strip, arrows, fullscreen and the metadata of the photo', async () => {
    await withTab(async ({ page, errors }) => {
      await openFirstPhoto(page);
      expect(photoParam(page)).toBe(first!.id);
      const current = dialog(page).locator('.yarl__slide_current img');
      // One of the photo's renditions, sized to the screen (the tests below check which).
      const renditionNames = [first!.display.path, ...first!.sources.flatMap((source) => source.files.map((file) => file.path))].map((p) => encodeURIComponent(p.split('/').at(-1)!));
      const src = (await current.getAttribute('src')) ?? '';
      expect(renditionNames.some((name) => src.endsWith(name)), src).toBe(true);
      await expect.poll(() => dialog(page).locator('.yarl__thumbnails_thumbnail').count()).toBeGreaterThanOrEqual(speciesPhotos.length);
      await dialog(page).getByRole('button', { name: 'Enter Fullscreen' }).waitFor();
      await dialog(page).getByRole('button', { name: 'Close modal' }).waitFor();
      await dialog(page).getByRole('button', { name: 'Next' }).waitFor();
      await dialog(page).getByRole('button', { name: 'Previous' }).waitFor();
      await expect(page.locator('.yarl__portal').evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe('rgba(0, 0, 0, 0.8)');
      await expect(page.locator('.yarl__portal').evaluate((el) => getComputedStyle(el).transitionDuration)).resolves.toBe('0.3s');
      expect(first!.exif, 'the sample needs a photo with camera metadata').toBeTruthy();
      expect(await panelValues(page)).toEqual(first!.exif);
      await page.getByRole('complementary', { name: 'Photo details' }).getByRole('heading', { name: species }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('goes to the next photo by the arrow and by the keyboard, replacing the photo in the URL', async () => {
    await withTab(async ({ page }) => {
      await openFirstPhoto(page);
      const historyLength = await page.evaluate(() => history.length);
      await dialog(page).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => photoParam(page)).toBe(second!.id);
      if (second!.exif) await expect.poll(() => panelValues(page)).toEqual(second!.exif);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => photoParam(page)).toBe(first!.id);
      await expect(page.evaluate(() => history.length)).resolves.toBe(historyLength);
    });
  });

  it('goes to the next photo by a swipe and back by a swipe the other way', async () => {
    await withTab(async ({ page }) => {
      await openFirstPhoto(page);
      // A swipe that starts while the carousel still moves (the opening, or the last swipe) is
      // read against a moving slide: wait until every animation has finished, never for a time.
      const settled = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await settled();
      const image = await dialog(page).locator('.yarl__slide_current img').boundingBox();
      if (!image) throw new Error('no image on screen');
      const y = image.y + image.height / 2;
      // A drag of the pointer across the image, as a finger swipes (the library listens to pointer events).
      const swipe = async (from: number, to: number) => {
        // Settled first: the open photo loaded (its neighbours are rendered then) and no slide animation running.
        await expect.poll(() => dialog(page).locator('.yarl__slide_current img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await expect.poll(() => dialog(page).locator('.yarl__slide img').count()).toBeGreaterThan(1);
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await page.mouse.move(from, y);
        await page.mouse.down();
        for (let step = 1; step <= 8; step++) await page.mouse.move(from + ((to - from) * step) / 8, y);
        await page.mouse.up();
      };
      await swipe(image.x + image.width * 0.8, image.x + image.width * 0.2);
      await expect.poll(() => photoParam(page)).toBe(second!.id);
      await settled();
      await swipe(image.x + image.width * 0.2, image.x + image.width * 0.8);
      await expect.poll(() => photoParam(page)).toBe(first!.id);
    });
  });

  it('closes on an overlay click', async () => {
    await withTab(async ({ page }) => {
      await openFirstPhoto(page);
      const slide = await dialog(page).locator('.yarl__slide_current').boundingBox();
      const image = await dialog(page).locator('.yarl__slide_current img').boundingBox();
      if (!slide || !image) throw new Error('no slide on screen');
      // A point of the backdrop: beside or above the contained image.
      const point = image.y - slide.y > 8 ? { x: slide.x + slide.width / 2, y: slide.y + 4 } : { x: slide.x + 4, y: slide.y + slide.height / 2 };
      await page.mouse.click(point.x, point.y);
      await dialog(page).waitFor({ state: 'detached' });
      expect(photoParam(page)).toBeNull();
    });
  });

  it('closes on Escape and with Back', async () => {
    await withTab(async ({ page }) => {
      await openFirstPhoto(page);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      expect(photoParam(page)).toBeNull();

      await page.locator('main li a').first().click();
      await dialog(page).waitFor();
      await page.goBack();
      await dialog(page).waitFor({ state: 'detached' });
      expect(photoParam(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe(new URL(url(speciesRoute(species))).pathname);
    });
  });

  it('opens from a deep link with ?photo=', async () => {
    await withTab(async ({ page }) => {
      await page.goto(`${url(speciesRoute(species))}?photo=${second!.id}`);
      await dialog(page).waitFor();
      await expect(dialog(page).locator('.yarl__slide_current img').getAttribute('src')).resolves.toContain(encodeURIComponent(second!.display.path.split('/').at(-1)!));
    });
  });

  it('shares the open photo’s own page: through the clipboard, or the system share sheet where there is one', async () => {
    const { page, errors } = await openPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(siteUrl).origin });
    await openFirstPhoto(page);
    await dialog(page).getByRole('button', { name: 'Share this photo' }).click();
    await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(url(photoShareRoute(first!.id)));
    // The link opens the photo's own page, with that photo on it.
    const shared = await page.context().newPage();
    expect((await shared.goto(copied))?.status()).toBe(200);
    expect(await shared.locator('main img').getAttribute('src')).toContain(encodeURIComponent(first!.display.path.split('/').at(-1)!));
    // The next photo is not "copied" yet.
    await dialog(page).getByRole('button', { name: 'Next' }).click();
    await dialog(page).getByRole('button', { name: 'Share this photo' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    const phone = await openPage(browser, { width: 412, height: 823 });
    await phone.page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { sharedData: calls });
      navigator.share = async (data?: ShareData) => void calls.push(data ?? {});
      navigator.canShare = () => true;
    });
    await openFirstPhoto(phone.page);
    await dialog(phone.page).getByRole('button', { name: 'Share this photo' }).click();
    await expect.poll(() => phone.page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData)).toEqual([{ title: species, url: url(photoShareRoute(first!.id)) }]);
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });

  it('hides the metadata panel for a photo without Exif data', async () => {
    // The tests' sample library holds photos without camera data.
    const photo = site.photoWithoutExif;
    if (!photo) throw new Error('the test library has no photo without Exif data');
    await withTab(async ({ page, errors }) => {
      await page.goto(`${url(speciesRoute(photo.species))}?photo=${photo.id}`);
      await dialog(page).locator('.yarl__slide_current img').waitFor();
      // An indexed photo without EXIF (exif: null) hides the panel in the same render as its slide: nothing to wait for.
      await expect(page.getByRole('complementary', { name: 'Photo details' }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it('opens the one clicked photo from the home wall', async () => {
    await withTab(async ({ page }) => {
      await gotoApp(page, url('/'));
      await page.locator('main li a').nth(1).click();
      await dialog(page).waitFor();
      expect(photoParam(page)).toBe(site.info.featured[1]);
      // The arrows would come with the toolbar, a stage after the dialog itself.
      await dialog(page).getByRole('button', { name: 'Close modal' }).waitFor();
      await expect(dialog(page).getByRole('button', { name: 'Next' }).count()).resolves.toBe(0);
    });
  });

  it('fetches its code when a photo is pointed at, before the click, and never on a page only read', async () => {
    await withTab(async ({ page, errors }) => {
      await gotoApp(page, url('/'));
      await page.waitForLoadState('networkidle');
      const lightboxScript = () =>
        performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/PhotoLightbox-[^/]*\.js$/.test(new URL(entry.name).pathname))?.startTime ?? null;
      // The app has started and the network is quiet: nothing has asked for the lightbox.
      expect(await page.evaluate(lightboxScript)).toBeNull();
      const tile = page.locator('main li a').first();
      await tile.hover();
      const fetchedAt = await (await page.waitForFunction(lightboxScript)).jsonValue();
      expect(fetchedAt).toBeGreaterThan(0);
      await tile.click();
      await dialog(page).waitFor();
      expect(errors).toEqual([]);
    });
  });
});

describe('a shared photo link on a phone and on a desktop', () => {
  const photoPath = (request: { url(): string }) => decodeURIComponent(new URL(request.url()).pathname).replace(/^\//, '');
  const renditions = (photo: PhotoEntry) => new Set([photo.display.path, ...photo.sources.flatMap((source) => source.files.map((file) => file.path))]);
  const widthOf = (photo: PhotoEntry, path: string) => (path === photo.display.path ? photo.display.width : photo.sources.flatMap((s) => s.files).find((f) => f.path === path)?.width);

  /** Records every image request of `page` and when it finished, in order. */
  function recordImages(page: Page) {
    const events: Array<{ kind: 'request' | 'finished'; path: string }> = [];
    page.on('request', (request) => void (request.resourceType() === 'image' && events.push({ kind: 'request', path: photoPath(request) })));
    page.on('requestfinished', (request) => void (request.resourceType() === 'image' && events.push({ kind: 'finished', path: photoPath(request) })));
    return events;
  }

  async function newContext(viewport: { width: number; height: number }, deviceScaleFactor: number) {
    const phone = viewport.width < 600;
    return browser.newContext({ viewport, deviceScaleFactor, isMobile: phone, hasTouch: phone });
  }

  /** Waits until the lightbox's open photo has loaded; returns the file the browser chose from its srcset. */
  async function openPhotoFile(page: Page): Promise<string> {
    const current = dialog(page).locator('.yarl__slide_current img');
    await current.waitFor();
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    return decodeURIComponent(new URL(await current.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).replace(/^\//, '');
  }

  /** Opens `?photo=` of the first photo in a fresh context; returns the lightbox image's chosen file and every image request in order. */
  async function openLink(viewport: { width: number; height: number }, deviceScaleFactor: number) {
    const context = await newContext(viewport, deviceScaleFactor);
    const page = await context.newPage();
    const events = recordImages(page);
    await page.goto(`${url(speciesRoute(species))}?photo=${first!.id}`);
    const chosen = await openPhotoFile(page);
    // The preview has handed over to the lightbox.
    await page.locator('#photo-preview').waitFor({ state: 'detached' });
    return { page, context, chosen, events };
  }

  /** Files the page's first-screen tiles loaded (pre-rendered images, fetched with the page). */
  const eagerTileFiles = (page: Page) =>
    page.locator('main img[loading="eager"]').evaluateAll((imgs) => imgs.map((img) => decodeURIComponent(new URL((img as HTMLImageElement).currentSrc).pathname).replace(/^\//, '')));

  it('requests a screen-sized image on a phone, the same file for the preview and the lightbox', async () => {
    const { page, context, chosen, events } = await openLink({ width: 412, height: 823 }, 1.75);
    expect(renditions(first!).has(chosen), chosen).toBe(true);
    // 412 CSS px at 1.75 device pixels, less the lightbox's 16 px padding each side: the smallest
    // rendition at least 665 px wide (the 720 px WebP), never the 960 px one or the display file.
    const needed = (412 - 32) * 1.75;
    const wideEnough = [...renditions(first!)].map((path) => ({ path, width: widthOf(first!, path)! })).filter((r) => r.width >= needed).sort((a, b) => a.width - b.width);
    expect(chosen).toBe(wideEnough[0]!.path);
    const tiles = new Set(await eagerTileFiles(page));
    const ofThisPhoto = new Set(events.filter((e) => e.kind === 'request' && renditions(first!).has(e.path)).map((e) => e.path));
    expect([...ofThisPhoto].filter((path) => path !== chosen && !tiles.has(path))).toEqual([]);
    await context.close();
  });

  it('requests the large image on a desktop', async () => {
    // A large, sharp screen: the photo is drawn about 1,000 CSS px wide at 2 device pixels each.
    const { context, chosen } = await openLink({ width: 1920, height: 1080 }, 2);
    expect(chosen).toBe(first!.display.path);
    await context.close();
  });

  it('loads the neighbours only after the open photo, when opened by a click', async () => {
    const context = await newContext({ width: 1920, height: 1080 }, 2);
    const page = await context.newPage();
    const events = recordImages(page);
    await gotoApp(page, url(speciesRoute(species)));
    await page.locator(`main li a[href$="?photo=${first!.id}"]`).click();
    const chosen = await openPhotoFile(page);
    expect(chosen).toBe(first!.display.path);
    const openDone = events.findIndex((e) => e.kind === 'finished' && e.path === chosen);
    expect(openDone).toBeGreaterThanOrEqual(0);
    // The neighbours' display files (never used by the page's tiles) are requested only after the open one has arrived.
    const neighbours = speciesPhotos.filter((p) => p.id !== first!.id).map((p) => p.display.path);
    await expect.poll(() => events.some((e) => e.kind === 'request' && neighbours.includes(e.path))).toBe(true);
    const firstNeighbour = events.findIndex((e) => e.kind === 'request' && neighbours.includes(e.path));
    expect(firstNeighbour).toBeGreaterThan(openDone);
    await context.close();
  });

  it('arriving through a photo link, loads that photo only until the visitor touches the lightbox', async () => {
    const { page, context, chosen, events } = await openLink({ width: 412, height: 823 }, 1.75);
    // The app is idle: whatever a click-opened lightbox would have fetched after its photo is under way by now.
    await page.waitForLoadState('networkidle');
    const tiles = new Set(await eagerTileFiles(page));
    const others = (path: string) => path !== chosen && !tiles.has(path) && !path.startsWith('data:');
    // No neighbour, no thumbnails strip, no wall tile under the lightbox: the photo and the first screen's tiles.
    expect(events.filter((e) => e.kind === 'request' && others(e.path)).map((e) => e.path)).toEqual([]);
    // And those tiles were asked for only once the photo had arrived: it had the bandwidth alone.
    const photoDone = events.findIndex((e) => e.kind === 'finished' && e.path === chosen);
    // (A small photo's tile may share its file: that one is the photo.)
    const firstTile = events.findIndex((e) => e.kind === 'request' && tiles.has(e.path) && e.path !== chosen);
    expect(photoDone).toBeGreaterThanOrEqual(0);
    expect(firstTile).toBeGreaterThan(photoDone);
    await expect(dialog(page).locator('.yarl__slide img').count()).resolves.toBe(1);
    // A key press (one that changes nothing) is a touch: the neighbours follow.
    await page.keyboard.press('Shift');
    await expect.poll(() => dialog(page).locator('.yarl__slide img').count()).toBeGreaterThan(1);
    const neighbours = new Set(speciesPhotos.filter((p) => p.id !== first!.id).flatMap((p) => [...renditions(p)]));
    await expect.poll(() => events.some((e) => e.kind === 'request' && neighbours.has(e.path) && !tiles.has(e.path))).toBe(true);
    await context.close();
  });

  it('shows the photo before the app has started, then hands over to the lightbox', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    // The app's script held back: what the visitor sees meanwhile is the pre-rendered page and its script alone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${url(speciesRoute(species))}?photo=${first!.id}`, { waitUntil: 'domcontentloaded' });
    const preview = page.locator('#photo-preview img');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const previewFile = decodeURIComponent(new URL(await preview.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).replace(/^\//, '');
    expect(renditions(first!).has(previewFile), previewFile).toBe(true);
    expect(await page.locator('html[data-app="ready"]').count()).toBe(0);
    release();
    await dialog(page).waitFor();
    await page.locator('#photo-preview').waitFor({ state: 'detached' });
    await context.close();
  });
});
