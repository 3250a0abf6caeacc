import { useState } from 'react';
import { createIcon, IconButton, useLightboxState } from 'yet-another-react-lightbox';
import { photoAppRoute, photoShareRoute } from '../../data/paths.ts';
import type { GalleryPhoto } from '../photos.ts';
import { birdName } from '../bird-name.ts';

declare module 'yet-another-react-lightbox' {
  interface Labels {
    'Share this photo'?: string;
    'Link copied'?: string;
  }
}

/** The library's own share glyph (plugins/share), without its plugin, which hides the button wherever the Web Share API is missing. */
const ShareIcon = createIcon('ShareIcon', <path d="m16 5-1.42 1.42-1.59-1.59V16h-1.98V4.83L9.42 6.42 8 5l4-4 4 4zm4 5v11c0 1.1-.9 2-2 2H6c-1.11 0-2-.9-2-2V10c0-1.11.89-2 2-2h3v2H6v11h12V10h-3V8h3c1.1 0 2 .89 2 2z" />);
const CopiedIcon = createIcon('CopiedIcon', <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />);

/**
 * The photo's own page (`/photo/<id>/`), absolute on the host the visitor is on: what a
 * shared link should open. It is a few KB with the photo pre-rendered and its own preview tags
 * (a `?photo=` link previews as its species page, and loads that page's app underneath).
 */
function shareUrl(photo: GalleryPhoto): string {
  // A clip has no share page of its own: its link opens its species page with the lightbox on it.
  const route = photo.video ? photoAppRoute(photo.species, photo.key) : photoShareRoute(photo.key);
  return new URL(import.meta.env.BASE_URL + route.slice(1), window.location.origin).href;
}

async function share(photo: GalleryPhoto): Promise<'shared' | 'copied' | 'opened'> {
  const url = shareUrl(photo);
  const data = { title: birdName(photo.species, photo.localName), url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The visitor closed the share sheet: nothing to do. Anything else: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    // No clipboard (a page served over plain http, or denied): the photo's page itself, whose address can be copied.
    window.location.assign(url);
    return 'opened';
  }
}

/** Toolbar button: shares the open photo's page (the system share sheet on phones, else the clipboard). */
export function ShareButton() {
  const photo = useLightboxState().currentSlide?.photo;
  const [copied, setCopied] = useState<string | undefined>();
  if (!photo) return null;
  const done = copied === photo.key;
  return (
    <IconButton
      label={done ? 'Link copied' : 'Share this photo'}
      icon={done ? CopiedIcon : ShareIcon}
      onClick={() => {
        void share(photo).then((outcome) => setCopied(outcome === 'copied' ? photo.key : undefined));
      }}
    />
  );
}
