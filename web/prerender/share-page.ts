import { HOME_ROUTE, photoAppRoute, speciesRoute } from '../../data/paths.ts';
import { srcSetOf } from '../assets.ts';
import { birdName } from '../bird-name.ts';
import { photoAlt, type GalleryPhoto } from '../photos.ts';
import { escapeHtml } from '../seo/escape.ts';
import { t } from '../site-words.ts';

/**
 * A shared photo's own page (`/photo/<id>/`): its link-preview tags, the photo itself
 * (pre-rendered, sized to the screen through srcset) and links that open it in the gallery.
 * No script and no app: a few KB, so a link opened on a phone shows the photo at once.
 */
/** The share page's whole stylesheet, inline (its hash is in the site's policy: content-policy.ts). */
export const SHARE_PAGE_STYLE =
  'body{margin:0;background:#0c0a09;color:#f5f5f4;font:16px/1.5 system-ui,sans-serif}main{max-width:80rem;margin:0 auto;padding:1rem}img{display:block;width:100%;height:auto;max-height:85vh;object-fit:contain;background:#1c1917}h1{font:400 1.75rem Georgia,serif;margin:.75rem 0 0}.m{color:#a8a29e;font-size:.875rem;margin:.25rem 0}a{color:#fde68a}nav a{margin-right:1.25rem}';

export function sharePageHtml(options: {
  /** The site's policy tags (content-policy.ts policyTags), first in <head>. */
  policy: string;
  head: string[];
  photo: GalleryPhoto;
  siteTitle: string;
  owner: string;
  /** The site's language tag (`<html lang>`). */
  language: string;
  /** URL of a published image: on the asset origin, else path-absolute under the base path (never the absolute site URL, so a local copy shows its own files). */
  asset: (path: string) => string;
  /** A link within the site from a route: path-absolute under the base path, so it works on any host the build is served from. */
  href: (route: string) => string;
}): string {
  const { photo, asset } = options;
  const e = escapeHtml;
  // The width the photo is drawn at (main's max-width and padding below): `100vw` would make a
  // 412 px phone at 1.75 device pixels (721 px) take the 960 px file over the 720 px one.
  const sizes = '(min-width: 82rem) 78rem, calc(100vw - 2rem)';
  const modern = photo.thumbnail.sources
    .map((source) => {
      const srcset = srcSetOf(source.files, asset);
      return `<source type="${e(source.type)}" srcset="${e(srcset)}" sizes="${sizes}">`;
    })
    .join('');
  const full = photo.full;
  const width = full.width ?? photo.thumbnail.width ?? 4;
  const height = full.height ?? photo.thumbnail.height ?? 3;
  const jpegSet = [
    `${asset(photo.thumbnail.path)} ${photo.thumbnail.width ?? 480}w`,
    `${asset(full.path)} ${width}w`,
  ].join(', ');
  const facts = [photo.takenOn?.replaceAll('-', '/'), photo.exif && photo.exif.camera !== 'Unknown' ? photo.exif.camera : undefined].filter(Boolean).join(' · ');
  const credit = photo.credit ? `<p class="m">${e(t('photo.by', { author: photo.credit.author }))} · ${photo.credit.licenceUrl ? `<a href="${e(photo.credit.licenceUrl)}" rel="license">${e(photo.credit.licence)}</a>` : e(photo.credit.licence)}</p>` : '';
  return `<!doctype html>
<html lang="${e(options.language)}">
<head>
<meta charset="UTF-8">
${options.policy}
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.head.join('\n')}
<style>${SHARE_PAGE_STYLE}</style>
</head>
<body>
<main>
<picture>${modern}<img src="${e(asset(full.path))}" srcset="${e(jpegSet)}" sizes="${sizes}" width="${width}" height="${height}" alt="${e(photoAlt(photo))}" fetchpriority="high"></picture>
<h1${photo.localName ? ` lang="${e(photo.localName.lang)}"` : ''}>${e(birdName(photo.species, photo.localName))}</h1>
${photo.caption ? `<p>${e(photo.caption)}</p>` : ''}${facts ? `<p class="m">${e(facts)}</p>` : ''}${credit}
<nav><a href="${e(options.href(photoAppRoute(photo.species, photo.key)))}">${e(t('share.open'))}</a><a href="${e(options.href(speciesRoute(photo.species)))}">${e(t('share.allPhotos', { species: birdName(photo.species, photo.localName) }))}</a><a href="${e(options.href(HOME_ROUTE))}">${e(options.siteTitle)}</a></nav>
<p class="m">© ${e(options.owner)}</p>
</main>
</body>
</html>
`;
}
