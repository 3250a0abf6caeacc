/**
 * Names shared by the first screen's tiles (web/components/ImageTile.tsx) and the pre-rendered
 * page's inline scripts that start them (web/prerender/inline-scripts.ts), kept apart from both.
 */

/** The `elementtiming` name of the first screen's photos: the loader waits until these are on screen. */
export const FIRST_SCREEN_TIMING = 'first-screen';

/**
 * Where a queued tile keeps its files until a script starts it: the `<img>`'s `src` and each
 * `<source>`'s `srcset`, under these attributes the browser's preload scanner does not read.
 */
export const QUEUED_SRC = 'data-src';
export const QUEUED_SRCSET = 'data-srcset';

/**
 * A photo tile's link carries the photo's full-screen files (its srcset, and the largest one's
 * `<width>x<height>`), from which a `?photo=` link's inline script shows the photo at once, in an
 * element of this id, before the app has started; the lightbox removes it.
 */
export const SCREEN_SRCSET = 'data-screen-srcset';
export const SCREEN_SIZE = 'data-screen-size';
export const PHOTO_PREVIEW_ID = 'photo-preview';

/**
 * Marks a #root whose pre-rendered markup was made for another URL (a host's 404 page or app
 * shell): the markup stays on screen until the app has rendered the URL's own page over it,
 * rather than being hydrated (web/prerender/inline-scripts.ts hydrationGuardScript, web/entry-client.tsx).
 */
export const OTHER_PAGE = 'data-other-page';
