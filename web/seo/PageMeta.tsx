import { createSiteUrls, type SiteUrls } from './site-urls.ts';
import { headTags, type PageDescription } from './page-meta.ts';

/**
 * The URLs of this build: the base path and asset origin are compiled in (the same
 * values in the client and the pre-render bundle, so hydration matches), the base
 * URL comes from info.json.
 */
export function buildSiteUrls(baseUrl: string | undefined): SiteUrls {
  return createSiteUrls({ baseUrl, basePath: import.meta.env.BASE_URL, assetOrigin: import.meta.env.VITE_ASSET_ORIGIN || undefined });
}

/**
 * A page's title, description, canonical link, OpenGraph and Twitter card tags.
 * React 19 hoists them into <head>: the pre-render writes them there, hydration
 * adopts them, and client-side navigation replaces them.
 */
export function PageMeta({ page, baseUrl }: { page: PageDescription; baseUrl?: string | undefined }) {
  const urls = buildSiteUrls(baseUrl);
  return (
    <>
      {headTags(page, urls).map((tag) => {
        const key = `${tag.tag}:${tag.attributes.name ?? tag.attributes.property ?? tag.attributes.rel ?? ''}`;
        if (tag.tag === 'title') return <title key={key}>{tag.text}</title>;
        if (tag.tag === 'link') return <link key={key} {...tag.attributes} />;
        return <meta key={key} {...tag.attributes} />;
      })}
    </>
  );
}
