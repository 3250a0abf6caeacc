import { t } from '../site-words.ts';

/**
 * yet-another-react-lightbox's own words (its buttons' labels, its regions' names), in the
 * site's language: the library looks each English label up in this table.
 */
export function lightboxLabels(): Record<string, string> {
  return {
    Close: t('lightbox.close'),
    Previous: t('lightbox.previous'),
    Next: t('lightbox.next'),
    'Enter Fullscreen': t('lightbox.enterFullscreen'),
    'Exit Fullscreen': t('lightbox.exitFullscreen'),
    'Zoom in': t('lightbox.zoomIn'),
    'Zoom out': t('lightbox.zoomOut'),
    Lightbox: t('lightbox.lightbox'),
    Carousel: t('lightbox.carousel'),
    Slide: t('lightbox.slide'),
    '{index} of {total}': t('lightbox.slideOf'),
    'Photo gallery': t('lightbox.gallery'),
    Thumbnails: t('lightbox.thumbnails'),
    // Our Share button's (share-button.tsx).
    'Share this photo': t('lightbox.share'),
    'Link copied': t('lightbox.copied'),
  };
}
