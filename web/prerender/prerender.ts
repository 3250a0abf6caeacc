import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MANIFEST_FILES, manifestSchemas, type ManifestName, type Manifests } from '../../data/manifests.ts';
import { describeIssues } from '../../data/site-config.ts';
import { escapeHtml } from '../seo/escape.ts';
import { atomFeed, newestPhotos } from '../seo/feed.ts';
import { headTags, type SiteIdentity } from '../seo/page-meta.ts';
import { robotsTxt, sitemapXml } from '../seo/sitemap.ts';
import { createSiteUrls, type SiteUrls } from '../seo/site-urls.ts';
import { fillTemplate, headKey, inlineStylesheets, hoistedValue, hydrationGuardScript, renderHeadTag, replaceUrlScript, splitHoisted, tagKey } from './html-document.ts';
import { outputFiles } from './output-files.ts';
import { pagesToRender, type PageToRender } from './pages.ts';

/** What web/entry-server.tsx exports, as built by `vite build --ssr`. */
interface ServerEntry {
  renderPage(url: string): Promise<{ status: number; html: string }>;
  setManifestFetcher(fetcher: (path: string) => Promise<unknown>): void;
  compiledSettings: { basePath: string; assetOrigin?: string | undefined };
}

export interface PrerenderOptions {
  /** The client build (holds index.html); pages are written here. */
  dist: string;
  /** The built server entry (entry-server.js). */
  serverEntry: string;
  /** The published data folder (data/generated/public). */
  publicDir: string;
  /** Newest photos in the feed. */
  feedSize?: number;
  log?: (line: string) => void;
}

export interface PrerenderReport {
  pages: number;
  files: number;
  sitemapUrls: number;
  feedEntries: number;
}

const FEED_FILE = 'feed.xml';

async function readManifests(publicDir: string): Promise<Manifests> {
  const read = async <N extends ManifestName>(name: N): Promise<Manifests[N]> => {
    const file = join(publicDir, MANIFEST_FILES[name]);
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}. Run the ingest first.`);
    }
    const result = manifestSchemas[name].safeParse(raw);
    if (!result.success) throw new Error(`${file} is not valid:\n  ${describeIssues(result.error).join('\n  ')}`);
    return result.data as Manifests[N];
  };
  return {
    birdPhotos: await read('birdPhotos'),
    lifeListStructure: await read('lifeListStructure'),
    coverPhotos: await read('coverPhotos'),
    photoIndex: await read('photoIndex'),
    info: await read('info'),
  };
}

async function isServerEntry(value: unknown): Promise<ServerEntry> {
  const entry = value as Partial<ServerEntry>;
  if (typeof entry.renderPage !== 'function' || typeof entry.setManifestFetcher !== 'function' || typeof entry.compiledSettings !== 'object') {
    throw new Error('The server entry does not export renderPage, setManifestFetcher and compiledSettings (web/entry-server.tsx)');
  }
  return entry as ServerEntry;
}

/**
 * Head of one page: React's own hoisted tags (title, description, robots: the
 * client adopts exactly these when it hydrates) plus ours for every key React did
 * not write. A share page's tags are all ours: they describe the photo, not the
 * species page it renders.
 */
function pageHead(page: PageToRender, hoisted: string[], urls: SiteUrls): string[] {
  const own = page.appUrl ? hoisted.filter((e) => !['title', 'name:description'].includes(headKey(e) ?? '')) : hoisted;
  const description = page.appUrl ? undefined : hoistedValue(own, 'name:description');
  const title = page.appUrl ? undefined : hoistedValue(own, 'title');
  const described = { ...page.description, ...(description ? { description } : {}), ...(title ? { title } : {}) };
  const present = new Set(own.map(headKey));
  const ours = headTags(described, urls).filter((tag) => !present.has(tagKey(tag)));
  const titleFirst = [...own.filter((e) => headKey(e) === 'title'), ...ours.filter((t) => t.tag === 'title').map(renderHeadTag)];
  const feed = `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(page.description.siteName)}" href="${escapeHtml(urls.page(`/${FEED_FILE}`))}">`;
  return [...titleFirst, ...own.filter((e) => headKey(e) !== 'title'), ...ours.filter((t) => t.tag !== 'title').map(renderHeadTag), feed];
}

