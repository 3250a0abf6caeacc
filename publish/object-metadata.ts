import { lookup } from 'mrmime';
import { cacheControlOf } from '../data/publishing.ts';

/**
 * The headers a published object is served with, from one function, so that every object gets
 * the same rules and a header added later is added once: its Content-Type, its caching (the
 * project's one list, CACHE_RULES), and gzip for text. A bucket serves an object's stored
 * encoding to every visitor, and every browser reads gzip; photos are compressed already.
 */
export interface ObjectMetadata {
  'Content-Type': string;
  'Cache-Control': string;
  'Content-Encoding'?: 'gzip';
}

/** Text that shrinks by gzip: pages, scripts, styles, data, the feed and sitemap, icons. */
const COMPRESSED = /\.(?:html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/;

/** `path` is the file's place in the folder published (dist/ or dist-photos/), slash-separated. */
export function objectMetadataOf(path: string): ObjectMetadata {
  const type = lookup(path) ?? 'application/octet-stream';
  const text = type.startsWith('text/') || /[/+](?:json|xml|javascript)$/.test(type) || type === 'image/svg+xml';
  return {
    'Content-Type': text ? `${type}; charset=utf-8` : type,
    'Cache-Control': cacheControlOf(path),
    ...(COMPRESSED.test(path) && { 'Content-Encoding': 'gzip' as const }),
  };
}
