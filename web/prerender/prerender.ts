import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeIssues } from '../../data/describe-issues.ts';
import { isMissingFile, unlessMissing } from '../../node-lib/files.ts';
import { assetUrl, FEED_FILE, ROBOTS_FILE, SITEMAP_FILE } from '../../data/paths.ts';
import { imageBaseOf, normaliseBasePath } from '../../data/publishing.ts';
import { siteDataPaths } from '../../data/site-data-paths.ts';
import { MANIFEST_FILES, photoIndexSchema, type PhotoEntry } from '../../data/manifest-schemas.ts';
import type { DataKind, DataTypes } from '../data-kinds.ts';
import { DataFileError } from '../data-files.ts';
import { escapeHtml } from '../seo/escape.ts';
import { atomFeed, newestOutings, newestPhotos } from '../seo/feed.ts';
import { headTags, type SiteIdentity } from '../seo/page-meta.ts';
import { robotsTxt, sitemapXml } from '../seo/sitemap.ts';
import { createSiteUrls, type SiteUrls } from '../seo/site-urls.ts';
import { createSiteModel, siteIdentityOf, type LoadData, type SiteModel } from '../site-model.ts';
import { writeIfChanged, type BuildState } from './build-state.ts';
import { deferEntryScript, fillTemplate, headKey, iconLink, inlineStylesheets, hoistedValue, renderHeadTag, splitHoisted, tagKey } from './html-document.ts';
import { firstScreenScript, hydrationGuardScript } from './inline-scripts.ts';
import { pagesToRender, SITE_IDENTITY, type PageToRender } from './pages.ts';
import { SHARE_PAGE_STYLE, sharePageHtml } from './share-page.ts';
import { inlineSources, policyTags, sitePolicy, uncovered } from './content-policy.ts';
import { loadSiteWords, WORDS_FOLDER } from './word-tables.ts';
import { projectFile } from '../../node-lib/project-root.ts';
import { setSiteWords, siteWords } from '../site-words.ts';
import { fullMessageOf } from '../../data/error-text.ts';

/** What web/entry-server.tsx exports, as built by `vite build --ssr`. */
interface ServerEntry {
  renderPage(url: string): Promise<{ status: number; html: string }>;
  setDataFetcher(fetcher: (path: string) => Promise<unknown>): void;
  compiledSettings: { basePath: string; assetOrigin?: string | undefined };
}

export interface PrerenderOptions {
  /** The client build (holds the template) and where pages are written. */
  dist: string;
  /** The HTML template of the client build (its index.html). */
  templateFile: string;
  /** The built server entry (entry-server.js). */
  serverEntry: string;
  /** The published data folder (data/generated/public). */
  publicDir: string;
  /** What the previous build wrote; pages whose signature is unchanged are not rendered again. */
  state: BuildState;
  /** Hash of the code and settings of the bundles: a change re-renders every page. */
  codeHash: string;
  /** The site's language (its words are those the bundles were built with: the hash covers it). */
  language: string;
  feedSize?: number;
  log?: (line: string) => void;
}

export interface PrerenderReport {
  pages: number;
  /** Pages rendered and written by this run (the rest were unchanged). */
  rendered: string[];
  sitemapUrls: number;
  /** Photos in the feed, when it was written. */
  feedEntries: number | undefined;
  /** The Content-Security-Policy every page states in its <meta> (content-policy.ts), for the hosts' header files. */
  policy: string;
}

const schemaModule = () => import('../data-schemas.ts');

/**
 * The text of a published data file, read once per build: the site model parses it, the
 * server bundle's loaders read it, and the page signatures hash it. A missing file is a 404.
 */
function dataTexts(publicDir: string) {
  const texts = new Map<string, string>();
  return async (path: string): Promise<string> => {
    let text = texts.get(path);
    if (text === undefined) {
      try {
        text = await readFile(join(publicDir, ...path.split('/')), 'utf8');
      } catch (error) {
        if (isMissingFile(error)) throw new DataFileError(path, 'no such file', 404);
        throw new DataFileError(path, fullMessageOf(error));
      }
      texts.set(path, text);
    }
    return text;
  };
}

/** Reads data files through their schemas. */
function diskLoader(publicDir: string, textOf: (path: string) => Promise<string>): LoadData {
  return async <K extends DataKind>(kind: K, path: string): Promise<DataTypes[K]> => {
    const parsed = (await schemaModule()).parseData(kind, JSON.parse(await textOf(path)));
    if (!parsed.ok) throw new Error(`${join(publicDir, path)} is not valid:\n  ${parsed.problems.join('\n  ')}\nRun the ingest again.`);
    return parsed.data;
  };
}

async function serverEntryAt(file: string): Promise<ServerEntry> {
  const entry = (await import(pathToFileURL(resolve(file)).href)) as Partial<ServerEntry>;
  if (typeof entry.renderPage !== 'function' || typeof entry.setDataFetcher !== 'function' || typeof entry.compiledSettings !== 'object') {
    throw new Error('The server entry does not export renderPage, setDataFetcher and compiledSettings (web/entry-server.tsx)');
  }
  return entry as ServerEntry;
}