/** A stylesheet of the build from its href (under the base path), or undefined for any other. */
async function builtStylesheet(dist: string, basePath: string, href: string): Promise<string | undefined> {
  if (!href.startsWith(basePath) || !href.endsWith('.css')) return undefined;
  const file = resolve(dist, href.slice(basePath.length));
  if (!file.startsWith(resolve(dist))) return undefined;
  return readFile(file, 'utf8').catch(() => undefined);
}

async function writePage(dist: string, route: string, html: string): Promise<number> {
  const files = route === '/404' ? ['404.html'] : outputFiles(route);
  for (const file of files) {
    const target = join(dist, file);
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, html);
    } catch (error) {
      throw new Error(`Cannot write the page ${route} to ${target}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return files.length;
}

/** Pre-renders every page into `dist`, then writes sitemap.xml, robots.txt and feed.xml. */
export async function prerender(options: PrerenderOptions): Promise<PrerenderReport> {
  const log = options.log ?? (() => {});
  const templateFile = join(options.dist, 'index.html');
  const linkedTemplate = await readFile(templateFile, 'utf8');
  const manifests = await readManifests(options.publicDir);
  const entry = await isServerEntry(await import(pathToFileURL(resolve(options.serverEntry)).href));
  entry.setManifestFetcher(async (path) => JSON.parse(await readFile(join(options.publicDir, path), 'utf8')));

  const { info } = manifests;
  const publishing = { baseUrl: info.publishing.baseUrl, basePath: entry.compiledSettings.basePath, assetOrigin: entry.compiledSettings.assetOrigin };
  const site: SiteIdentity = { title: info.title, owner: info.owner, description: info.description, publishing };
  const urls = createSiteUrls(publishing);
  const basePath = publishing.basePath.endsWith('/') ? publishing.basePath : `${publishing.basePath}/`;
  const template = await inlineStylesheets(linkedTemplate, (href) => builtStylesheet(options.dist, basePath, href));
  const credits = (await entry.renderPage(`${basePath}credits`)).status === 200;
  const pages = pagesToRender(manifests, site, { credits });

  let files = 0;
  for (const page of pages) {
    const url = basePath + page.renderUrl.replace(/^\//, '');
    const rendered = await entry.renderPage(url);
    const expected = page.notFound ? 404 : 200;
    if (rendered.status !== expected) throw new Error(`Rendering ${url} answered HTTP ${rendered.status}, expected ${expected}`);
    const { head: hoisted, body } = splitHoisted(rendered.html);
    const renderedPath = page.notFound ? null : new URL(url, 'http://x').pathname;
    const html = fillTemplate(template, {
      head: pageHead(page, hoisted, urls),
      headScripts: page.appUrl ? [replaceUrlScript(basePath + page.appUrl.replace(/^\//, ''))] : [],
      body,
      afterRoot: [hydrationGuardScript(renderedPath)],
    });
    files += await writePage(options.dist, page.route, html);
  }
  log(`Pre-rendered ${pages.length} pages (${files} files).`);

  const inSitemap = pages.filter((p) => p.inSitemap);
  await writeFile(join(options.dist, 'sitemap.xml'), sitemapXml(inSitemap, urls));
  await writeFile(join(options.dist, 'robots.txt'), robotsTxt(urls));
  const newest = newestPhotos(Object.values(manifests.photoIndex.photos), options.feedSize ?? 30);
  await writeFile(join(options.dist, FEED_FILE), atomFeed(site, newest, urls, `/${FEED_FILE}`));
  log(`Wrote sitemap.xml (${inSitemap.length} pages), robots.txt and ${FEED_FILE} (${newest.length} photos).`);
  return { pages: pages.length, files, sitemapUrls: inSitemap.length, feedEntries: newest.length };
}
