import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, } from 'vitest';
import { lifeListRoute } from '../../data/paths.ts';
import { EXIF_WOOD_DUCK, fixtureManifests, photos, renderRoute, useFixtureManifests, WOOD_DUCK } from '../test/fixtures.tsx';
import { currentSlideImage } from '../test/lightbox.ts';

function panel() {
  return screen.queryByRole('complementary', { name: 'Photo details' });
}

function panelValues(): Record<string, string> {
  const details = panel();
  if (!details) throw new Error('no metadata panel');
  const terms = [...details.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...details.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

describe('lightbox', () => {
  it('shows the page title and the camera details from the photo index at once', async () => {
    useFixtureManifests();
    renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const details = await screen.findByRole('complementary', { name: 'Photo details' });
    expect(within(details).getByRole('heading', { name: 'Wood Duck' })).toBeInTheDocument();
    expect(panelValues()).toEqual({
      Camera: 'Nikon Z8',
      Lens: 'NIKKOR Z 180-600mm f/5.6-6.3 VR',
      'Focal Length': '600 mm',
      Aperture: 'f/6.3',
      ISO: '800',
      'Shutter Speed': '1/2000 s',
      Date: '2024/05/17',
    });
    expect(details).toHaveClass('lg:w-80');
  });

  it("shows 'Unknown' for missing values and the photo's credit line", async () => {
    useFixtureManifests();
    renderRoute(`/species/Wood%20Duck?photo=${photos.duckHen.id}`);
    await screen.findByRole('complementary', { name: 'Photo details' });
    expect(panelValues()).toMatchObject({ Camera: 'Unknown', Lens: 'Unknown', Date: 'Unknown', ISO: '800' });
    expect(screen.getByTestId('photo-credit')).toHaveTextContent('Photo: Jane Doe · CC BY 4.0');
    expect(within(screen.getByTestId('photo-credit')).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  });

  it('hides the panel for a photo whose index entry says it has no EXIF at all', async () => {
    useFixtureManifests();
    renderRoute(`/species/Franklin's%20Gull?photo=${photos.gull.id}`);
    await screen.findByRole('dialog');
    expect(panel()).toBeNull();
  });

  it("has a close button labelled 'Close modal' that closes it and clears the panel; Back after opening closes it too", async () => {
    useFixtureManifests();
    const { router } = renderRoute(lifeListRoute(WOOD_DUCK));
    const tiles = await screen.findAllByRole('link', { name: 'Wood Duck' });
    await userEvent.click(tiles[0]!);
    await screen.findByRole('complementary', { name: 'Photo details' });
    await userEvent.click(await screen.findByRole('button', { name: 'Close modal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(panel()).toBeNull();
    expect(router.state.location.search).toBe('');
    // Closing stepped back: the page is the entry before the photo was opened.
    expect(router.state.historyAction).toBe('POP');

    await userEvent.click(tiles[0]!);
    await screen.findByRole('dialog');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(lifeListRoute(WOOD_DUCK));
  });

  it('replaces the photo in the URL on a slide change, and the panel follows', async () => {
    useFixtureManifests();
    const { router } = renderRoute(lifeListRoute(WOOD_DUCK));
    await userEvent.click((await screen.findAllByRole('link', { name: 'Wood Duck' }))[0]!);
    await screen.findByRole('complementary', { name: 'Photo details' });
    expect(panelValues().Camera).toBe(EXIF_WOOD_DUCK.camera);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?photo=${photos.duckHen.id}`));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(panelValues().Camera).toBe('Unknown'));
  });

  it('leaves the URL on the photo shown after Next and Previous pressed before the URL has caught up', async () => {
    useFixtureManifests();
    const { router } = renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
    // In the same task: the navigation of the first click has not finished.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(router.state.location.search).toBe(`?photo=${photos.duckDrake.id}`);
    expect(await currentSlideImage(dialog)).toHaveAttribute('src', expect.stringMatching(/\/drake[-.]/));
  });

  it('draws the neighbours once the photo opened by a click has loaded', async () => {
    useFixtureManifests();
    renderRoute(lifeListRoute(WOOD_DUCK));
    await userEvent.click((await screen.findAllByRole('link', { name: 'Wood Duck' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    const current = await currentSlideImage(dialog);
    expect(dialog.querySelectorAll('.yarl__slide img')).toHaveLength(1);
    fireEvent.load(current);
    await waitFor(() => expect(dialog.querySelectorAll('.yarl__slide img').length).toBeGreaterThan(1));
  });

  it("from a photo link, draws the neighbours only once the visitor touches the lightbox: they came for that photo", async () => {
    useFixtureManifests();
    // The link's pre-rendered preview, which the lightbox removes when it learns its photo has loaded.
    const preview = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'photo-preview' }));
    renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const dialog = await screen.findByRole('dialog');
    fireEvent.load(await currentSlideImage(dialog));
    await waitFor(() => expect(preview.isConnected).toBe(false));
    // The render that follows the load (a click-opened lightbox draws its neighbours in it).
    await act(async () => {});
    expect(dialog.querySelectorAll('.yarl__slide img')).toHaveLength(1);
    expect(dialog.querySelector('.yarl__thumbnails_thumbnail img')).toBeNull();
    fireEvent.pointerDown(dialog);
    await waitFor(() => expect(dialog.querySelectorAll('.yarl__slide img').length).toBeGreaterThan(1));
    expect(dialog.querySelector('.yarl__thumbnails_thumbnail img')).not.toBeNull();
  });

  it('opens from a deep link and closes to the page without the parameter', async () => {
    useFixtureManifests();
    const { router } = renderRoute(`/species/Wood%20Duck?photo=${photos.duckHen.id}`);
    const dialog = await screen.findByRole('dialog');
    // One of the hen's renditions (which one the browser picks from the srcset: tests/e2e/lightbox.test.ts).
    expect(await currentSlideImage(dialog)).toHaveAttribute('src', expect.stringMatching(/\/hen[-.]/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location).toMatchObject({ pathname: '/species/Wood%20Duck', search: '' });
  });

  it('sits in a max-w-7xl frame with the thumbnails strip and zoom, without autoplay', async () => {
    useFixtureManifests();
    renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const dialog = await screen.findByRole('dialog');
    const frame = dialog.querySelector('.max-w-7xl');
    expect(frame).not.toBeNull();
    expect(frame!.querySelector('.yarl__thumbnails')).not.toBeNull();
    // The toolbar comes with the controller, a step after the dialog (web/lightbox/staged-plugin.tsx).
    expect(await within(dialog).findByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Play|Slideshow/ })).toBeNull();
  });

  it('closes on a click on the overlay beside the frame', async () => {
    useFixtureManifests();
    const { router } = renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialog.querySelector('.max-w-7xl')!.parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('ignores a photo parameter that names no photo of the page', async () => {
    useFixtureManifests();
    renderRoute('/species/Wood%20Duck?photo=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wood Duck' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the photographer's caption as text under the panel, and uses the title as the image's alt text", async () => {
    const manifests = fixtureManifests();
    const caption = 'Dabbling at <b>dusk</b> & "calling"';
    manifests.photoIndex.photos[photos.duckDrake.id] = { ...photos.duckDrake, title: 'Drake <i>in</i> reeds', caption };
    manifests.photoIndex.photos[photos.gull.id] = { ...photos.gull, caption: 'Gull & friend' };
    useFixtureManifests(manifests);
    renderRoute(`/species/Wood%20Duck?photo=${photos.duckDrake.id}`);
    const details = await screen.findByRole('complementary', { name: 'Photo details' });
    // Escaped by React: the markup is shown as typed, never interpreted.
    expect(within(details).getByTestId('photo-caption').textContent).toBe(caption);
    expect(within(details).getByTestId('photo-caption').querySelector('b')).toBeNull();
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findAllByRole('img', { name: 'Drake <i>in</i> reeds' })).length).toBeGreaterThan(0);
    // The neighbours are drawn once the open photo has loaded and (arriving through a link) the visitor has touched the lightbox.
    fireEvent.load(await currentSlideImage(dialog));
    fireEvent.keyDown(dialog, { key: 'Shift' });
    // The hen has neither: its alt text stays the species name.
    await waitFor(() => expect(within(dialog).getAllByRole('img', { name: 'Wood Duck' }).length).toBeGreaterThan(0));
  });

  it('shows the caption of a photo without camera metadata', async () => {
    const manifests = fixtureManifests();
    manifests.photoIndex.photos[photos.gull.id] = { ...photos.gull, caption: 'Gull & friend' };
    useFixtureManifests(manifests);
    renderRoute(`/species/Franklin's%20Gull?photo=${photos.gull.id}`);
    const details = await screen.findByRole('complementary', { name: 'Photo details' });
    expect(within(details).getByTestId('photo-caption')).toHaveTextContent('Gull & friend');
    expect(details.querySelector('dl')).toBeNull();
  });
});
