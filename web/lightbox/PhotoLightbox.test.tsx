import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { photos } from '../test/fixtures.tsx';
import { currentSlideImage } from '../test/lightbox.ts';
import { imageUrl } from '../assets.ts';
import { galleryPhotoFromEntry, screenImages } from '../photos.ts';
import PhotoLightbox from './PhotoLightbox.tsx';

const gallery = [photos.duckDrake, photos.duckHen, photos.gull].map(galleryPhotoFromEntry);
const [drake, hen] = gallery;

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** The lightbox as a page renders it, `index` being the photo the page's URL names at that render. */
function page(index: number) {
  return (
    <MemoryRouter initialEntries={[`/?photo=${drake!.key}`]}>
      <PhotoLightbox photos={gallery} index={index} title="Birds" />
      <Search />
    </MemoryRouter>
  );
}

/** The key of the photo on screen, told by its image (one of the photo's renditions). */
async function openPhoto(): Promise<string | undefined> {
  const src = (await currentSlideImage(screen.getByRole('dialog'))).getAttribute('src');
  return gallery.find((photo) => screenImages(photo).some((file) => imageUrl(file.path) === src))?.key;
}

describe('PhotoLightbox', () => {
  it('stays on the photo the visitor moved to when a render brings a URL that has not caught up yet', async () => {
    const { rerender } = render(page(0));
    await screen.findByRole('dialog');
    expect(await openPhoto()).toBe(drake!.key);
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(async () => expect(await openPhoto()).toBe(hen!.key));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(async () => expect(await openPhoto()).toBe(drake!.key));
    // The page renders again with the URL of the first move only (a navigation is a render late).
    rerender(page(1));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(`?photo=${drake!.key}`));
    expect(await openPhoto()).toBe(drake!.key);
    rerender(page(0));
    expect(await openPhoto()).toBe(drake!.key);
  });
});
