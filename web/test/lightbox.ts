import { waitFor } from '@testing-library/react';

/**
 * The lightbox's open photo, once drawn: the lightbox mounts in steps (web/lightbox/staged-plugin.tsx),
 * so its slide follows the dialog by a few renders.
 */
export async function currentSlideImage(dialog: HTMLElement): Promise<HTMLImageElement> {
  return waitFor(() => {
    const img = dialog.querySelector<HTMLImageElement>('.yarl__slide_current img');
    if (!img) throw new Error('the open photo is not drawn yet');
    return img;
  });
}
