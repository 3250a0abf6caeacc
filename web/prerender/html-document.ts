import { escapeHtml, jsonForScript } from '../seo/escape.ts';
import type { HeadTag } from '../seo/page-meta.ts';
import { pageKey } from '../../data/paths.ts';
import { FIRST_SCREEN_TIMING, QUEUED_SRC, QUEUED_SRCSET } from '../first-screen.ts';

/**
 * Puts a rendered page into the HTML template Vite built (dist/index.html): the
 * head tags React hoisted plus ours go into <head>, the app markup into #root.
 */

const ROOT_ELEMENT = '<div id="root"></div>';

/** React writes the hoistable elements of a partial render (title, meta, link) before the markup. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*\/?>|<link\s[^>]*\/?>)/;

export interface SplitMarkup {
  /** The hoisted elements, in order, as React wrote them. */
  head: string[];
  body: string;
}

export function splitHoisted(html: string): SplitMarkup {
  const head: string[] = [];
  let rest = html;
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** React's text escapes (and the common named ones), undone. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const lower = entity.toLowerCase();
    if (lower in named) return named[lower] ?? whole;
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });
}

/** The key a head element is known by: `title`, `name:description`, `property:og:image`, `rel:canonical`. */
export function headKey(element: string): string | undefined {
  if (element.startsWith('<title')) return 'title';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
  for (const name of ['name', 'property', 'rel']) {
    const value = attribute(name);
    if (value !== undefined) return `${name}:${unescapeHtml(value)}`;
  }
  return undefined;
}

export function tagKey(tag: HeadTag): string {
  if (tag.tag === 'title') return 'title';
  for (const name of ['name', 'property', 'rel']) {
    const value = tag.attributes[name];
    if (value !== undefined) return `${name}:${value}`;
  }
  return tag.tag;
}

/** The text of React's <title>, or the content of a hoisted meta, by key. */
export function hoistedValue(elements: readonly string[], key: string): string | undefined {
  const element = elements.find((e) => headKey(e) === key);
  if (!element) return undefined;
  if (key === 'title') return unescapeHtml(element.replace(/^<title>|<\/title>$/g, ''));
  const content = /\scontent="([^"]*)"/.exec(element)?.[1];
  return content === undefined ? undefined : unescapeHtml(content);
}

export function renderHeadTag(tag: HeadTag): string {
  if (tag.tag === 'title') return `<title>${escapeHtml(tag.text ?? '')}</title>`;
  const attributes = Object.entries(tag.attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  return `<${tag.tag} ${attributes}>`;
}

/**
 * Runs before the app's module script. A static host may answer a URL with a page
 * rendered for another one (vite preview's SPA fallback serves index.html, hosts
 * serve 404.html for any unknown path): hydrating that markup would mismatch, so
 * the page is dropped and the client renders from scratch. The same page under another
 * form of its path (`/x`, `/x.html`, `/x/index.html`, `,` for `%2C`: `pageKey` in
 * data/paths.ts, inlined here so both sides apply one rule) keeps its markup, and the URL
 * becomes the rendered spelling, so links the app derives from it match the markup.
 */
export function hydrationGuardScript(renderedPath: string | null, basePath: string): string {
  return `<script>(function(){var expected=${jsonForScript(renderedPath)},base=${jsonForScript(basePath)};var pageKey=${pageKey.toString()};var here=location.pathname;if(expected!==null&&pageKey(here,base)===pageKey(expected,base)){if(here!==expected)history.replaceState(history.state,'',expected+location.search+location.hash);return}var root=document.getElementById('root');if(root)root.textContent=''})()</script>`;
}

const STYLESHEET_LINK = /<link\s[^>]*\brel="stylesheet"[^>]*>/gi;

/**
 * Writes the stylesheets the template links into it as <style> elements. A linked
 * stylesheet blocks the first paint for a round trip; the site's whole CSS is a few KB
 * (gzip), less than that round trip costs. `read` gives a stylesheet's text from the
 * link's href, or undefined to keep that link as it is.
 */
export async function inlineStylesheets(template: string, read: (href: string) => Promise<string | undefined>): Promise<string> {
  const links = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[0]);
  let html = template;
  for (const link of links) {
    const href = /\shref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : await read(unescapeHtml(href));
    // A stylesheet that could close the element early stays linked.
    if (css === undefined || /<\/style/i.test(css)) continue;
    html = html.replace(link, () => `<style>${css.trim()}</style>`);
  }
  return html;
}

