/**
 * The grade Mozilla's HTTP Observatory (developer.mozilla.org/observatory, the MDN rewrite of
 * mozilla/http-observatory) gives a page from its response headers and HTML, by its published
 * scoring rules: each test's result has a modifier, the score starts at 100, the positive
 * modifiers count only when the score without them is 90 or more, and the grade is read from the
 * score rounded down to a multiple of 5 (100 and more: A+).
 *
 * What needs the real network is an input, not measured: whether the host redirects HTTP to
 * HTTPS (every host the site targets does, when its HTTPS is on) and whether the domain is on
 * the browsers' HSTS preload list. The headers are judged as served over HTTPS, as a host serves
 * them, though the local servers measured speak HTTP.
 */

export interface ObservatoryInput {
  /** The response headers of the page (names in any case). */
  headers: Headers | Record<string, string>;
  /** The page's HTML: its `<meta http-equiv="Content-Security-Policy">`, `<meta name="referrer">` and scripts. */
  html?: string;
  /** The host redirects http:// to https:// on the same host (default true). */
  redirectsToHttps?: boolean;
  /** The domain is HSTS-preloaded (github.io is, a custom domain usually not). */
  hstsPreloaded?: boolean;
}

interface ObservatoryTest {
  test: string;
  result: string;
  modifier: number;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: ObservatoryTest[];
}

type Policy = Map<string, Set<string>>;

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NOT_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];
const NONCE_OR_HASH = /^'(?:sha256|sha384|sha512|nonce)-/;

/** One policy's directives; a directive named twice makes it invalid, as the Observatory reads it. */
function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const entry of text.split(';')) {
    const [name, ...sources] = entry.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (policy.has(directive) && directive !== 'report-uri' && directive !== 'report-to') throw new Error(`directive ${directive} twice`);
    policy.set(directive, new Set(sources.length > 0 ? sources.map((s) => s.toLowerCase()) : directive.endsWith('-src') ? ["'none'"] : []));
  }
  return policy;
}

/** Several policies all apply: a directive allows what every policy naming it allows. */
function combine(policies: Policy[]): Policy {
  const combined: Policy = new Map();
  for (const policy of policies) {
    for (const [directive, sources] of policy) {
      const before = combined.get(directive);
      combined.set(directive, before ? new Set([...before].filter((s) => sources.has(s))) : new Set(sources));
    }
  }
  for (const [directive, sources] of combined) if (sources.size === 0 && directive.endsWith('-src')) combined.set(directive, new Set(["'none'"]));
  return combined;
}

function header(input: ObservatoryInput, name: string): string | undefined {
  if (input.headers instanceof Headers) return input.headers.get(name) ?? undefined;
  const key = Object.keys(input.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : input.headers[key];
}

function metaContents(html: string, attribute: 'http-equiv' | 'name', value: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
    const match = attr(attribute);
    const content = attr('content');
    if (match && (match[1] ?? match[2] ?? '').trim().toLowerCase() === value && content) found.push(decodeEntities(content[1] ?? content[2] ?? ''));
  }
  return found;
}

