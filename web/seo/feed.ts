import type { OutingsData } from '../../data/outings.ts';
import { compareDays, outingRoute } from '../../data/paths.ts';
import { outingCounts, outingTitle } from '../outing-text.ts';
import { escapeXml } from './escape.ts';
import { photoShareRoute } from './page-meta.ts';
import type { SiteUrls } from './site-urls.ts';
import { siteWords, t } from '../site-words.ts';

export interface FeedPhoto {
  id: string;
  species: string;
  /** The species' name in the site's bird-name language, where the taxonomy has one: the entry is titled with it. */
  localName?: { name: string } | undefined;
  /** `YYYY-MM-DD`, or null when the date is unknown. */
  takenOn: string | null;
  /** The photographer's title and caption: the image's alt text when present. */
  title?: string;
  caption?: string;
  /** ISO 8601: when the pipeline first saw the photo. */
  addedAt: string;
  display: { path: string; width: number; height: number };
}

/** A day in the field (or a trip) as the feed announces it. */
export interface FeedOuting {
  key: string;
  /** The outing's page. */
  route: string;
  title: string;
  /** `YYYY-MM-DD`: its last day, when it became news. */
  to: string;
  /** `North Carolina, United States; 62 species, 3 lifers, 12 photos`. */
  summary: string;
  cover?: { path: string; width: number; height: number };
}

export interface FeedSite {
  title: string;
  owner: string;
  description: string;
}

/** The newest outings and trips of the index (newest first already), as the feed announces them. */
export function newestOutings(index: OutingsData | undefined, limit: number): FeedOuting[] {
  if (!index) return [];
  return index.years
    .flatMap((y) => y.outings ?? [])
    .slice(0, limit)
    .map((o) => ({
      key: o.key,
      route: outingRoute(o.key),
      title: outingTitle(o),
      to: o.to,
      summary: [...(o.regions.length > 0 ? [o.regions.join('; ')] : []), outingCounts(o, index.fromExport)].join('; '),
      ...(o.cover && { cover: o.cover.thumbnail }),
    }));
}

/** Newest first by date taken (unknown dates last), then by when the photo was added, then by id for a stable order. */
export function newestPhotos<P extends FeedPhoto>(photos: Iterable<P>, limit: number): P[] {
  return [...photos]
    .sort((a, b) => {
      if (a.takenOn !== b.takenOn) {
        if (a.takenOn === null) return 1;
        if (b.takenOn === null) return -1;
        return compareDays(b.takenOn, a.takenOn);
      }
      const added = Date.parse(b.addedAt) - Date.parse(a.addedAt);
      return added !== 0 ? added : a.id.localeCompare(b.id);
    })
    .slice(0, limit);
}

/**
 * Atom ids must be absolute IRIs: the page URL when there is a base URL, else a
 * URN that stays stable across builds.
 */
function atomId(urls: SiteUrls, route: string, fallback: string): string {
  return urls.absolute ? urls.page(route) : `urn:bird-portfolio:${fallback}`;
}

function latest(photos: readonly FeedPhoto[]): string {
  const times = photos.map((p) => Date.parse(p.addedAt)).filter((t) => !Number.isNaN(t));
  return new Date(times.length > 0 ? Math.max(...times) : 0).toISOString();
}

/** An outing is news from the end of its last day (a date, not a time: the same in every build). */
function outingUpdated(outing: FeedOuting): string {
  return `${outing.to}T23:59:59.000Z`;
}

/** An Atom feed of the given photos (already sorted and cut), each entry linking to its photo's share page. */
export function atomFeed(site: FeedSite, photos: readonly FeedPhoto[], urls: SiteUrls, feedRoute = '/feed.xml', outings: readonly FeedOuting[] = []): string {
  const x = escapeXml;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(siteWords().tag)}">`,
    `  <title>${x(site.title)}</title>`,
    ...(site.description ? [`  <subtitle>${x(site.description)}</subtitle>`] : []),
    `  <id>${x(atomId(urls, '/', 'site'))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${x(urls.page(feedRoute))}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(urls.page('/'))}"/>`,
    `  <updated>${[latest(photos), ...outings.map(outingUpdated)].sort().at(-1)}</updated>`,
    `  <author><name>${x(site.owner)}</name></author>`,
  ];
  for (const photo of photos) {
    const route = photoShareRoute(photo.id);
    const image = urls.asset(photo.display.path);
    const taken = photo.takenOn ? t('feed.takenOn', { date: photo.takenOn.replaceAll('-', '/') }) : t('feed.dateUnknown');
    // The content is HTML carried as escaped text: the species name is escaped once for the
    // HTML and once more, by x(), for the XML around it.
    const name = photo.localName?.name ?? photo.species;
    const html = `<p><img src="${x(image)}" alt="${x(photo.title ?? photo.caption ?? name)}" width="${photo.display.width}" height="${photo.display.height}"></p><p>${x(name)}. ${taken}</p>`;
    lines.push(
      '  <entry>',
      `    <title>${x(name)}</title>`,
      `    <id>${x(atomId(urls, route, `photo:${photo.id}`))}</id>`,
      `    <link rel="alternate" type="text/html" href="${x(urls.page(route))}"/>`,
      `    <link rel="enclosure" type="image/jpeg" href="${x(image)}"/>`,
      `    <updated>${new Date(photo.addedAt).toISOString()}</updated>`,
      `    <summary>${x(`${name}. ${taken}`)}</summary>`,
      `    <content type="html">${x(html)}</content>`,
      '  </entry>',
    );
  }
  for (const outing of outings) {
    const image = outing.cover && urls.asset(outing.cover.path);
    const html = `${image ? `<p><img src="${x(image)}" alt="" width="${outing.cover!.width}" height="${outing.cover!.height}"></p>` : ''}<p>${x(outing.title)}: ${x(outing.summary)}.</p>`;
    lines.push(
      '  <entry>',
      `    <title>${x(outing.title)}</title>`,
      `    <id>${x(atomId(urls, outing.route, `outing:${outing.key}`))}</id>`,
      `    <link rel="alternate" type="text/html" href="${x(urls.page(outing.route))}"/>`,
      `    <updated>${outingUpdated(outing)}</updated>`,
      `    <summary>${x(outing.summary)}</summary>`,
      `    <content type="html">${x(html)}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