export interface PageParts {
  /** Elements for <head>, already escaped HTML. */
  head: string[];
  /** Scripts that must run first, at the top of <head>. */
  headScripts?: string[];
  body: string;
  /** Scripts right after #root, before the deferred module script. */
  afterRoot?: string[];
}

export function fillTemplate(template: string, parts: PageParts): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`The HTML template has no empty ${ROOT_ELEMENT}: run vite build before the pre-render`);
  // The template's own <title> would duplicate the page's.
  let html = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  const headStart = /<head[^>]*>/i.exec(html);
  if (!headStart) throw new Error('The HTML template has no <head>');
  // The charset declaration stays first (it must be within the first 1024 bytes).
  const charset = /<meta charset[^>]*>/i.exec(html);
  const insertScriptsAt = charset ? charset.index + charset[0].length : headStart.index + headStart[0].length;
  const scripts = (parts.headScripts ?? []).join('');
  html = html.slice(0, insertScriptsAt) + scripts + html.slice(insertScriptsAt);
  html = html.replace(/\s*<\/head>/i, () => `\n    ${parts.head.join('\n    ')}\n  </head>`);
  // Replacement functions, so '$' in the markup is never read as a pattern.
  return html.replace(ROOT_ELEMENT, () => `<div id="root">${parts.body}</div>${(parts.afterRoot ?? []).join('')}`);
}

/**
 * The site's icon link from the app's template (web/index.html), for pages written without the
 * template (the share pages): without one, the browser asks for /favicon.ico, which a static
 * host answers with 404.html, the app shell, on the photo's bandwidth.
 */
export function iconLink(template: string): string | undefined {
  return /<link\s[^>]*\brel="icon"[^>]*>/i.exec(template)?.[0];
}