/**
 * Head of one page: React's own hoisted tags (title, description, robots: the
 * client adopts exactly these when it hydrates) plus ours for every key React did
 * not write.
 */
function pageHead(page: PageToRender, hoisted: string[], urls: SiteUrls): string[] {
  const description = hoistedValue(hoisted, 'name:description');
  const title = hoistedValue(hoisted, 'title');
  const described = { ...page.description, ...(description ? { description } : {}), ...(title ? { title } : {}) };
  const present = new Set(hoisted.map(headKey));
  const ours = headTags(described, urls).filter((tag) => !present.has(tagKey(tag)));
  const titleFirst = [...hoisted.filter((e) => headKey(e) === 'title'), ...ours.filter((t) => t.tag === 'title').map(renderHeadTag)];
  return [...titleFirst, ...hoisted.filter((e) => headKey(e) !== 'title'), ...ours.filter((t) => t.tag !== 'title').map(renderHeadTag), feedLink(page, urls)];
}

function feedLink(page: PageToRender, urls: SiteUrls): string {
  return `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(page.description.siteName)}" href="${escapeHtml(urls.page(`/${FEED_FILE}`))}">`;
}

/**
 * A stylesheet of the build from its href (under the base path), or undefined for any other.
 * One of the build's own that cannot be read stops the pre-render: the pages would come out unstyled.
 */
async function builtStylesheet(dist: string, basePath: string, href: string): Promise<string | undefined> {
  if (!href.startsWith(basePath) || !href.endsWith('.css')) return undefined;
  const file = resolve(dist, href.slice(basePath.length));
  if (!file.startsWith(resolve(dist))) return undefined;
  return readFile(file, 'utf8');
}

/**
 * The site's one policy, from every inline script and style a page can carry (`inline`: the
 * template and the scripts every page gets, the same on every page, and the share pages'
 * stylesheet); its tags for each page's <head>; and the check every written page passes: inline
 * code the policy would block is a fault of the build, never shipped.
 */
function pagePolicy(inline: string, assetOrigin: string | undefined) {
  const sources = inlineSources(inline);
  const { policy, hashes } = sitePolicy({ scripts: sources.scripts, styles: [...sources.styles, SHARE_PAGE_STYLE] }, assetOrigin);
  const checked = (file: string, html: string) => {
    const blocked = uncovered(html, hashes);
    if (blocked.length > 0) throw new Error(`${file}: the Content-Security-Policy does not allow ${blocked.join(', ')}`);
    return html;
  };
  return { policy, policyHead: policyTags(policy), checked };
}

const exists = async (file: string) => (await unlessMissing(stat(file))) !== undefined;

/**
 * Pre-renders every page into `dist` whose inputs changed since the last build (its data
 * files, the site's info, the code), removes the pages that are gone, and rewrites
 * sitemap.xml, robots.txt and feed.xml when their content changed.
 */
export async function prerender(options: PrerenderOptions): Promise<PrerenderReport> {
  const log = options.log ?? (() => {});
  // The head tags, the share pages and the feed are written here, in the build's own process.
  setSiteWords(loadSiteWords(options.language, projectFile(WORDS_FOLDER)).words);
  const textOf = dataTexts(options.publicDir);
  const model = createSiteModel(diskLoader(options.publicDir, textOf));
  const entry = await serverEntryAt(options.serverEntry);
  entry.setDataFetcher(async (path) => JSON.parse(await textOf(path)));

  const info = await model.info();
  const publishing = { baseUrl: info.publishing.baseUrl, basePath: entry.compiledSettings.basePath, assetOrigin: entry.compiledSettings.assetOrigin };
  const site: SiteIdentity = { title: info.title, owner: info.owner, description: info.description, publishing };
  const basePath = normaliseBasePath(publishing.basePath);
  const credits = await exists(join(options.publicDir, ...siteDataPaths.credits.split('/')));
  const pages = await pagesToRender(model, site, { credits });

  const app = deferEntryScript(await inlineStylesheets(await readFile(options.templateFile, 'utf8'), (href) => builtStylesheet(options.dist, basePath, href)));
  const firstScreen = firstScreenScript();
  const { policy, policyHead, checked } = pagePolicy(app.template + hydrationGuardScript(null, basePath) + firstScreen + app.loader, publishing.assetOrigin);
  const build: PageBuild = { entry, site, urls: createSiteUrls(publishing), basePath, template: app.template, afterRoot: [firstScreen, app.loader], policyHead, checked };

  const identity = JSON.stringify({ ...siteIdentityOf(info), publishing });
  const rendered: string[] = [];
  for (const page of pages) {
    const signature = await pageSignature(page, [options.codeHash, policy], identity, textOf);
    if (await writeIfChanged(options.state, options.dist, page.file, signature, () => pageHtml(page, build))) rendered.push(page.file);
  }
  log(`Pre-rendered ${rendered.length} of ${pages.length} pages (the others were unchanged).`);

  const listings = await writeListings(options, { model, site, urls: build.urls, identity, pages });
  return { pages: pages.length, rendered: [...rendered, ...listings.written], sitemapUrls: listings.sitemapUrls, feedEntries: listings.feedEntries, policy };
}

