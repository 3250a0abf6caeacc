import { PHOTO_PARAM, pageFolderPath, pageKey } from '../../data/paths.ts';
import { FIRST_SCREEN_TIMING, OTHER_PAGE, PHOTO_PREVIEW_ID, QUEUED_SRC, QUEUED_SRCSET, SCREEN_SIZE, SCREEN_SRCSET } from '../first-screen.ts';
import { escapeHtml, jsonForScript } from '../seo/escape.ts';

/** The attribute of the hydration guard's <script> naming the path its page was rendered for (none: the not-found page). */
const RENDERED_PATH = 'data-rendered-path';

/**
 * The scripts every pre-rendered page carries inline, as strings: they run before (or instead
 * of) the app's own code. Every name they share with the app comes from the module that owns
 * it (data/paths.ts, web/first-screen.ts).
 */

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
 * Runs first, where #root ends. A static host may answer a URL with a page rendered for another
 * one: hosts serve 404.html for any unknown path (a plain bucket also for `/info`, a page's path
 * without its slash), and an SPA fallback serves index.html. The same page under another form of
 * its path (`/x`, `/x.html`, `/x/index.html`, `,` for `%2C`: `pageKey` in data/paths.ts, inlined
 * here so both sides apply one rule) keeps its markup, and the URL becomes the rendered spelling,
 * so links the app derives from it match the markup. Otherwise:
 * - a path not in folder form asks for its folder form, once (what wrangler and serve answer
 *   with a redirect): the host serves that page's own pre-rendered file, its content at once;
 * - in folder form, the markup stays on screen (the not-found page, never a blank one) and #root
 *   is marked (OTHER_PAGE): the app renders the URL's own page from scratch and replaces it.
 */
export function hydrationGuardScript(renderedPath: string | null, basePath: string): string {
  // The page's own path is an attribute, so the script's text is the same on every page: one
  // hash in the site's Content-Security-Policy (content-policy.ts) covers them all.
  const path = renderedPath === null ? '' : ` ${RENDERED_PATH}="${escapeHtml(renderedPath)}"`;
  // The sources go in as they are: minifyInline would join a line comment to the code after it.
  // pageFolderPath's is a declaration under its own (possibly bundled) name, which pageKey calls.
  return `<script${path}>(function () {${pageFolderPath.toString()}var pageKey = ${pageKey.toString()};var pageFolder = ${pageFolderPath.name};${minifyInline(`
      var expected = document.currentScript.getAttribute('${RENDERED_PATH}'), base = ${jsonForScript(basePath)};
      var here = location.pathname;
      if (expected !== null && pageKey(here, base) === pageKey(expected, base)) {
        if (here !== expected) history.replaceState(history.state, '', expected + location.search + location.hash);
        return;
      }
      if (here.charAt(here.length - 1) !== '/') {
        location.replace(pageFolder(here) + location.search + location.hash);
        return;
      }
      var root = document.getElementById('root');
      if (root) root.setAttribute('${OTHER_PAGE}', '');
    })();
  `)}</script>`;
}

/** The chunks the entry imports, fetched with it rather than once it has arrived and named them; nothing when it has none. */
function preloadLinks(preloads: readonly string[]): string {
  if (preloads.length === 0) return '';
  return `${jsonForScript(preloads)}.forEach(function (href) {
    var l = document.createElement('link');
    l.rel = 'modulepreload';
    l.crossOrigin = '';
    l.href = href;
    document.head.appendChild(l);
  });`;
}

/** `startNext()`: gives the first screen's queued tiles not started yet their files; returns those still loading. */
const START_NEXT = `${START_QUEUED_IMAGE}
function startNext() {
  return [].filter.call(document.querySelectorAll('img[${QUEUED_SRC}]'), function (img) {
    if (img.getAttribute('src') === null) startImage(img);
    return !img.complete;
  });
}`;

/**
 * `whenPainted(imgs, then)`: calls `then` once every image given is on screen, as Element Timing
 * reports it (without it, Safari and Firefox, at once); given none, once the page's first
 * contentful paint has happened (a page with nothing to paint has none: then at once).
 * `onScreen(img)`: a loaded image inside the viewport, which Element Timing will report.
 */
