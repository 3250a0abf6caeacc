import { describe, expect, it } from 'vitest';
import { CACHE_RULES, HOSTS } from '../../data/publishing.ts';
import { headerPolicy, SECURITY_HEADERS } from '../../data/security-policy.ts';
import { hostFiles } from './host-files.ts';

const POLICY = "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc' 'self'";

const ruleFor = (folder: string | undefined) => CACHE_RULES.find((rule) => rule.folder === folder)!.cacheControl;

describe('hostFiles', () => {
  it("writes every host's files when no host is named", () => {
    expect([...hostFiles(undefined, POLICY).keys()].sort()).toEqual(['.nojekyll', '_headers', 'serve.json', 'vercel.json']);
  });

  it.each([
    ['cloudflare-pages', ['_headers']],
    ['netlify', ['_headers']],
    ['github-pages', ['.nojekyll']],
    ['vercel', ['serve.json', 'vercel.json']],
    ['bucket', []],
  ] as const)('writes only the files %s reads', (host, files) => {
    expect([...hostFiles(host, POLICY).keys()].sort()).toEqual(files);
  });

  it('covers every host the settings accept', () => {
    for (const host of HOSTS) expect(() => hostFiles(host, POLICY)).not.toThrow();
  });

  it('gives each folder one Cache-Control in _headers: Cloudflare Pages and Netlify join the values of every rule that matches', () => {
    const lines = hostFiles('cloudflare-pages', POLICY).get('_headers')!.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['/assets/*', `  Cache-Control: ${ruleFor('assets')}`, '/life_list/*', `  Cache-Control: ${ruleFor('life_list')}`]));
    expect(lines.filter((line) => line.startsWith('/'))).toEqual(['/*', '/assets/*', '/life_list/*', '/originals/*', '/media/*']);
  });

  it("orders serve.json's rules from the widest to the narrowest (its later rules win) and turns off folder listings", () => {
    const config = JSON.parse(hostFiles('vercel', POLICY).get('serve.json')!) as { directoryListing: boolean; headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
    expect(config.directoryListing).toBe(false);
    expect(config.headers.map((h) => [h.source, h.headers.find((header) => header.key === 'Cache-Control')!.value])).toEqual([
      ['**', ruleFor(undefined)],
      ['media/**', ruleFor('media')],
      ['originals/**', ruleFor('originals')],
      ['life_list/**', ruleFor('life_list')],
      ['assets/**', ruleFor('assets')],
    ]);
  });

  it('writes an empty .nojekyll', () => {
    expect(hostFiles('github-pages', POLICY).get('.nojekyll')).toBe('');
  });

  it('sends the security headers and the policy, with what only a header can say, for every path on each host that takes headers', () => {
    const expected = [['Content-Security-Policy', headerPolicy(POLICY)], ...SECURITY_HEADERS];
    const headers = hostFiles(undefined, POLICY).get('_headers')!;
    const everyPath = headers.split('\n/')[1]!.split('\n').slice(1);
    expect(everyPath).toEqual(expected.map(([name, value]) => `  ${name}: ${value}`));
    expect(headerPolicy(POLICY)).toContain("frame-ancestors 'none'");
    type Rules = { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
    const vercel = JSON.parse(hostFiles('vercel', POLICY).get('vercel.json')!) as Rules;
    expect(vercel.headers[0]).toEqual({ source: '/(.*)', headers: expected.map(([key, value]) => ({ key, value })) });
    const serve = JSON.parse(hostFiles('vercel', POLICY).get('serve.json')!) as Rules;
    expect(serve.headers[0]!.source).toBe('**');
    expect(serve.headers[0]!.headers).toEqual(expect.arrayContaining(expected.map(([key, value]) => ({ key, value }))));
    // The later, narrower rules set caching only: they leave the security headers as they are.
    for (const rule of serve.headers.slice(1)) expect(rule.headers.map((h) => h.key)).toEqual(['Cache-Control']);
  });
});
