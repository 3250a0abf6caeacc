import { escapeHtml } from '../seo/escape.ts';
import type { HeadTag } from '../seo/page-meta.ts';
import { entryLoaderScript } from './inline-scripts.ts';

/**
 * Puts a rendered page into the HTML template Vite built (dist/index.html): the
 * head tags React hoisted plus ours go into <head>, the app markup into #root. The
 * scripts a page carries inline are in inline-scripts.ts.
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
  /** The page's policy tags (content-policy.ts policyTags), first in <head>: a <meta> policy governs only what follows it. */
  policy?: string;
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
  const scripts = (parts.policy ?? '') + (parts.headScripts ?? []).join('');
  html = html.slice(0, insertScriptsAt) + scripts + html.slice(insertScriptsAt);
  html = html.replace(/\s*<\/head>/i, () => `\n    ${parts.head.join('\n    ')}\n  </head>`);
  // Replacement functions, so '$' in the markup is never read as a pattern.
  return html.replace(ROOT_ELEMENT, () => `<div id="root">${parts.body}</div>${(parts.afterRoot ?? []).join('')}`);
}

/**
 * The site's icon link from the app's template (web/index.html), for pages written without the
 * template (the share pages): without one, the browser asks for /favicon.ico, which a static
 * host answers with 404.html, the app shell, on the photo's bandwidth. The icon is a PNG
 * (web/favicon.png): Chromium draws an SVG icon by building an SVG document on the page's main
 * thread, a long task after the first paint on every page (docs/performance.md).
 */
export function iconLink(template: string): string | undefined {
  return /<link\s[^>]*\brel="icon"[^>]*>/i.exec(template)?.[0];
}

const MODULE_SCRIPT = /<script\s[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/gi;
const MODULE_PRELOAD = /<link\s[^>]*\brel="modulepreload"[^>]*>\s*/gi;

/**
 * Takes the app's entry module script and its modulepreload tags out of the template: the entry
 * is loaded after the first screen instead (entryLoaderScript in inline-scripts.ts says why and
 * in which order), its preloads with it. Returns the template and that loader, for the end of the body.
 */
export function deferEntryScript(template: string): { template: string; loader: string } {
  const sources = [...template.matchAll(MODULE_SCRIPT)].map((match) => unescapeHtml(match[1]!));
  if (sources.length !== 1) throw new Error(`The HTML template has ${sources.length} module scripts, expected the one entry`);
  const preloads = [...template.matchAll(MODULE_PRELOAD)].flatMap((match) => {
    const href = /\bhref="([^"]+)"/i.exec(match[0])?.[1];
    return href ? [unescapeHtml(href)] : [];
  });
  const html = template.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return { template: html, loader: entryLoaderScript(sources[0]!, preloads) };
}
