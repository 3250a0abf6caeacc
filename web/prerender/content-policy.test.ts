import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerPolicy, metaPolicy } from '../../data/security-policy.ts';
import { cspHash, hashesOf, inlineSources, policyOfPage, policyTags, sitePolicy, uncovered } from './content-policy.ts';
import { firstScreenScript, hydrationGuardScript } from './inline-scripts.ts';

describe('the site’s Content-Security-Policy', () => {
  it('hashes a source as CSP does: sha256 of its UTF-8 text, in base64', () => {
    // The hash Chromium prints for `alert(1)` in its violation report.
    expect(cspHash('alert(1)')).toBe(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
    expect(cspHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('finds the inline scripts that run and the inline styles, not the scripts by URL or the data', () => {
    const html = '<style>a{}</style><script>run()</script><script type="module" src="/a.js"></script><script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script><script data-x="1">more()</script>';
    expect(inlineSources(html)).toEqual({ scripts: ['run()', 'more()'], styles: ['a{}'] });
  });

  it('allows the inline sources by hash and strict-dynamic, never unsafe-inline or unsafe-eval for scripts', () => {
    const { policy, hashes } = sitePolicy({ scripts: ['a()', 'a()', 'b()'], styles: ['p{}'] }, undefined);
    expect(hashes.scripts).toEqual([cspHash('a()'), cspHash('b()')]);
    expect(policy).toContain(`script-src 'strict-dynamic' ${cspHash('a()')} ${cspHash('b()')} 'self'`);
    expect(policy).toContain(`style-src 'self' ${cspHash('p{}')}`);
    expect(policy).toMatch(/^default-src 'none'; /);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'none'", "img-src 'self' data:", "media-src 'self';"]) expect(policy).toContain(directive);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    // frame-ancestors is the header's alone: a <meta> cannot carry it.
    expect(policy).not.toContain('frame-ancestors');
    expect(headerPolicy(policy)).toBe(`${policy}; frame-ancestors 'none'`);
  });

  it('allows images, and the recordings and clips, from the asset origin (its origin: a path would have to match every file)', () => {
    const policy = metaPolicy({ scripts: [], styles: [] }, 'https://cdn.example.org/birds/');
    expect(policy).toContain("img-src 'self' data: https://cdn.example.org;");
    expect(policy).toContain("media-src 'self' https://cdn.example.org;");
  });

  it('names what in a page the policy would block', () => {
    const hashes = hashesOf({ scripts: ['ok()'], styles: [] });
    expect(uncovered('<script>ok()</script>', hashes)).toEqual([]);
    expect(uncovered('<script>ok()</script><script>evil()</script><style>b{}</style>', hashes)).toEqual(['inline script evil()…', 'inline style b{}…']);
  });

  it('writes the policy tags for the top of <head>, and reads the policy back from a page', () => {
    const policy = metaPolicy(hashesOf({ scripts: ['x()'], styles: [] }), undefined);
    const tags = policyTags(policy);
    expect(tags).toMatch(/^<meta http-equiv="Content-Security-Policy" content="[^"]+"><meta name="referrer" content="strict-origin-when-cross-origin">$/);
    expect(policyOfPage(`<head><meta charset="UTF-8">${tags}</head>`)).toBe(policy);
  });

  it('gets one text of each inline script for every page: what differs from page to page is an attribute', () => {
    const guards = [hydrationGuardScript('/species/Wood%20Duck/', '/'), hydrationGuardScript('/info/', '/'), hydrationGuardScript(null, '/')];
    expect(new Set(guards.map((guard) => inlineSources(guard).scripts[0])).size).toBe(1);
    expect(guards[0]).toContain('data-rendered-path="/species/Wood%20Duck/"');
    expect(inlineSources(firstScreenScript()).scripts).toHaveLength(1);
  });
});