/** What every page's HTML is made with. */
interface PageBuild {
  entry: ServerEntry;
  site: SiteIdentity;
  urls: SiteUrls;
  basePath: string;
  /** The client build's index.html, its stylesheets inlined. */
  template: string;
  /** The scripts after the page's guard: the first screen's, then the entry's loader. */
  afterRoot: string[];
  policyHead: string;
  checked: (file: string, html: string) => string;
}

/** A page's inputs, hashed: the code and policy (`fixed`), what it shows and every data file it depends on. */
async function pageSignature(page: PageToRender, fixed: string[], identity: string, textOf: (path: string) => Promise<string>): Promise<string> {
  const signature = createHash('sha1');
  for (const part of fixed) signature.update(part);
  signature.update(JSON.stringify(page.description)).update(JSON.stringify(page.photo ?? null));
  for (const dependency of page.dependsOn) signature.update(`\0${dependency}\0${dependency === SITE_IDENTITY ? identity : await textOf(dependency)}`);
  return signature.digest('base64url');
}

/** A page's HTML: a share page's small static document, or the app's page rendered by the server entry in the template. */
async function pageHtml(page: PageToRender, build: PageBuild): Promise<string> {
  const { site, urls, basePath } = build;
  if (page.kind === 'share' && page.photo) {
    const head = headTags(page.description, urls).map(renderHeadTag);
    const icon = iconLink(build.template);
    const { assetOrigin } = site.publishing;
    return build.checked(page.file, sharePageHtml({ policy: build.policyHead, head: [...head, feedLink(page, urls), ...(icon ? [icon] : [])], photo: page.photo, siteTitle: site.title, owner: site.owner, language: siteWords().tag, asset: (path) => assetUrl(imageBaseOf(assetOrigin, basePath), path), href: (route) => basePath + route.replace(/^\//, '') }));
  }
  const url = basePath + page.route.replace(/^\//, '');
  const result = await build.entry.renderPage(url);
  const expected = page.notFound ? 404 : 200;
  if (result.status !== expected) throw new Error(`Rendering ${url} answered HTTP ${result.status}, expected ${expected}`);
  const { head: hoisted, body } = splitHoisted(result.html);
  return build.checked(
    page.file,
    fillTemplate(build.template, {
      policy: build.policyHead,
      head: pageHead(page, hoisted, urls),
      body,
      afterRoot: [hydrationGuardScript(page.notFound ? null : new URL(url, 'http://x').pathname, basePath), ...build.afterRoot],
    }),
  );
}

/**
 * sitemap.xml, robots.txt and feed.xml, each written only when what it lists changed: parsing
 * the whole photo index for the feed is the costliest step of a build with nothing to do.
 */
async function writeListings(
  options: PrerenderOptions,
  { model, site, urls, identity, pages }: { model: SiteModel; site: SiteIdentity; urls: SiteUrls; identity: string; pages: PageToRender[] },
) {
  const inSitemap = pages.filter((p) => p.inSitemap);
  const indexText = await readFile(join(options.publicDir, MANIFEST_FILES.photoIndex), 'utf8');
  const listed = createHash('sha1').update(options.codeHash).update(identity).update(JSON.stringify(inSitemap.map((p) => [p.route, p.images, p.description]))).update(indexText).digest('base64url');
  const feedOutings = newestOutings(await model.outings(), options.feedSize ?? 30);
  let newest: ReturnType<typeof newestPhotos<PhotoEntry>> | undefined;
  const newestOf = () => {
    if (!newest) {
      const index = photoIndexSchema.safeParse(JSON.parse(indexText));
      if (!index.success) throw new Error(`${MANIFEST_FILES.photoIndex} is not valid:\n  ${describeIssues(index.error).join('\n  ')}`);
      newest = newestPhotos(Object.values(index.data.photos), options.feedSize ?? 30);
    }
    return newest;
  };
  const listings: Array<[string, string, () => string]> = [
    [SITEMAP_FILE, listed, () => sitemapXml(inSitemap, urls)],
    [ROBOTS_FILE, createHash('sha1').update(identity).digest('base64url'), () => robotsTxt(urls)],
    [FEED_FILE, listed, () => atomFeed(site, newestOf(), urls, `/${FEED_FILE}`, feedOutings)],
  ];
  const written: string[] = [];
  for (const [file, signature, content] of listings) {
    if (await writeIfChanged(options.state, options.dist, file, signature, async () => content())) written.push(file);
  }
  return { written, sitemapUrls: inSitemap.length, feedEntries: newest?.length };
}
