/**
 * The `elementtiming` name of the first screen's photos: the pre-rendered page's loader starts
 * the app's script once these are on screen (web/prerender/html-document.ts deferEntryScript),
 * and the tiles (web/components/ImageTile.tsx) carry it. One name, kept apart from both.
 */
export const FIRST_SCREEN_TIMING = 'first-screen';
