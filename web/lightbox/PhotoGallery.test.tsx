import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { photos } from '../test/fixtures.tsx';
import { galleryPhotoFromEntry } from '../photos.ts';
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
    const container = document.createElement('div');
    document.body.append(container);
    // What the pre-render step writes for this URL.
    container.innerHTML = renderToString(app());
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError: recoverable });
    });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });
});