const WHEN_PAINTED = `
var P = window.PerformanceObserver;
function supports(type) { return !!(P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf(type) >= 0); }
function whenPainted(imgs, then) {
  if (!imgs.length) return afterFirstPaint(then);
  if (!supports('element')) return then();
  var o = new P(function (list) {
    list.getEntries().forEach(function (e) { var k = imgs.indexOf(e.element); if (k >= 0) imgs.splice(k, 1); });
    if (!imgs.length) { o.disconnect(); then(); }
  });
  o.observe({ type: 'element', buffered: true });
}
function afterFirstPaint(then) {
  var root = document.getElementById('root');
  if (!root || !root.firstChild) return then();
  if (!supports('paint')) return requestAnimationFrame(function () { setTimeout(then, 0); });
  var o = new P(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length) { o.disconnect(); then(); }
  });
  o.observe({ type: 'paint', buffered: true });
}
function onScreen(img) {
  var r = img.getBoundingClientRect();
  return img.complete && img.naturalWidth > 0 && r.width > 0 && r.bottom > 0 && r.top < innerHeight;
}`;

/** `whenSettled(imgs, then)`: calls `then` once every image given has loaded or failed. */
const WHEN_SETTLED = `
function whenSettled(imgs, then) {
  var left = imgs.length;
  if (!left) return then();
  imgs.forEach(function (img) {
    function one() { if (--left === 0) then(); }
    img.addEventListener('load', one, { once: true });
    img.addEventListener('error', one, { once: true });
  });
}`;

/**
 * `startApp()`, once: the queued tiles started (the app's hydration expects their sources in
 * place), the entry's chunks preloaded, the entry module added.
 */
function appStarter(entrySource: string, preloads: readonly string[]): string {
  return `
var started = false;
function startApp() {
  if (started) return;
  started = true;
  startNext();
  ${preloadLinks(preloads)}
  var s = document.createElement('script');
  s.type = 'module';
  s.crossOrigin = '';
  s.src = ${jsonForScript(entrySource)};
  document.head.appendChild(s);
}`;
}

/** The longest the entry waits after `load` for the first screen's photos. */
export const ENTRY_WAIT_MS = 2000;

/**
 * The app's script, loaded after the first screen instead of with it. Vite's template fetches
 * the entry module (and modulepreloads its chunks) alongside the document, where it competes
 * with the first screen's photos for a phone's bandwidth and puts everything it then inserts
 * (the lightbox's stylesheet) on the critical chain. The pre-rendered page needs no script to
 * show or to follow its links, so the entry is added once the first screen is complete.
 *
 * In order, from the `load` event (the photos firstScreenScript started have arrived):
 * 1. those photos reach the screen: their frame may come later than `load` (tens of
 *    milliseconds on a busy phone), and a download started before it competes with them;
 *    a first screen without photos waits for its first contentful paint instead;
 * 2. the first screen's other photos (the queued tiles firstScreenScript left,
 *    web/components/ImageTile.tsx) get the files their data- attributes name;
 * 3. once they have arrived (or failed) and reached the screen, the entry script is added.
 * After ENTRY_WAIT_MS the entry is added at the latest.
 */
export function entryLoaderScript(entrySource: string, preloads: readonly string[] = []): string {
  return `<script>${minifyInline(`
    (function () {
      ${START_NEXT}
      ${WHEN_PAINTED}
      ${WHEN_SETTLED}
      ${appStarter(entrySource, preloads)}
      function loaded() {
        setTimeout(startApp, ${ENTRY_WAIT_MS});
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
      var id = new URLSearchParams(location.search).get(${jsonForScript(PHOTO_PARAM)});
      var a = id && [].filter.call(document.querySelectorAll('#root a[${SCREEN_SRCSET}]'), function (l) { return new URL(l.href).searchParams.get(${jsonForScript(PHOTO_PARAM)}) === id; })[0];
      if (!a) {
        [].forEach.call(document.querySelectorAll('img[${QUEUED_SRC}][fetchpriority="high"]'), startImage);
        return;
      }
      var set = a.getAttribute('${SCREEN_SRCSET}'), size = (a.getAttribute('${SCREEN_SIZE}') || '').split('x');
      var o = document.createElement('div');
      o.id = ${jsonForScript(PHOTO_PREVIEW_ID)};
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
