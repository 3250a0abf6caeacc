import { SITEMAP_FILE } from '../../data/paths.ts';
import { escapeXml } from './escape.ts';
import type { SiteUrls } from './site-urls.ts';

export interface SitemapPage {
  /** Route relative to the base path, percent-encoded. */
  route: string;
  /** Site-relative paths of the photos shown on the page (image sitemap extension). */
  images: readonly string[];
}

/**
 * sitemap.xml with Google's image extension. The protocol wants absolute URLs:
 * without a base URL the locations are path-absolute, which a crawler cannot use
 * (robots.txt then does not announce the sitemap; see the README).
 */
export function sitemapXml(pages: readonly SitemapPage[], urls: SiteUrls): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ];
  for (const page of pages) {
    lines.push('  <url>', `    <loc>${escapeXml(urls.page(page.route))}</loc>`);
    // The extension allows at most 1,000 images per page.
    for (const image of page.images.slice(0, 1000)) {
      lines.push(`    <image:image><image:loc>${escapeXml(urls.asset(image))}</image:loc></image:image>`);
    }
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** robots.txt: everything may be crawled; the sitemap is announced only when its URL can be absolute. */
export function robotsTxt(urls: SiteUrls, sitemapName = SITEMAP_FILE): string {
  const lines = ['User-agent: *', 'Allow: /'];
  if (urls.absolute) lines.push(`Sitemap: ${urls.page(`/${sitemapName}`)}`);
  return `${lines.join('\n')}\n`;
}
