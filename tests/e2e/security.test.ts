import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HOME_ROUTE, INFO_ROUTE, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { headerPolicy, SECURITY_HEADERS } from '../../data/security-policy.ts';
import { appReady, launchBrowser, openPage, pageSettled, type WatchedPage } from '../../harness/browser.ts';
import { HOST_SERVERS, startHostServer } from '../../harness/host-servers.ts';
import { readSite } from '../../harness/sample-site.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { hashesOf, inlineSources, policyOfPage, uncovered } from '../../web/prerender/content-policy.ts';
import { startVitePreview } from './prerender-support.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';
import { listenForViolations, openLightbox, useLightbox, violations } from './page-checks.ts';

/**
 * The built sample site under its Content-Security-Policy, in Chromium: the kinds of page whose
 * code differs on the hosts' own servers (the header as well as the pages' <meta> policy): no
 * `securitypolicyviolation` event and no error, with the app started and the lightbox used (every
 * kind of page on the strict bucket server, the <meta> policy alone as on GitHub Pages or a bucket,
 * is the page walk's: page-walk.test.ts). A control on each server shows the policy is enforced
 * there and that the listener hears what it blocks.
 */
const distDir = inject('distDir');
const site = readSite(distDir);
const species = site.lightboxSpecies ?? site.speciesWithMostPhotos[0];
const photo = site.speciesPage(species)[0]!;
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
}

/**
 * The kinds whose code differs, on the hosts that send the policy as a header too: the app with
 * the lightbox used, a share page (its own inline script and style), and the host's own 404
 * answer. Every kind of page is checked on the bucket, under the pages' <meta> policy alone, by
 * the page walk (page-walk.test.ts); these hosts send the same policy with frame-ancestors added
 * (checked below, 'the headers … sends').
 */
const PAGE_KINDS: PageKind[] = [
  { name: 'home', route: () => HOME_ROUTE, app: true },
  {
    name: 'a species page with the lightbox opened, zoomed, its thumbnails, fullscreen and share used',
    route: () => speciesRoute(species),
    app: true,
    use: async (page) => {
      await openLightbox(page);
      await useLightbox(page);
    },
  },
  { name: 'a share page', route: () => photoShareRoute(photo.id) },
  { name: 'the 404 page', route: () => '/no/such/page/', app: true },
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

  // On the bucket, every kind of page is the page walk's (page-walk.test.ts).
  if (host !== 'bucket') it.each(PAGE_KINDS)('$name: no violation, no error', async (kind) => {
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
