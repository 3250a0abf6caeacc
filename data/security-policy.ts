/**
 * The security policy every published page is served under: the Content-Security-Policy, built
 * from the hashes of the inline scripts and styles the build writes (web/prerender/content-policy.ts
 * computes them), and the other security headers. One place for the rules, read by the host files
 * (web/prerender/host-files.ts), the pages' <meta> policy and `npm start`'s preview server.
 */

/** The hashes the policy allows, each as CSP writes it: `'sha256-<base64>'`. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/** Directives a `<meta http-equiv>` policy cannot carry (HTML ignores them there): the header adds them. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"] as const;

/**
 * The policy as a `<meta http-equiv="Content-Security-Policy">` carries it, every page's own:
 * - nothing is allowed by default (`default-src 'none'`); each kind of content the site uses is
 *   named, from the site itself;
 * - scripts: the inline scripts by hash, and what they load (the entry module, its chunks, its
 *   modulepreloads) through `'strict-dynamic'`. `'self'` is for browsers before CSP 3, which ignore
 *   `'strict-dynamic'` (and CSP 3 browsers ignore `'self'` beside it);
 * - styles: the build's stylesheets ('self') and its inline <style> elements by hash. Style
 *   attributes are allowed (`style-src-attr`): the pre-rendered tiles reserve their box and show
 *   the photo's average colour in one (web/components/ImageTile.tsx), hundreds of distinct values
 *   that no list of hashes could carry; a style attribute cannot run script;
 * - images: the site, `data:` (the tiles' ThumbHash placeholders) and the asset origin;
 * - media (the recordings' audio, the clips' video): the site and the asset origin, where their
 *   files are published beside the images; nothing else (no `blob:`, no `data:`);
 * - no plugins, no <base>, no form posts.
 */
export function metaPolicy(hashes: InlineHashes, assetOrigin: string | undefined): string {
  const assets = assetOrigin ? [originOf(assetOrigin)] : [];
  const images = ["'self'", 'data:', ...assets];
  const media = ["'self'", ...assets];
  return [
    "default-src 'none'",
    `script-src 'strict-dynamic' ${hashes.scripts.join(' ')} 'self'`.replace(/\s+/g, ' '),
    `style-src 'self' ${hashes.styles.join(' ')}`.trim(),
    "style-src-attr 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    `media-src ${media.join(' ')}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The policy as a header carries it: the meta policy and what only a header can say. */
export function headerPolicy(meta: string): string {
  return [meta, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/** `https://cdn.example.org/birds/` → `https://cdn.example.org`: a CSP source path would have to match every photo's path. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Six months is what Mozilla's Observatory asks at least; a year, as hstspreload.org recommends. */
const HSTS_MAX_AGE = 31_536_000;

/**
 * The security headers of every response besides the policy. Permissions-Policy turns off the
 * powerful features the site never uses (fullscreen and the share sheet stay the page's own);
 * only names Chromium knows, as an unknown one is reported as an error in the console.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE}`],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), browsing-topics=()'],
];

/** Every header a host that takes headers sends with each file: the policy and SECURITY_HEADERS. */
export function securityHeaders(meta: string): Array<[string, string]> {
  return [['Content-Security-Policy', headerPolicy(meta)], ...SECURITY_HEADERS.map(([name, value]): [string, string] => [name, value])];
}

/** The referrer policy a page states itself, for hosts that send no header (a `<meta name="referrer">`). */
export const PAGE_REFERRER_POLICY = 'strict-origin-when-cross-origin';
