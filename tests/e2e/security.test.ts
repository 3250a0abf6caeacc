import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY, HOME_ROUTE, INFO_ROUTE, LISTS_ROUTE, OUTINGS_FOLDER, OUTINGS_ROUTE, lifeListRoute, outingRoute, photoAppRoute, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { headerPolicy, SECURITY_HEADERS } from '../../data/security-policy.ts';
import { appReady, launchBrowser, openPage, pageSettled, type WatchedPage } from '../../harness/browser.ts';
import { HOST_SERVERS, startHostServer } from '../../harness/host-servers.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { hashesOf, inlineSources, policyOfPage, uncovered } from '../../web/prerender/content-policy.ts';
import { startVitePreview } from './prerender-support.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';

/**
 * Every page kind of the built sample site under its Content-Security-Policy, in Chromium, on
 * the strict bucket server (the pages' <meta> policy alone, as on GitHub Pages or a bucket), and
 * the kinds whose code differs on the hosts' own servers (the header as well): no
 * `securitypolicyviolation` event and no error, with the app started and the lightbox used. A
 * control on each server shows the policy is enforced there and that the listener hears what it
 * blocks.
 */
const distDir = inject('distDir');
const site = readSite(distDir);
const species = site.lightboxSpecies ?? site.speciesWithMostPhotos[0];
const photo = site.speciesPage(species)[0]!;
const outings = readdirSync(join(distDir, OUTINGS_FOLDER));
const day = outings.find((name) => DAY.test(name));
const trip = outings.find((name) => name.startsWith('trip-'));
const homeHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
const policy = policyOfPage(homeHtml)!;

let browser: Browser;
const servers = new Map<string, { url: string; close?: () => Promise<void> }>();

beforeAll(async () => {
  browser = await launchBrowser();
  servers.set('bucket', { url: inject('siteUrl') });
  for (const name of HOST_SERVERS) servers.set(name, await startHostServer(name, distDir));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers.values()) await server.close?.();
});

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every violation of the page's policies, from before its first byte is parsed. */
function listenForViolations(): void {
  const seen: Violation[] = [];
  Object.defineProperty(window, '__violations', { value: seen });
  addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }));
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

async function policyTab(): Promise<WatchedPage> {
  const tab = await openPage(browser);
  await tab.page.addInitScript(listenForViolations);
  return tab;
}

/** A page kind: where it is, and what a visitor does there once it has loaded. */
interface PageKind {
  name: string;
  route: () => string;
  /** The page runs the app (every page but a share page). */
  app?: boolean;
  use?: (page: Page) => Promise<void>;
  /** Checked on the hosts that send the policy as a header too, not only on the bucket (see kindsOn). */
  everyHost?: boolean;
}

const dialog = (page: Page) => page.getByRole('dialog');
/** The lightbox's photo thumbnails; the track also holds hidden placeholders, where its window runs past a photo. */
const thumbnails = (page: Page) => dialog(page).locator('.yarl__thumbnails_thumbnail:not(.yarl__thumbnails_thumbnail_placeholder)');

const PAGE_KINDS: PageKind[] = [
  { name: 'home', route: () => HOME_ROUTE, app: true, everyHost: true },
  { name: 'a Life List level', route: () => lifeListRoute(site.firstPathToWall().slice(0, 1)), app: true },
  {
    name: 'a species page with the lightbox opened, zoomed, its thumbnails, fullscreen and share used',
    route: () => speciesRoute(species),
    app: true,
    everyHost: true,
    use: async (page) => {
      await page.locator('main li a').first().click();
      await thumbnails(page).first().waitFor();
      await dialog(page).getByRole('button', { name: 'Zoom in' }).click();
      await dialog(page).getByRole('button', { name: 'Zoom out' }).click();
      await thumbnails(page).nth(1).click();
      await dialog(page).getByRole('button', { name: 'Enter Fullscreen' }).click();
      await dialog(page).getByRole('button', { name: 'Exit Fullscreen' }).click();
      await dialog(page).getByRole('button', { name: 'Share this photo' }).click();
      await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor();
    },
  },
  {
    name: 'a photo link',
    route: () => photoAppRoute(species, photo.id),
    app: true,
    use: async (page) => {
      await dialog(page).locator('.yarl__slide_current img').waitFor();
    },
  },
  { name: 'a share page', route: () => photoShareRoute(photo.id), everyHost: true },
  { name: 'Info', route: () => INFO_ROUTE, app: true },
  {
    name: 'Lists with its map',
    route: () => LISTS_ROUTE,
    app: true,
    use: async (page) => {
      await page.locator('main svg a').first().waitFor();
    },
  },
  { name: 'the Outings index', route: () => OUTINGS_ROUTE, app: true },
  { name: 'an outing day', route: () => outingRoute(day!), app: true },
  { name: 'a trip', route: () => outingRoute(trip!), app: true },
  {
    name: 'the search with its matches',
    route: () => lifeListRoute([]),
    app: true,
    use: async (page) => {
      await page.getByRole('combobox', { name: 'Find a species' }).fill(species.slice(0, 4));
      await page.getByRole('option').first().waitFor();
    },
  },
  { name: 'the 404 page', route: () => '/no/such/page/', app: true, everyHost: true },
];

