import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INFO_ROUTE, lifeListRoute, photoAppRoute, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { CACHE_RULES } from '../../data/publishing.ts';
import { structureAndSeriousViolations, VIEWPORTS } from './axe.ts';
import { appReady, firstPaintOf, holdBackTheApp, keepsPrerenderedHeading, launchBrowser, walkingTabs } from '../../harness/browser.ts';
import { followLinks, headAnswers, HOST_SERVERS, startHostServer, type HostServer } from '../../harness/host-servers.ts';
import { startVitePreview } from './prerender-support.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';

/**
 * The built site on the hosts' own local servers (wrangler pages dev for Cloudflare Pages,
 * serve for Vercel-style clean URLs) and on the strict bucket server: every link, canonical,
 * sitemap entry and feed link answers 200 with no redirect, a page loaded fresh keeps its
 * pre-rendered markup under any form of its path the host serves, and a photo link opens
 * its photo.
 */
const distDir = inject('distDir');
const site = readSite(distDir);
const wall = site.firstPathToWall();
const [species, speciesPhotos] = site.speciesWithMostPhotos;
const photo = speciesPhotos[speciesPhotos.length - 1]!;

/** `npm start`'s server. */
const VITE_PREVIEW = 'vite preview';

let browser: Browser;
const servers = new Map<string, { url: string; close?: () => Promise<void> }>();

beforeAll(async () => {
  browser = await launchBrowser();
  servers.set('bucket', { url: inject('siteUrl') });
  for (const name of HOST_SERVERS) {
    const server: HostServer = await startHostServer(name, distDir);
    servers.set(name, server);
  }
  servers.set(VITE_PREVIEW, await startVitePreview(distDir));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers.values()) await server.close?.();
});
/** The site's links, followed once on the bucket server, reading every page. */
let linksOnBucket: ReturnType<typeof followLinks> | undefined;
const siteLinks = () => (linksOnBucket ??= followLinks(servers.get('bucket')!.url));

/** A visitor's tab (walkingTabs) for each test that loads a page as a visitor does, its scripts let through. */
const withTab = walkingTabs(() => browser);
const withPhoneTab = walkingTabs(() => browser, { viewport: VIEWPORTS.phone });
/** A phone's tab whose pages never start the app (holdBackTheApp): what a visitor sees before it has. */
const withAppHeldBack = walkingTabs(() => browser, { viewport: VIEWPORTS.phone, prepare: holdBackTheApp });

