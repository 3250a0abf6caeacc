import { describe, expect, it } from 'vitest';
import { atomFeed, newestPhotos, type FeedPhoto } from './feed.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { createSiteUrls } from './site-urls.ts';

const hostile = `<img src=x onerror=alert(1)>`;
const quoted = `Tom & Jerry's "Owl"`;

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

function photo(id: string, takenOn: string | null, addedAt: string, species = quoted): FeedPhoto {
  return { id, species, takenOn, addedAt, display: { path: `life_list/${species}/${id}.jpg`, width: 2048, height: 1365 } };
}

describe('newestPhotos', () => {
  it('orders by date taken, unknown dates last, then by when the photo was added', () => {
    const photos = [
      photo('a', '2023-01-01', '2024-01-01T00:00:00Z'),
      photo('b', null, '2025-01-01T00:00:00Z'),
      photo('c', '2024-06-01', '2024-01-01T00:00:00Z'),
      photo('d', '2024-06-01', '2024-03-01T00:00:00Z'),
    ];
    expect(newestPhotos(photos, 10).map((p) => p.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(newestPhotos(photos, 2).map((p) => p.id)).toEqual(['d', 'c']);
  });
});

describe('sitemap and robots', () => {
  it('list every page and its images with absolute, escaped URLs', () => {
    const urls = createSiteUrls({ baseUrl: 'https://example.org/p/', basePath: '/p/' });
    const xml = sitemapXml([{ route: '/', images: [] }, { route: `/species/${encodeURIComponent(quoted)}`, images: [`life_list/${hostile}/x.jpg`] }], urls);
    const doc = parseXml(xml);
    const locs = [...doc.getElementsByTagName('loc')].map((e) => e.textContent);
    expect(locs).toEqual(['https://example.org/p/', `https://example.org/p/species/Tom%20%26%20Jerry's%20%22Owl%22`]);
    const images = doc.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc');
    expect(images[0]?.textContent).toBe(`https://example.org/p/life_list/${encodeURIComponent(hostile)}/x.jpg`);
    expect(robotsTxt(urls)).toBe('User-agent: *\nAllow: /\nSitemap: https://example.org/p/sitemap.xml\n');
  });

  it('do not announce a sitemap whose URLs cannot be absolute', () => {
    expect(robotsTxt(createSiteUrls({ basePath: '/' }))).not.toContain('Sitemap');
  });
});

describe('Atom feed', () => {
  it('is well-formed, keeps hostile names as text, and links each entry to its photo page', () => {
    const urls = createSiteUrls({ basePath: '/' });
    const xml = atomFeed({ title: 'A & B', owner: hostile, description: '' }, [photo('owl-1', '2024-05-06', '2024-05-07T10:00:00Z', hostile)], urls);
    const doc = parseXml(xml);
    const entry = doc.getElementsByTagName('entry')[0];
    expect(entry?.getElementsByTagName('title')[0]?.textContent).toBe(hostile);
    expect(doc.getElementsByTagName('name')[0]?.textContent).toBe(hostile);
    expect(entry?.querySelector('link[rel=alternate]')?.getAttribute('href')).toBe('/photo/owl-1/');
    expect(entry?.getElementsByTagName('id')[0]?.textContent).toBe('urn:bird-portfolio:photo:owl-1');
    // The HTML content, once unwrapped from XML, holds exactly one image whose alt is the name.
    const content = new DOMParser().parseFromString(entry?.getElementsByTagName('content')[0]?.textContent ?? '', 'text/html');
    expect(content.querySelectorAll('img')).toHaveLength(1);
    expect(content.querySelector('img')?.getAttribute('alt')).toBe(hostile);
    expect(content.body.textContent).toContain(`${hostile}. Taken on 2024/05/06.`);
  });

  it("says the site's language", () => {
    const xml = atomFeed({ title: 'A', owner: 'B', description: '' }, [], createSiteUrls({ basePath: '/' }));
    expect(parseXml(xml).documentElement.getAttribute('xml:lang')).toBe('en');
  });
});
