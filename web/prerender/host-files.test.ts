import { describe, expect, it } from 'vitest';
import { CACHE_RULES, HOSTS } from '../../data/publishing.ts';
import { hostFiles } from './host-files.ts';

const ruleFor = (folder: string | undefined) => CACHE_RULES.find((rule) => rule.folder === folder)!.cacheControl;

describe('hostFiles', () => {
  it("writes every host's files when no host is named", () => {
    expect([...hostFiles(undefined).keys()].sort()).toEqual(['.nojekyll', '_headers', 'serve.json', 'vercel.json']);
  });

  it.each([
    ['cloudflare-pages', ['_headers']],
    ['netlify', ['_headers']],
    ['github-pages', ['.nojekyll']],
    ['vercel', ['serve.json', 'vercel.json']],
    ['bucket', []],
  ] as const)('writes only the files %s reads', (host, files) => {
    expect([...hostFiles(host).keys()].sort()).toEqual(files);
  });

  it('covers every host the settings accept', () => {
    for (const host of HOSTS) expect(() => hostFiles(host)).not.toThrow();
  });

  it('gives each folder one Cache-Control in _headers: Cloudflare Pages and Netlify join the values of every rule that matches', () => {
    const lines = hostFiles('cloudflare-pages').get('_headers')!.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['/assets/*', `  Cache-Control: ${ruleFor('assets')}`, '/life_list/*', `  Cache-Control: ${ruleFor('life_list')}`]));
    expect(lines.filter((line) => line.startsWith('/'))).toEqual(['/assets/*', '/life_list/*', '/originals/*']);
  });

  it("orders serve.json's rules from the widest to the narrowest (its later rules win) and turns off folder listings", () => {
    const config = JSON.parse(hostFiles('vercel').get('serve.json')!) as { directoryListing: boolean; headers: Array<{ source: string; headers: Array<{ value: string }> }> };
    expect(config.directoryListing).toBe(false);
    expect(config.headers.map((h) => [h.source, h.headers[0]!.value])).toEqual([
      ['**', ruleFor(undefined)],
      ['originals/**', ruleFor('originals')],
      ['life_list/**', ruleFor('life_list')],
      ['assets/**', ruleFor('assets')],
    ]);
  });

  it('writes an empty .nojekyll', () => {
    expect(hostFiles('github-pages').get('.nojekyll')).toBe('');
  });
});
