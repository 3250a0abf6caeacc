import { describe, expect, it } from 'vitest';
import { describeLifeList, describeNotFound, describePhoto, describeSpecies, headTags, photoAppRoute, photoShareRoute, type SiteIdentity } from './page-meta.ts';
import { renderHeadTag } from '../prerender/html-document.ts';
import { createSiteUrls } from './site-urls.ts';

const hostile = `<img src=x onerror=alert(1)>`;
const quoted = `Tom & Jerry's "Owl"`;
const site: SiteIdentity = { title: 'Birds & "Co"', owner: 'Ann <b>', description: '', publishing: { basePath: '/' } };
const image = { path: `life_list/${quoted}/x.jpg`, width: 2048, height: 1365, alt: quoted };

function attribute(tags: ReturnType<typeof headTags>, key: string): string | undefined {
  return tags.find((t) => t.attributes.property === key || t.attributes.name === key)?.attributes.content;
}

describe('page descriptions', () => {
  it('give a species page its own title, canonical URL and a large-image card of that species', () => {
    const urls = createSiteUrls({ baseUrl: 'https://example.org/portfolio/', basePath: '/portfolio/' });
    const tags = headTags(describeSpecies(site, quoted, { photos: 3 }, image), urls);
    expect(tags[0]).toEqual({ tag: 'title', attributes: {}, text: `${quoted} · Birds & "Co"` });
    expect(tags.find((t) => t.tag === 'link')?.attributes.href).toBe(`https://example.org/portfolio/species/Tom%20%26%20Jerry's%20%22Owl%22/`);
    expect(attribute(tags, 'og:image')).toBe(`https://example.org/portfolio/life_list/Tom%20%26%20Jerry's%20%22Owl%22/x.jpg`);
    expect(attribute(tags, 'og:image:width')).toBe('2048');
    expect(attribute(tags, 'og:image:alt')).toBe(quoted);
    expect(attribute(tags, 'twitter:card')).toBe('summary_large_image');
    expect(attribute(tags, 'description')).toBe(`3 photos of ${quoted} by Ann <b>.`);
  });

  it('title a Life List level with its last segment and describe where it sits', () => {
    const page = describeLifeList(site, ['Strigiformes', hostile], 1);
    expect(page.headline).toBe(hostile);
    expect(page.description).toContain('Strigiformes › ');
    expect(page.route).toBe(`/life-list/Strigiformes+${encodeURIComponent(hostile)}/`);
  });

  it('give a shared photo a page of its own that opens the species page on it', () => {
    const page = describePhoto(site, { id: 'owl-1a2b3c4', species: quoted, takenOn: '2024-05-06', camera: 'Canon EOS R5', image });
    expect(page.route).toBe(photoShareRoute('owl-1a2b3c4'));
    expect(page.description).toBe(`${quoted}, photographed by Ann <b> on 2024/05/06 with a Canon EOS R5.`);
    expect(photoAppRoute('Bald Eagle', 'x-1')).toBe('/species/Bald%20Eagle/?photo=x-1');
  });

  it("lead a shared photo's description with the photographer's caption (plain text, escaped by whoever writes it)", () => {
    const page = describePhoto(site, { id: 'owl-1a2b3c4', species: 'Barn Owl', takenOn: null, caption: 'Hunting at <dusk> & "quiet"', image });
    expect(page.description).toBe('Hunting at <dusk> & "quiet" — Barn Owl, photographed by Ann <b>.');
  });

  it('keep the not-found page out of indexes and give a plain card without an image', () => {
    const tags = headTags(describeNotFound(site), createSiteUrls({ basePath: '/' }));
    expect(attribute(tags, 'robots')).toBe('noindex');
    expect(tags.some((t) => t.tag === 'link')).toBe(false);
    expect(attribute(tags, 'twitter:card')).toBe('summary');
  });
});

describe('head tags written into the pre-rendered HTML', () => {
  it('carry hostile names as text and attribute values, never as markup', () => {
    const urls = createSiteUrls({ basePath: '/' });
    const html = headTags(describeSpecies(site, hostile, { photos: 1 }, { ...image, alt: hostile }), urls).map(renderHeadTag).join('');
    const doc = new DOMParser().parseFromString(`<!doctype html><head>${html}</head>`, 'text/html');
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.head.children).toHaveLength(headTags(describeSpecies(site, hostile, { photos: 1 }, image), urls).length);
    expect(doc.title).toBe(`${hostile} · Birds & "Co"`);
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(hostile);
    expect(doc.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(hostile);
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`/species/${encodeURIComponent(hostile)}/`);
  });
});
