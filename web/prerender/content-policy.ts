import { createHash } from 'node:crypto';
import { metaPolicy, PAGE_REFERRER_POLICY, type InlineHashes } from '../../data/security-policy.ts';
import { unescapeHtml } from './html-document.ts';

/**
 * The Content-Security-Policy of a build, from the inline scripts and styles it writes. Every
 * page carries the same ones (the scripts take what differs from page to page from attributes,
 * web/prerender/inline-scripts.ts), so one policy fits the whole site: a host's header file
 * (one rule for every path) carries it as well as every page's <meta>.
 */

/** A source's hash as CSP writes it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Scripts whose type makes them data, never run: they need no hash. */
const DATA_SCRIPT = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|importmap)/i;

/** The text of every inline script (run ones only) and <style> of an HTML document, in order. */
export function inlineSources(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? '') && !DATA_SCRIPT.test(match[1] ?? ''))
    .map((match) => match[2]!);
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
  return { scripts, styles };
}

/** The hashes of the given sources, each once. */
export function hashesOf(sources: { scripts: readonly string[]; styles: readonly string[] }): InlineHashes {
  return { scripts: [...new Set(sources.scripts.map(cspHash))], styles: [...new Set(sources.styles.map(cspHash))] };
}

/** What in a page the policy would block: its inline scripts and styles not among the hashes. */
export function uncovered(html: string, hashes: InlineHashes): string[] {
  const { scripts, styles } = inlineSources(html);
  const allowed = new Set([...hashes.scripts, ...hashes.styles]);
  return [
    ...scripts.filter((s) => !allowed.has(cspHash(s))).map((s) => `inline script ${s.slice(0, 60)}…`),
    ...styles.filter((s) => !allowed.has(cspHash(s))).map((s) => `inline style ${s.slice(0, 60)}…`),
  ];
}

/**
 * The tags that state a page's policy, first in <head> (a <meta> policy applies only to what
 * follows it): the Content-Security-Policy and the referrer policy, for hosts that send no
 * header (GitHub Pages, a bucket); a host's headers add what a <meta> cannot carry.
 */
export function policyTags(policy: string): string {
  // Only what ends or confuses a double-quoted attribute is escaped: the policy's many quotes stay readable.
  const attribute = policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<meta http-equiv="Content-Security-Policy" content="${attribute}"><meta name="referrer" content="${PAGE_REFERRER_POLICY}">`;
}

/** The site's policy from the sources its pages carry inline. */
export function sitePolicy(sources: { scripts: readonly string[]; styles: readonly string[] }, assetOrigin: string | undefined): { policy: string; hashes: InlineHashes } {
  const hashes = hashesOf(sources);
  return { policy: metaPolicy(hashes, assetOrigin), hashes };
}

/** The policy a built page states in its <meta>, or undefined (a page built before the policy). */
export function policyOfPage(html: string): string | undefined {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html);
  return match ? unescapeHtml(match[1]!) : undefined;
}
