import { waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { photos } from '../test/fixtures.tsx';
import { galleryPhotoFromEntry } from '../photos.ts';
import { hydrateMarkup } from '../test/hydrate.ts';
import { PhotoGallery } from './PhotoGallery.tsx';

const gallery = [galleryPhotoFromEntry(photos.duckDrake), galleryPhotoFromEntry(photos.duckHen)];

function app() {
  const router = createMemoryRouter([{ path: '/', element: <PhotoGallery photos={gallery} title="Wood Duck" /> }], {
    initialEntries: [`/?photo=${photos.duckHen.id}`],
  });
  return <RouterProvider router={router} />;
}

describe('PhotoGallery hydration', () => {
  it('hydrates pre-rendered markup without a mismatch, then opens the photo named in the URL', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Over what the pre-render step writes for this URL.
    const { recoverable } = await hydrateMarkup(app);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