describe.each(['bucket', ...HOST_SERVERS])('on %s', (host) => {
  const base = () => servers.get(host)!.url;

  it('every link, canonical, sitemap entry, feed link and image answers 200 with no redirect', async () => {
    // Found on the bucket, every page read; asked of each host with HEAD (host-servers.ts headAnswers).
    const onBucket = await siteLinks();
    const { checked, failures } = host === 'bucket' ? { checked: onBucket.urls.length, failures: onBucket.failures } : await headAnswers(base(), onBucket.urls);
    expect(failures).toEqual([]);
    // Home, every Life List level, species, Info, credits, share pages, their images and data.
    expect(checked).toBeGreaterThan(site.photos.length * 3);
  });

  // A bucket serves the forms without the slash its 404 page, which asks for the folder form. The
  // folder forms on the bucket, and a photo link there, are the page walk's (page-walk.test.ts).
  const folderForm = (route: string) => route;
  it.each(
    (
      [
        ['the species page', () => speciesRoute(species), folderForm],
        ['the species page without its trailing slash (the spec form)', () => speciesRoute(species), (route: string) => route.replace(/\/$/, '')],
        ['the species page as its index.html', () => speciesRoute(species), (route: string) => `${route}index.html`],
        ['a Life List level', () => lifeListRoute(wall.slice(0, 1)), folderForm],
        ['Info without its trailing slash', () => INFO_ROUTE, (route: string) => route.replace(/\/$/, '')],
      ] as Array<[string, () => string, (route: string) => string]>
    ).filter(([, , form]) => host !== 'bucket' || form !== folderForm),
  )('loaded fresh, %s keeps its pre-rendered markup', async (_name, route, form) => {
    await withTab(async ({ page, errors }) => {
      const result = await keepsPrerenderedHeading(page, pageUrl(base(), form(route())));
      expect(result.kept).toBe(true);
      // Whatever form the host served, the address bar ends on the form the site links to.
      expect(result.path).toBe(new URL(pageUrl(base(), route())).pathname);
      expect(errors).toEqual([]);
    });
  });

  if (host !== 'bucket') it('a photo link opens its photo, its query kept', async () => {
    await withTab(async ({ page, errors }) => {
      const response = await page.goto(pageUrl(base(), photoAppRoute(species, photo.id)));
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()).toBeNull();
      const current = page.getByRole('dialog').locator('.yarl__slide_current img');
      await expect.poll(() => current.getAttribute('src')).toContain(encodeURIComponent(photo.display.path.split('/').at(-1)!));
      expect(new URL(page.url()).searchParams.get('photo')).toBe(photo.id);
      expect(errors).toEqual([]);
    });
  });

  it("a photo's share page answers 200 and shows the photo", async () => {
    const response = await fetchOnNewConnection(pageUrl(base(), photoShareRoute(photo.id)), { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(encodeURIComponent(photo.display.path.split('/').at(-1)!));
  });

  it('an unknown path gets the site’s 404 page with status 404', async () => {
    const response = await fetchOnNewConnection(pageUrl(base(), '/no/such/page/'), { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(readFileSync(join(distDir, '404.html'), 'utf8'));
  });
});

/**
 * What a visitor sees before the app has started, on every server, for a URL whose file the
 * server does not hold as it is spelled: the first paint already shows the page's content (or
 * the not-found page), with its main landmark and heading, never an empty screen. The not-found
 * page is markup made for another URL, which the app then renders over (a page of the site keeps
 * its markup: 'loaded fresh' above).
 */
describe.each(['bucket', ...HOST_SERVERS, VITE_PREVIEW])('the first view on %s', (host) => {
  const base = () => servers.get(host)!.url;
  const notFound = 'Page not found';
  it.each([
    ['an unknown path (the 404 page)', () => '/no/such/page/', notFound],
    ['an unknown Life List path, not in folder form', () => `${lifeListRoute([])}No+Such+Folder`, notFound],
    ['Info without its slash', () => INFO_ROUTE.replace(/\/$/, ''), 'Info'],
    ['the largest species page without its slash', () => speciesRoute(species).replace(/\/$/, ''), species],
  ] as Array<[string, () => string, string]>)('%s shows its content from the first paint', async (_name, route, heading) => {
    await withAppHeldBack(async ({ page }) => {
      const painted = await firstPaintOf(page, pageUrl(base(), route()));
      expect(painted).toMatchObject({ heading, main: true });
      expect(await structureAndSeriousViolations(page)).toEqual([]);
    });
    if (heading !== notFound) return;

    await withPhoneTab(async ({ page, errors }) => {
      await page.goto(pageUrl(base(), route()));
      await appReady(page);
      await expect.poll(() => page.locator('#root h1').textContent()).toBe(heading);
      expect(await page.locator('#root main').count()).toBe(1);
      // An unknown Life List level is known as such by its data file's 404, which Chromium logs.
      const dataFileMissing = (error: string) => (error.startsWith('HTTP 404 ') && error.includes('/site-data/')) || error.includes('status of 404');
      expect(errors.filter((error) => !dataFileMissing(error))).toEqual([]);
    });
  });
});

describe.each(HOST_SERVERS)('the configuration files dist/ carries for %s', (host) => {
  const base = () => servers.get(host)!.url;
  const cacheControl = async (path: string) => (await fetchOnNewConnection(pageUrl(base(), path), { redirect: 'manual' })).headers.get('cache-control');
  const rule = (folder: string | undefined) => CACHE_RULES.find((r) => r.folder === folder)!.cacheControl;

  it('hashed assets are cached for a year, immutable; photos for a day; pages and data revalidated', async () => {
    const asset = `/assets/${readFileSync(join(distDir, 'index.html'), 'utf8').match(/assets\/([^"]+\.js)/)![1]}`;
    expect(await cacheControl(asset)).toBe(rule('assets'));
    expect(await cacheControl(`/${photo.thumbnail.path.split('/').map(encodeURIComponent).join('/')}`)).toBe(rule('life_list'));
    expect(await cacheControl(speciesRoute(species))).toBe(rule(undefined));
    expect(await cacheControl('/info.json')).toBe(rule(undefined));
  });
});
