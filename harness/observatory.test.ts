import { describe, expect, it } from 'vitest';
import { gradeOf, observatoryScore } from './observatory.ts';
import { metaPolicy, securityHeaders } from '../data/security-policy.ts';

/** The result of one test of a scored page. */
const resultOf = (score: ReturnType<typeof observatoryScore>, test: string) => score.tests.find((t) => t.test === test)!.result;
const HASHES = { scripts: ["'sha256-AAAA'"], styles: ["'sha256-BBBB'"] };
const metaTag = (policy: string) => `<head><meta http-equiv="Content-Security-Policy" content="${policy.replaceAll("'", '&apos;')}"><meta name="referrer" content="strict-origin-when-cross-origin"></head>`;

describe('the Observatory score of a set of headers', () => {
  it('gives a static host with no security header 30, a D (no CSP −25, no frame protection −20, no HSTS −20, no nosniff −5)', () => {
    const score = observatoryScore({ headers: { 'cache-control': 'public, max-age=0, must-revalidate', 'content-type': 'text/html' } });
    expect(score).toMatchObject({ score: 30, grade: 'D' });
    expect(score.tests.filter((t) => t.modifier < 0).map((t) => [t.test, t.modifier])).toEqual([
      ['content-security-policy', -25],
      ['strict-transport-security', -20],
      ['x-content-type-options', -5],
      ['x-frame-options', -20],
    ]);
  });

  it("gives the site's own headers A+: default-src 'none' +10, frame-ancestors +5, a private referrer policy +5", () => {
    const headers = Object.fromEntries(securityHeaders(metaPolicy(HASHES, 'https://photos.example.org/birds/')));
    const score = observatoryScore({ headers });
    expect(resultOf(score, 'content-security-policy')).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(resultOf(score, 'x-frame-options')).toBe('x-frame-options-implemented-via-csp');
    expect(score).toMatchObject({ score: 120, grade: 'A+' });
  });

  it("reads a <meta> policy and <meta name=referrer>, without what a meta cannot carry (GitHub Pages: C, 55, the best a page alone can do)", () => {
    const html = metaTag(`${metaPolicy(HASHES, undefined)}; frame-ancestors 'none'`);
    const score = observatoryScore({ headers: {}, html });
    expect(resultOf(score, 'content-security-policy')).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(resultOf(score, 'referrer-policy')).toBe('referrer-policy-private');
    // frame-ancestors in a <meta> is ignored, so no frame protection; the bonuses do not count below 90.
    expect(resultOf(score, 'x-frame-options')).toBe('x-frame-options-not-implemented');
    expect(score).toMatchObject({ score: 55, grade: 'C' });
    // On github.io, preloaded for HSTS.
    expect(observatoryScore({ headers: {}, html, hstsPreloaded: true })).toMatchObject({ score: 75, grade: 'B' });
  });

  it.each([
    ["script-src 'self' 'unsafe-inline'; object-src 'none'", 'csp-implemented-with-unsafe-inline', -20],
    ["default-src 'self'", 'csp-implemented-with-no-unsafe', 5],
    ["default-src 'self'; script-src https:", 'csp-implemented-with-unsafe-inline', -20],
    ["default-src 'self'; script-src 'self' data:", 'csp-implemented-with-unsafe-inline', -20],
    ["default-src 'self'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval', -10],
    ["default-src 'self'; style-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline-in-style-src-only', 0],
    // 'unsafe-inline' beside a hash is ignored by browsers, and by the Observatory.
    ["default-src 'self'; style-src 'self' 'unsafe-inline' 'sha256-x'", 'csp-implemented-with-no-unsafe', 5],
    // Under 'strict-dynamic' with a hash, the fallbacks for older browsers do not count.
    ["default-src 'none'; script-src 'strict-dynamic' 'sha256-x' 'unsafe-inline' https: 'self'", 'csp-implemented-with-no-unsafe-default-src-none', 10],
    ["default-src 'self'; script-src 'strict-dynamic'", 'csp-header-invalid', -25],
    ["default-src 'self'; img-src http://cdn.example.org", 'csp-implemented-with-insecure-scheme-in-passive-content-only', -10],
    ["default-src 'self'; script-src 'self' http://cdn.example.org", 'csp-implemented-with-insecure-scheme', -20],
    ["default-src 'self'; default-src 'none'", 'csp-header-invalid', -25],
    ["script-src 'self'", 'csp-implemented-with-unsafe-inline', -20],
  ])('scores the policy %s as %s (%i)', (policy, result, modifier) => {
    const score = observatoryScore({ headers: { 'content-security-policy': policy } });
    expect(score.tests[0]).toEqual({ test: 'content-security-policy', result, modifier });
  });

  it('judges HSTS by its max-age: six months (the 180 days many sites use) or more, less, missing, malformed', () => {
    const hsts = (value: string) => resultOf(observatoryScore({ headers: { 'strict-transport-security': value } }), 'strict-transport-security');
    expect(hsts('max-age=15552000')).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hsts('max-age=31536000; includeSubDomains; preload')).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hsts('max-age=86400')).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(hsts('includeSubDomains')).toBe('hsts-header-invalid');
  });

  it('counts the bonuses only when the score without them is an A', () => {
    const headers = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };
    // No HSTS: 80 before the bonuses, so they are left out.
    expect(observatoryScore({ headers })).toMatchObject({ score: 80, grade: 'B+' });
    expect(observatoryScore({ headers: { ...headers, 'strict-transport-security': 'max-age=31536000' } })).toMatchObject({ score: 120, grade: 'A+' });
    expect(observatoryScore({ headers: { ...headers, 'strict-transport-security': 'max-age=31536000' }, redirectsToHttps: false })).toMatchObject({ score: 80 });
  });

  it('scores the other headers as the Observatory does', () => {
    const score = (headers: Record<string, string>, html?: string) => observatoryScore({ headers, ...(html ? { html } : {}) });
    expect(resultOf(score({ 'x-frame-options': 'SAMEORIGIN' }), 'x-frame-options')).toBe('x-frame-options-sameorigin-or-deny');
    expect(resultOf(score({ 'x-frame-options': 'yes' }), 'x-frame-options')).toBe('x-frame-options-header-invalid');
    expect(resultOf(score({ 'x-content-type-options': 'sniff' }), 'x-content-type-options')).toBe('x-content-type-options-header-invalid');
    expect(resultOf(score({ 'referrer-policy': 'unsafe-url' }), 'referrer-policy')).toBe('referrer-policy-unsafe');
    // The meta wins over the header.
    expect(resultOf(score({ 'referrer-policy': 'unsafe-url' }, '<meta name="referrer" content="no-referrer">'), 'referrer-policy')).toBe('referrer-policy-private');
    expect(resultOf(score({ 'cross-origin-resource-policy': 'same-origin' }), 'cross-origin-resource-policy')).toBe('corp-implemented-with-same-origin');
    expect(resultOf(score({}, '<script src="/assets/a.js"></script>'), 'subresource-integrity')).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(resultOf(score({}, '<script src="http://cdn.example.org/a.js"></script>'), 'subresource-integrity')).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
    expect(resultOf(score({ 'set-cookie': 'a=1; Path=/' }), 'cookies')).toBe('cookies-without-secure-flag');
  });

  it('reads grades from scores rounded down to a multiple of 5', () => {
    expect([135, 100, 99, 94, 85, 84, 64, 59, 49, 34, 24, 0, -20].map(gradeOf)).toEqual(['A+', 'A+', 'A', 'A', 'A-', 'B+', 'C+', 'C', 'C-', 'D', 'F', 'F', 'F']);
  });
});
