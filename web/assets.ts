import { assetUrl } from '../data/paths.ts';
import { imageBaseOf } from '../data/publishing.ts';

/**
 * Images may live on another origin (a CDN) set at build time by
 * `publishing.assetOrigin` in site.json or VITE_ASSET_ORIGIN; by default they come
 * from the site's own base path. Manifests never use this: they always come from the base path.
 */
function imageBase(): string {
  return imageBaseOf(import.meta.env.VITE_ASSET_ORIGIN, import.meta.env.BASE_URL);
}

/** URL of a published image from its manifest path (`life_list/A/B/x_lowq.jpg`). */
export function imageUrl(path: string): string {
  return assetUrl(imageBase(), path);
}

/** A `srcset` value from files of known widths (`url 480w, url 960w`); `url` turns a manifest path into its address. */
export function srcSetOf(files: ReadonlyArray<{ path: string; width: number }>, url: (path: string) => string = imageUrl): string {
  return files.map((file) => `${url(file.path)} ${file.width}w`).join(', ');
}

/** URL of a published audio or video file: from where the images come (the asset origin, else the base path). */
export function mediaUrl(path: string): string {
  return assetUrl(imageBase(), path);
}
