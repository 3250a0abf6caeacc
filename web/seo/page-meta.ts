import { CREDITS_ROUTE, INFO_ROUTE, lifeListRoute, LISTS_ROUTE, listRoute, NOT_PHOTOGRAPHED_ROUTE, OUTINGS_ROUTE, outingRoute, outingsYearRoute, photoShareRoute, speciesRoute, type LifeListOrder } from '../../data/paths.ts';
import { mediaCounts, type MediaCounts } from '../media-text.ts';

export { photoAppRoute, photoShareRoute } from '../../data/paths.ts';
import type { PublishingSettings, SiteUrls } from './site-urls.ts';
import { outingsTitle, outingsYearTitle } from '../outing-text.ts';
import { formatNumber, siteWords, t, tn } from '../site-words.ts';

/** What every page's tags need to know about the site (from info.json). */
export interface SiteIdentity {
  title: string;
  owner: string;
  description: string;
  publishing: PublishingSettings;
}

/** A rendition shown in link previews: the display JPEG of a photo. */
export interface PreviewImage {
  /** Site-relative path from a manifest (`life_list/A/B/x.jpg`). */
  path: string;
  width?: number | undefined;
  height?: number | undefined;
  alt: string;
}

/** Everything the head of one page says about it, before URLs are resolved. */
export interface PageDescription {
  /** The full document title. */
  title: string;
  /** The page's own title, without the site's (for og:title). */
  headline: string;
  description: string;
  /** Route relative to the base path, percent-encoded (`/species/Bald%20Eagle`). */
  route: string;
  type: 'website' | 'article';
  siteName: string;
  image?: PreviewImage | undefined;
  /** The not-found page asks not to be indexed. */
  noindex?: boolean;
}

export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attributes: Record<string, string>;
  text?: string;
}

function documentTitle(headline: string | undefined, siteTitle: string): string {
  return headline && headline !== siteTitle ? `${headline} · ${siteTitle}` : siteTitle;
}


function page(site: SiteIdentity, headline: string | undefined, rest: Omit<PageDescription, 'title' | 'headline' | 'siteName'>): PageDescription {
  return { title: documentTitle(headline, site.title), headline: headline ?? site.title, siteName: site.title, ...rest };
}

export function describeHome(site: SiteIdentity, image?: PreviewImage): PageDescription {
  return page(site, undefined, {
    description: site.description || t('seo.home', { owner: site.owner }),
    route: '/',
    type: 'website',
    image,
  });
}

export function describeLifeList(site: SiteIdentity, segments: readonly string[], photoCount: number, image?: PreviewImage, order: LifeListOrder = 'alphabetical'): PageDescription {
  const name = segments.at(-1);
  const where = segments.length > 1 ? ` (${segments.join(' › ')})` : '';
  const inOrder = order === 'taxonomic' ? t('seo.inTaxonomicOrder') : '';
  return page(site, name ?? t('nav.lifeList'), {
    description: name
      ? t('seo.lifeListLevel', { name, where, photos: tn('count.photos', photoCount), owner: site.owner, order: inOrder })
      : t('seo.lifeList', { owner: site.owner, photos: tn('count.birdPhotos', photoCount), order: inOrder }),
    route: lifeListRoute(segments, order),
    type: 'website',
    image,
  });
}

/** A species page: `name` is the species' name as shown (its local name where known); its URL stays its key's; `counts` its photos, recordings and clips. */
export function describeSpecies(site: SiteIdentity, species: string, counts: MediaCounts, image?: PreviewImage, name = species): PageDescription {
  return page(site, name, {
    description: t('seo.species', { photos: mediaCounts(counts), species: name, owner: site.owner }),
    route: speciesRoute(species),
    type: 'website',
    image,
  });
}

export interface SharedPhoto {
  id: string;
  /** The species' name as shown (its local name where known). */
  species: string;
  /** `YYYY-MM-DD` or null. */
  takenOn: string | null;
  camera?: string | undefined;
  /** The photographer's caption, when the file has one. */
  caption?: string | undefined;
  image: PreviewImage;
}

