import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, } from 'vitest';
import { assetUrl, lifeListRoute } from '../../data/paths.ts';
import { GULL, photos, renderRoute, useFixtureManifests, WARBLER, WOOD_DUCK } from '../test/fixtures.tsx';
import { intersectAll } from '../test/intersection.ts';
import { currentSlideImage } from '../test/lightbox.ts';

const cardNames = () =>
  within(screen.getByRole('main'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Life List levels', () => {
  it('shows folder cards sorted alphabetically with their number of species, hiding folders whose file_count is 0, in 1 to 4 columns', async () => {
    useFixtureManifests();
    renderRoute('/life-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Life List' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Anseriformes 2 species', 'Charadriiformes 1 species', 'Passeriformes 1 species']);
    expect(within(screen.getByRole('main')).getByRole('list')).toHaveClass('grid-cols-1', 'xl:grid-cols-4');
    expect(screen.queryByText('Gruiformes')).toBeNull();
    expect(screen.queryByRole('link', { name: /Back/ })).toBeNull();
  });

  it('shows each cover with the name centred on it, and a grey block where there is no cover', async () => {
    useFixtureManifests();
    renderRoute('/life-list');
    const card = (await screen.findByText('Anseriformes')).closest('a')!;
    expect(within(card).getByText('Anseriformes').parentElement).toHaveClass('absolute', 'inset-0', 'items-center', 'justify-center');
    expect(within(card).getByText('2 species')).toBeInTheDocument();
    intersectAll();
    // A first-screen card: it gives itself its files once rendered (no pre-rendered page's scripts here).
    await waitFor(() => expect(card.querySelector('img')).toHaveAttribute('src', assetUrl('/', photos.duckDrake.thumbnail.path)));
    // The cover's index entry gives the reserved size, placeholder and srcset.
    expect(card.querySelector('source')).toHaveAttribute('srcset', expect.stringContaining('drake-960.webp 960w'));
    const bare = screen.getByText('Passeriformes').closest('a')!;
    expect(bare.querySelector('img')).toBeNull();
    expect(bare).toHaveClass('bg-stone-700');
  });

  it('goes down the levels by links whose names with commas, apostrophes and accents round-trip, with a back arrow', async () => {
    useFixtureManifests();
    const { router } = renderRoute('/life-list');
    await userEvent.click(await screen.findByRole('link', { name: /^Charadriiformes/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charadriiformes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /^Gulls, Terns, and Skimmers/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gulls, Terns, and Skimmers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /^Franklin's Gull/ }));
    expect(await screen.findByRole('heading', { level: 1, name: "Franklin's Gull" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(lifeListRoute(GULL));
    expect(screen.getByText('Charadriiformes › Gulls, Terns, and Skimmers')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to Gulls, Terns, and Skimmers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gulls, Terns, and Skimmers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Charadriiformes' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Life List' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Life List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/life-list/');
  });

  it('decodes a typed (unencoded) path as well as an encoded one', async () => {
    useFixtureManifests();
    renderRoute(`/life-list/${WARBLER.slice(0, 2).join('+')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fauvettes et alliés' })).toBeInTheDocument();
  });

  it('shows folder cards, not a wall, for a level with files and a sub-folder (three keys)', async () => {
    useFixtureManifests();
    renderRoute(lifeListRoute(WARBLER.slice(0, 2)));
    expect(await screen.findByRole('link', { name: /^Ménétries’s Warbler/ })).toHaveAttribute('href', lifeListRoute(WARBLER));
    expect(screen.queryByText('stray')).toBeNull();
  });

  it('shows a not-found page for a path that does not exist', async () => {
    useFixtureManifests();
    renderRoute('/life-list/Anseriformes+Nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('does not treat the structure keys as folders', async () => {
    useFixtureManifests();
    renderRoute('/life-list/Anseriformes+file_count');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('Life List photo wall (a level with exactly the keys file_count and files)', () => {
  it('shows only the lowq files as thumbnails and links the species page', async () => {
    useFixtureManifests();
    renderRoute(lifeListRoute(WOOD_DUCK));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wood Duck' })).toBeInTheDocument();
    intersectAll();
    const sources = () => [...screen.getByRole('main').querySelectorAll('li img')].map((img) => img.getAttribute('src'));
    await waitFor(() => expect(sources()).toEqual([assetUrl('/', photos.duckDrake.thumbnail.path), assetUrl('/', photos.duckHen.thumbnail.path)]));
    expect(screen.getByRole('link', { name: 'Species page of Wood Duck →' })).toHaveAttribute('href', '/species/Wood%20Duck/');
  });

  it('opens a gallery of the full-size files starting at the clicked photo', async () => {
    useFixtureManifests();
    const { router } = renderRoute(lifeListRoute(WOOD_DUCK));
    const tiles = await screen.findAllByRole('link', { name: 'Wood Duck' });
    await userEvent.click(tiles[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.search).toBe(`?photo=${photos.duckHen.id}`);
    // The renditions of the photo (the display file and its WebP widths): which one, the screen decides.
    const renditions = (photo: typeof photos.duckHen) => [photo.display.path, ...photo.sources.flatMap((source) => source.files.map((file) => file.path))].map((path) => assetUrl('/', path));
    const current = await currentSlideImage(dialog);
    expect(renditions(photos.duckHen)).toContain(current.getAttribute('src'));
    // Once the open photo has loaded, its neighbour follows.
    fireEvent.load(current);
    await waitFor(() => expect(dialog.querySelectorAll('.yarl__slide img').length).toBeGreaterThan(1));
    const slides = [...dialog.querySelectorAll('.yarl__slide img')].map((img) => img.getAttribute('src') ?? '');
    expect(slides.some((src) => renditions(photos.duckDrake).includes(src))).toBe(true);
    expect(slides.every((src) => [...renditions(photos.duckDrake), ...renditions(photos.duckHen)].includes(src))).toBe(true);
  });
});
