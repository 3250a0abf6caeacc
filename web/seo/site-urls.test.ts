import { describe, expect, it } from 'vitest';
import { absoluteRoot, createSiteUrls, normaliseBasePath } from './site-urls.ts';

describe('site URLs', () => {
  it('are path-absolute under the base path without a base URL', () => {
    const urls = createSiteUrls({ basePath: '/portfolio/' });
    expect(urls.absolute).toBe(false);
    expect(urls.page('/')).toBe('/portfolio/');
    expect(urls.page('/species/Bald%20Eagle')).toBe('/portfolio/species/Bald%20Eagle');
    expect(urls.asset('life_list/A, B/Tom & Jerry/x.jpg')).toBe('/portfolio/life_list/A%2C%20B/Tom%20%26%20Jerry/x.jpg');
  });

  it('are absolute with a base URL, whether it names the sub-path or only the host', () => {
    for (const baseUrl of ['https://birds.example.org/portfolio/', 'https://birds.example.org/portfolio', 'https://birds.example.org/']) {
      const urls = createSiteUrls({ baseUrl, basePath: '/portfolio/' });
      expect(urls.absolute).toBe(true);
      expect(urls.page('/info')).toBe('https://birds.example.org/portfolio/info');
      expect(urls.asset('bird-photos.json')).toBe('https://birds.example.org/portfolio/bird-photos.json');
    }
  });

  it('send images to the asset origin when one is set', () => {
    const urls = createSiteUrls({ baseUrl: 'https://example.org', basePath: '/', assetOrigin: 'https://cdn.example.net/birds' });
    expect(urls.asset('life_list/x.jpg')).toBe('https://cdn.example.net/birds/life_list/x.jpg');
    expect(urls.page('/')).toBe('https://example.org/');
  });

  it('normalise base paths and drop query and fragment of a base URL', () => {
    expect(normaliseBasePath('portfolio')).toBe('/portfolio/');
    expect(normaliseBasePath('')).toBe('/');
    expect(absoluteRoot('https://example.org/a/?x=1#y', '/')).toBe('https://example.org/a/');
    expect(absoluteRoot(undefined, '/')).toBeUndefined();
  });
});