export function describePhoto(site: SiteIdentity, photo: SharedPhoto): PageDescription {
  const when = photo.takenOn ? t('seo.photoOn', { date: photo.takenOn.replaceAll('-', '/') }) : '';
  const camera = photo.camera && photo.camera !== 'Unknown' ? t('seo.photoWith', { camera: photo.camera }) : '';
  return page(site, photo.species, {
    description: `${photo.caption ? `${photo.caption} — ` : ''}${t('seo.photo', { species: photo.species, owner: site.owner, when, camera })}`,
    route: photoShareRoute(photo.id),
    type: 'article',
    image: photo.image,
  });
}

export function describeInfo(site: SiteIdentity, image?: PreviewImage): PageDescription {
  return page(site, t('nav.info'), { description: t('seo.info', { owner: site.owner }), route: INFO_ROUTE, type: 'website', image });
}

export function describeNotPhotographed(site: SiteIdentity, count: number, image?: PreviewImage): PageDescription {
  return page(site, t('notPhotographed.title'), {
    description: tn('seo.notPhotographed', count, { owner: site.owner }),
    route: NOT_PHOTOGRAPHED_ROUTE,
    type: 'website',
    image,
  });
}

export function describeLists(site: SiteIdentity, image?: PreviewImage): PageDescription {
  return page(site, t('lists.title'), {
    description: t('lists.description', { owner: site.owner }),
    route: LISTS_ROUTE,
    type: 'website',
    image,
  });
}

/** `title`: the list's own ('2024', 'Texas, United States'). */
export function describeList(site: SiteIdentity, key: string, title: string, observed: number, photographed: number, image?: PreviewImage): PageDescription {
  return page(site, t('list.pageTitle', { list: title }), {
    description: tn('list.description', observed, { owner: site.owner, list: title, photographed: formatNumber(photographed) }),
    route: listRoute(key),
    type: 'website',
    image,
  });
}

/** The Outings page; `description` is the page's own (web/routes/outings-index.tsx). */
export function describeOutings(site: SiteIdentity, description: string, image?: PreviewImage): PageDescription {
  return page(site, outingsTitle(), { description, route: OUTINGS_ROUTE, type: 'website', image });
}

export function describeOutingsYear(site: SiteIdentity, year: number, description: string, image?: PreviewImage): PageDescription {
  return page(site, outingsYearTitle(year), { description, route: outingsYearRoute(year), type: 'website', image });
}

/** One outing: `title` and `description` are the page's own (web/outing-text.ts). */
export function describeOuting(site: SiteIdentity, key: string, title: string, description: string, image?: PreviewImage): PageDescription {
  return page(site, title, { description, route: outingRoute(key), type: 'website', image });
}

export function describeCredits(site: SiteIdentity, image?: PreviewImage): PageDescription {
  return page(site, t('seo.credits'), { description: t('seo.creditsDescription', { site: site.title }), route: CREDITS_ROUTE, type: 'website', image });
}

export function describeNotFound(site: SiteIdentity): PageDescription {
  return page(site, t('notFound.title'), { description: t('notFound.description'), route: '/404', type: 'website', noindex: true });
}

function imageType(path: string): string | undefined {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return { jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif', png: 'image/png' }[extension];
}

/**
 * The tags of one page's head, in a fixed order. Values are plain strings: whoever
 * writes them out (React, or the prerender's HTML writer) escapes them.
 */
export function headTags(page: PageDescription, urls: SiteUrls): HeadTag[] {
  const url = urls.page(page.route);
  const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({ tag: 'meta', attributes: { [key]: id, content } });
  const tags: HeadTag[] = [
    { tag: 'title', attributes: {}, text: page.title },
    meta('name', 'description', page.description),
  ];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  else tags.push({ tag: 'link', attributes: { rel: 'canonical', href: url } });
  tags.push(
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:title', page.headline),
    meta('property', 'og:description', page.description),
    meta('property', 'og:type', page.type),
    meta('property', 'og:locale', siteWords().ogLocale),
  );
  if (!page.noindex) tags.push(meta('property', 'og:url', url));
  const image = page.image;
  if (image) {
    tags.push(meta('property', 'og:image', urls.asset(image.path)));
    const type = imageType(image.path);
    if (type) tags.push(meta('property', 'og:image:type', type));
    if (image.width && image.height) {
      tags.push(meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height)));
    }
    tags.push(meta('property', 'og:image:alt', image.alt));
  }
  // X reads the title, description and image (and its alt) from the og: tags when its own are
  // absent: only the card's kind is its own. Every page, each share page among them, carries these.
  tags.push(meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'));
  return tags;
}