const MODULE_SCRIPT = /<script\s[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/gi;
const MODULE_PRELOAD = /<link\s[^>]*\brel="modulepreload"[^>]*>\s*/gi;

/** An inline script written readably, without its indentation and line breaks (every statement ends in `;` or `}`). */
function minifyInline(code: string): string {
  return code.replace(/\n\s*/g, '').trim();
}

/** Gives a queued tile's image (web/components/ImageTile.tsx) the files its data- attributes name; shared by the inline scripts. */
const START_QUEUED_IMAGE = `function startImage(img) {
  [].forEach.call(img.parentNode.querySelectorAll('source[${QUEUED_SRCSET}]'), function (source) { source.srcset = source.getAttribute('${QUEUED_SRCSET}'); });
  img.src = img.getAttribute('${QUEUED_SRC}');
}`;

/**
 * The app's script, loaded after the first screen instead of with it. Vite's template fetches
 * the entry module (and modulepreloads its chunks) alongside the document, where it competes
 * with the first screen's photos for a phone's bandwidth and puts everything it then inserts
 * (the lightbox's stylesheet) on the critical chain. The pre-rendered page needs no script to
 * show or to follow its links, so the entry is added once the first screen is complete.
 *
 * In order, from the `load` event (the photos firstScreenScript started have arrived):
 * 1. those photos reach the screen: their frame may come later than `load` (tens of
 *    milliseconds on a busy phone), and a download started before it competes with them.
 *    Element Timing reports each image marked `elementtiming="first-screen"` once it is on
 *    screen; without it (Safari, Firefox) this step is skipped;
 * 2. the first screen's other photos (the queued tiles firstScreenScript left,
 *    web/components/ImageTile.tsx) get the files their data- attributes name;
 * 3. once they have arrived (or failed) and reached the screen, the entry script is added.
 * After 2 s the entry is added at the latest, the queued photos started first: the app's
 * hydration expects their sources in place.
 *
 * Returns the template without the module script and preload tags, and the loader script to
 * put at the end of the body.
 */
export function deferEntryScript(template: string): { template: string; loader: string } {
  const sources = [...template.matchAll(MODULE_SCRIPT)].map((match) => unescapeHtml(match[1]!));
  if (sources.length !== 1) throw new Error(`The HTML template has ${sources.length} module scripts, expected the one entry`);
  const html = template.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const loader = `<script>${minifyInline(`
    (function () {
      var started = false;
      var P = window.PerformanceObserver;
      var timing = P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('element') >= 0;
      ${START_QUEUED_IMAGE}
      function startNext() {
        return [].filter.call(document.querySelectorAll('img[${QUEUED_SRC}]'), function (img) {
          if (img.getAttribute('src') === null) startImage(img);
          return !img.complete;
        });
      }
      function startApp() {
        if (started) return;
        started = true;
        startNext();
        var s = document.createElement('script');
        s.type = 'module';
        s.crossOrigin = '';
        s.src = ${jsonForScript(sources[0])};
        document.head.appendChild(s);
      }
      function whenPainted(imgs, then) {
        if (!timing || !imgs.length) return then();
        var o = new P(function (list) {
          list.getEntries().forEach(function (e) { var k = imgs.indexOf(e.element); if (k >= 0) imgs.splice(k, 1); });
          if (!imgs.length) { o.disconnect(); then(); }
        });
        o.observe({ type: 'element', buffered: true });
      }
      function whenSettled(imgs, then) {
        var left = imgs.length;
        if (!left) return then();
        imgs.forEach(function (img) {
          function one() { if (--left === 0) then(); }
          img.addEventListener('load', one, { once: true });
          img.addEventListener('error', one, { once: true });
        });
      }
      function onScreen(img) {
        var r = img.getBoundingClientRect();
        return img.complete && img.naturalWidth > 0 && r.width > 0 && r.bottom > 0 && r.top < innerHeight;
      }
      function loaded() {
        setTimeout(startApp, 2000);
        var first = [].filter.call(document.querySelectorAll('img[elementtiming="${FIRST_SCREEN_TIMING}"][src]'), onScreen);
        whenPainted(first, function () {
          var next = startNext();
          whenSettled(next, function () { whenPainted(next.filter(onScreen), startApp); });
        });
      }
      if (document.readyState === 'complete') loaded();
      else addEventListener('load', loaded, { once: true });
    })();
  `)}</script>`;
  return { template: html, loader };
}

/**
 * The first screen's first photo, run where the page's markup ends. The tiles name their files
 * in data- attributes (web/components/ImageTile.tsx), so nothing has been fetched yet: this
 * starts the priority tile, the likely LCP, alone.
 *
 * A `?photo=` link's photo comes first instead: the pre-render cannot know the query, so this
 * finds the photo's tile, whose link carries the photo's full-screen files
 * (web/components/PhotoTile.tsx), and shows the photo at once over the page, sized to the
 * screen by srcset; the tiles under it wait for deferEntryScript's loader, which starts them
 * once the photo is on screen. The lightbox replaces the preview when the app has started
 * (#photo-preview is removed); the preview keeps the lightbox's 16 px padding, so both pick the
 * same file (a 412 px phone at 1.75 device pixels would pick a 960 px file for 100vw: 721 px
 * needed, 720 offered).
 */
export function firstScreenScript(): string {
  return `<script>${minifyInline(`
    (function () {
      ${START_QUEUED_IMAGE}
      var id = new URLSearchParams(location.search).get('photo');
      var a = id && [].filter.call(document.querySelectorAll('#root a[data-screen-srcset]'), function (l) { return new URL(l.href).searchParams.get('photo') === id; })[0];
      if (!a) {
        [].forEach.call(document.querySelectorAll('img[${QUEUED_SRC}][fetchpriority="high"]'), startImage);
        return;
      }
      var set = a.getAttribute('data-screen-srcset'), size = (a.getAttribute('data-screen-size') || '').split('x');
      var o = document.createElement('div');
      o.id = 'photo-preview';
      o.setAttribute('aria-hidden', 'true');
      o.style.cssText = 'position:fixed;inset:0;z-index:9999;box-sizing:border-box;padding:16px;background:rgba(0,0,0,.8);display:flex;align-items:center;justify-content:center';
      var i = document.createElement('img');
      i.alt = '';
      i.fetchPriority = 'high';
      i.setAttribute('elementtiming', ${jsonForScript(FIRST_SCREEN_TIMING)});
      i.sizes = 'calc(100vw - 32px)';
      i.srcset = set;
      i.src = set.split(', ').pop().split(' ')[0];
      if (size.length === 2) { i.width = +size[0]; i.height = +size[1]; }
      i.style.cssText = 'max-width:100%;max-height:100%;width:auto;height:auto;object-fit:contain';
      o.appendChild(i);
      document.body.appendChild(o);
    })();
  `)}</script>`;
}