function decodeEntities(text: string): string {
  return text.replace(/&(apos|quot|amp|lt|gt|#39|#x27);/gi, (_, e: string) => ({ apos: "'", quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e.toLowerCase()] ?? _);
}

interface CspResult {
  result: string;
  modifier: number;
  /** The header's policy names frame-ancestors (a <meta> cannot). */
  frameAncestors: boolean;
}

const CSP_MODIFIERS: Record<string, number> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
};

function cspTest(input: ObservatoryInput): CspResult {
  const outcome = (result: string, frameAncestors = false): CspResult => ({ result, modifier: CSP_MODIFIERS[result]!, frameAncestors });
  const split = (values: Array<string | undefined>) => values.flatMap((v) => (v ? v.split(',').map((s) => s.trim()) : []));
  const fromHeader = split([header(input, 'content-security-policy')]);
  const fromMeta = split(metaContents(input.html ?? '', 'http-equiv', 'content-security-policy'));
  if (fromHeader.length + fromMeta.length === 0) return outcome('csp-not-implemented');
  let headerPolicies: Policy[];
  let metaPolicies: Policy[];
  try {
    headerPolicies = fromHeader.map(parsePolicy);
    metaPolicies = fromMeta.map(parsePolicy).map((p) => new Map([...p].filter(([d]) => !NOT_IN_META.includes(d))));
  } catch {
    return outcome('csp-header-invalid');
  }
  const csp = combine([...headerPolicies, ...metaPolicies]);
  const frameAncestors = combine(headerPolicies).has('frame-ancestors');
  const sourcesOf = (directive: string) => new Set(csp.get(directive) ?? csp.get('default-src') ?? ['*']);
  const script = sourcesOf('script-src');
  const style = sourcesOf('style-src');
  const object = sourcesOf('object-src');
  for (const list of [script, style]) if ([...list].some((s) => NONCE_OR_HASH.test(s))) list.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (![...script].some((s) => NONCE_OR_HASH.test(s))) return outcome('csp-header-invalid', frameAncestors);
    for (const s of [...script]) if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") script.delete(s);
  }
  const active = [...[...csp].filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src').flatMap(([, s]) => [...s]), ...script];
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');
  if ([...script].some((s) => BROAD_OR_INLINE.has(s)) || [...object].some((s) => DANGEROUSLY_BROAD.has(s))) return outcome('csp-implemented-with-unsafe-inline', frameAncestors);
  if (active.some(insecure)) return outcome('csp-implemented-with-insecure-scheme', frameAncestors);
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return outcome('csp-implemented-with-unsafe-eval', frameAncestors);
  if (passive.some(insecure)) return outcome('csp-implemented-with-insecure-scheme-in-passive-content-only', frameAncestors);
  if ([...style].some((s) => BROAD_OR_INLINE.has(s))) return outcome('csp-implemented-with-unsafe-inline-in-style-src-only', frameAncestors);
  const defaults = csp.get('default-src');
  if (defaults?.has("'none'") && defaults.size === 1) return outcome('csp-implemented-with-no-unsafe-default-src-none', frameAncestors);
  return outcome('csp-implemented-with-no-unsafe', frameAncestors);
}

function frameTest(input: ObservatoryInput, csp: CspResult): ObservatoryTest {
  const test = 'x-frame-options';
  if (csp.frameAncestors) return { test, result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const value = header(input, 'x-frame-options')?.trim().toLowerCase();
  if (value === undefined) return { test, result: 'x-frame-options-not-implemented', modifier: -20 };
  if (value === 'deny' || value === 'sameorigin') return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (value.startsWith('allow-from')) return { test, result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { test, result: 'x-frame-options-header-invalid', modifier: -20 };
}

/** 15768000 is six months; the Observatory accepts 15552000 (180 days), which many sites use. */
const SIX_MONTHS = 15_552_000;

function hstsTest(input: ObservatoryInput): ObservatoryTest {
  const test = 'strict-transport-security';
  if (input.hstsPreloaded) return { test, result: 'hsts-preloaded', modifier: 5 };
  const value = header(input, 'strict-transport-security');
  if (value === undefined) return { test, result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(value)?.[1];
  if (value.includes(',') || maxAge === undefined) return { test, result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge) >= SIX_MONTHS ? { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 } : { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function nosniffTest(input: ObservatoryInput): ObservatoryTest {
  const value = header(input, 'x-content-type-options');
  const test = 'x-content-type-options';
  if (value === undefined) return { test, result: 'x-content-type-options-not-implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff' ? { test, result: 'x-content-type-options-nosniff', modifier: 0 } : { test, result: 'x-content-type-options-header-invalid', modifier: -5 };
}

const PRIVATE_REFERRERS = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const UNSAFE_REFERRERS = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];

function referrerTest(input: ObservatoryInput): ObservatoryTest {
  const test = 'referrer-policy';
  // A <meta name="referrer"> counts as the header, and wins over it (the last value applies).
  const values = [header(input, 'referrer-policy'), ...metaContents(input.html ?? '', 'name', 'referrer')].filter((v): v is string => v !== undefined);
  if (values.length === 0) return { test, result: 'referrer-policy-not-implemented', modifier: 0 };
  const policy = values.join(',').split(',').map((v) => v.trim().toLowerCase()).filter((v) => PRIVATE_REFERRERS.includes(v) || UNSAFE_REFERRERS.includes(v)).at(-1);
  if (policy === undefined) return { test, result: 'referrer-policy-header-invalid', modifier: -5 };
  return PRIVATE_REFERRERS.includes(policy) ? { test, result: 'referrer-policy-private', modifier: 5 } : { test, result: 'referrer-policy-unsafe', modifier: -5 };
}

function resourcePolicyTest(input: ObservatoryInput): ObservatoryTest {
  const test = 'cross-origin-resource-policy';
  const value = header(input, 'cross-origin-resource-policy')?.trim().toLowerCase();
  if (value === undefined) return { test, result: 'corp-not-implemented', modifier: 0 };
  if (value === 'same-origin' || value === 'same-site') return { test, result: `corp-implemented-with-${value}`, modifier: 10 };
  return value === 'cross-origin' ? { test, result: 'corp-implemented-with-cross-origin', modifier: 0 } : { test, result: 'corp-header-invalid', modifier: -5 };
}

/** Scripts the page loads by URL: same-origin ones need no integrity; others over HTTPS without it cost 5, over HTTP 50. */
function integrityTest(input: ObservatoryInput): ObservatoryTest {
  const test = 'subresource-integrity';
  const scripts = [...(input.html ?? '').matchAll(/<script\s[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)[^>]*>/gi)].map((m) => ({ src: m[1]!, integrity: /\sintegrity\s*=/i.test(m[0]) }));
  const external = scripts.filter((s) => /^(?:https?:)?\/\//i.test(s.src));
  if (scripts.length === 0) return { test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  if (external.some((s) => !/^https:/i.test(s.src))) return { test, result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: external.every((s) => s.integrity) ? -20 : -50 };
  if (external.length === 0) return scripts.every((s) => s.integrity) ? { test, result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 } : { test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
  return external.every((s) => s.integrity) ? { test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 } : { test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 };
}

/** A static site sets no cookie; one that does is judged by its Secure flag only. */
function cookiesTest(input: ObservatoryInput): ObservatoryTest {
  const value = header(input, 'set-cookie');
  if (value === undefined) return { test: 'cookies', result: 'cookies-not-found', modifier: 0 };
  return /;\s*secure\b/i.test(value) ? { test: 'cookies', result: 'cookies-secure-with-httponly-sessions', modifier: 0 } : { test: 'cookies', result: 'cookies-without-secure-flag', modifier: -20 };
}

/** Public content readable cross-origin is fine; credentials sent to any origin that asks are not. */
function corsTest(input: ObservatoryInput): ObservatoryTest {
  const test = 'cross-origin-resource-sharing';
  const origin = header(input, 'access-control-allow-origin')?.trim();
  if (origin === undefined) return { test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (header(input, 'access-control-allow-credentials')?.trim().toLowerCase() === 'true') return { test, result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 };
  return { test, result: origin === '*' ? 'cross-origin-resource-sharing-implemented-with-public-access' : 'cross-origin-resource-sharing-implemented-with-restricted-access', modifier: 0 };
}

function redirectionTest(input: ObservatoryInput): ObservatoryTest {
  return input.redirectsToHttps === false ? { test: 'redirection', result: 'redirection-missing', modifier: -20 } : { test: 'redirection', result: 'redirection-to-https', modifier: 0 };
}

const GRADES: Array<[number, string]> = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];

export function gradeOf(score: number): string {
  const rounded = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  return GRADES.find(([floor]) => rounded >= floor)![1];
}

/** The Observatory's score and grade of a page served with these headers and this HTML. */
export function observatoryScore(input: ObservatoryInput): ObservatoryScore {
  const csp = cspTest(input);
  const tests: ObservatoryTest[] = [
    { test: 'content-security-policy', result: csp.result, modifier: csp.modifier },
    cookiesTest(input),
    corsTest(input),
    redirectionTest(input),
    referrerTest(input),
    hstsTest(input),
    integrityTest(input),
    nosniffTest(input),
    frameTest(input, csp),
    resourcePolicyTest(input),
  ];
  const penalties = 100 + tests.reduce((sum, t) => sum + Math.min(t.modifier, 0), 0);
  const withBonus = 100 + tests.reduce((sum, t) => sum + t.modifier, 0);
  const score = Math.max(penalties >= 90 ? withBonus : penalties, 0);
  return { score, grade: gradeOf(score), tests };
}