describe('the built pages', () => {
  it('carry only inline scripts and styles their policy allows, the same policy on every page', () => {
    const pages = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    const inlineHashes = new Set<string>();
    for (const file of pages) {
      const html = readFileSync(join(distDir, file), 'utf8');
      expect(policyOfPage(html), file).toBe(policy);
      const { scripts, styles } = hashesOf(inlineSources(html));
      for (const hash of [...scripts, ...styles]) inlineHashes.add(hash);
      // No inline event handler: the policy would block it (and no page needs one).
      expect(html, file).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
    // Every distinct inline script and style of the site is allowed by hash: three scripts and two stylesheets (the app's, the share pages').
    for (const hash of inlineHashes) expect(policy).toContain(hash);
    expect(inlineHashes.size).toBe(5);
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);
    expect(uncovered(homeHtml, { scripts: [], styles: [] }).length).toBeGreaterThan(0);
  });
});

/**
 * Every page kind on the bucket, under the pages' <meta> policy. The hosts that send the policy as
 * a header send the same one with frame-ancestors added (checked below, 'the headers … sends'),
 * so on them the kinds whose code differs are enough: the app with the lightbox used, a share
 * page (its own inline script and style), and the host's own 404 answer.
 */
const kindsOn = (host: string) => (host === 'bucket' ? PAGE_KINDS : PAGE_KINDS.filter((kind) => kind.everyHost));

describe.each(['bucket', ...HOST_SERVERS])('under the policy on %s', (host) => {
  const base = () => servers.get(host)!.url;
  let tab: WatchedPage;
  beforeAll(async () => {
    tab = await policyTab();
    await tab.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base()).origin });
  });
  afterAll(async () => {
    await tab?.page.context().close();
  });

  it.each(kindsOn(host))('$name: no violation, no error', async (kind) => {
    const { page, errors } = tab;
    errors.length = 0;
    const response = await page.goto(pageUrl(base(), kind.route()));
    expect(response?.status()).toBe(kind.route().startsWith('/no/') ? 404 : 200);
    if (kind.app) await appReady(page);
    await kind.use?.(page);
    await pageSettled(page);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('blocks markup injected into a page as the host serves it, and the listener hears it (the control)', async () => {
    const { page } = tab;
    // The home page as this host answers it, headers and all, with a script and an inline handler added to its markup.
    await page.route(pageUrl(base(), HOME_ROUTE), async (route) => {
      const response = await route.fetch();
      const injected = '<script>window.__ranInjected = true</script><img src="data:," onerror="window.__ranInjected = true">';
      await route.fulfill({ response, body: (await response.text()).replace('<div id="root">', `<div id="root">${injected}`) });
    });
    await page.goto(pageUrl(base(), HOME_ROUTE));
    await appReady(page);
    await expect.poll(() => violations(page).then((v) => [...new Set(v.map((x) => x.directive))].sort())).toEqual(['script-src-attr', 'script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { __ranInjected?: boolean }).__ranInjected)).toBeUndefined();
    await page.unrouteAll();
  });
});

describe.each([...HOST_SERVERS, 'vite preview'])('the headers %s sends', (host) => {
  let preview: { url: string; close: () => Promise<void> } | undefined;
  const base = async () => servers.get(host)?.url ?? (preview ??= await startVitePreview(distDir)).url;
  afterAll(async () => {
    await preview?.close();
  });

  it("are the security headers and the pages' policy, with frame-ancestors, on pages, data and assets", async () => {
    const asset = /assets\/[^"']+\.js/.exec(homeHtml)![0];
    for (const path of [HOME_ROUTE, INFO_ROUTE, '/info.json', `/${asset}`]) {
      const response = await fetchOnNewConnection(pageUrl(await base(), path));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(headerPolicy(policy));
      for (const [name, value] of SECURITY_HEADERS) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
});
