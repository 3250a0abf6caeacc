import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs, type To } from 'react-router';
import { PHOTO_PARAM } from '../../data/paths.ts';

/**
 * The open photo lives in the URL (`?photo=<id>`), react-router's modal pattern:
 * the URL opens the lightbox, so every open photo has a link and Back closes it;
 * once open, the lightbox moves first and the URL follows (usePhotoNavigation).
 */
;

/** Set on the history entry pushed when a visitor opens a photo from the page. */
interface OpenedHereState {
  openedHere: true;
}

function openedHere(state: unknown): state is OpenedHereState {
  return typeof state === 'object' && state !== null && (state as Partial<OpenedHereState>).openedHere === true;
}

function withPhoto(search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key === null) params.delete(PHOTO_PARAM);
  else params.set(PHOTO_PARAM, key);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Link target and state that open `key` in the lightbox, pushing a history entry.
 * Only the photo parameter: the same href on the server and on the client, so a
 * pre-rendered page hydrates even when visited with extra parameters (?fbclid=…).
 */
export function photoLinkProps(key: string): { to: To; state: OpenedHereState; preventScrollReset: true } {
  return { to: { search: withPhoto('', key) }, state: { openedHere: true }, preventScrollReset: true };
}

/** Whether the open photo was opened by a click on this page (false: the visitor arrived through a photo link). */
export function useOpenedHere(): boolean {
  return openedHere(useLocation().state);
}

export function useOpenPhotoKey(): string | null {
  const [params] = useSearchParams();
  return params.get(PHOTO_PARAM);
}

/**
 * Whether the URL opens one of these photos, i.e. the lightbox covers the page: its lazy tiles
 * need not load meanwhile (a visitor arriving through a photo link pays for that photo only).
 */
export function useLightboxOpen(photos: ReadonlyArray<{ key: string }>): boolean {
  const key = useOpenPhotoKey();
  return key !== null && photos.some((photo) => photo.key === key);
}

/**
 * Closing and slide changes, as URL updates. The URL follows the lightbox a render later (a
 * navigation), so `show` compares with the photo it last asked for, not with a location that
 * may not have caught up yet: a second arrow pressed in between still moves the URL.
 */
export function usePhotoNavigation(): { show: (key: string) => void; close: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef(new URLSearchParams(location.search).get(PHOTO_PARAM));
  const show = useCallback(
    (key: string) => {
      if (asked.current === key) return;
      asked.current = key;
      void navigate({ search: withPhoto(location.search, key) }, { replace: true, state: location.state, preventScrollReset: true });
    },
    [location.search, location.state, navigate],
  );
  const close = useCallback(() => {
    // Opened from this page: step back, so Back after closing leaves the page as expected.
    if (openedHere(location.state)) void navigate(-1);
    else void navigate({ search: withPhoto(location.search, null) }, { replace: true, preventScrollReset: true });
  }, [location.search, location.state, navigate]);
  return { show, close };
}

function withoutPhoto(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(PHOTO_PARAM);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/**
 * `shouldRevalidate` of every route: the open photo is lightbox state and no loader reads it,
 * so opening, changing or closing a photo runs no loader (react-router would otherwise rerun
 * them on any change of the query string, fetching and parsing the manifests on the first open).
 */
export function ignorePhotoParam({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (withoutPhoto(currentUrl) === withoutPhoto(nextUrl)) return false;
  return defaultShouldRevalidate;
}
