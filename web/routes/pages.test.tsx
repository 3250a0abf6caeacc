import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assetUrl, lifeListRoute } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { setDataFetcher } from '../data-files.ts';
import { fixtureManifests, photos, renderRoute, useFixtureManifests, WOOD_DUCK } from '../test/fixtures.tsx';
import { currentSlideImage } from '../test/lightbox.ts';

/** jsdom loads no image: the open photo "arrives", and the lightbox then adds its neighbours and the thumbnails strip. */
async function openPhotoLoaded(dialog: HTMLElement): Promise<void> {
  fireEvent.load(await currentSlideImage(dialog));
  await waitFor(() => expect(dialog.querySelector('.yarl__thumbnails_thumbnail img')).not.toBeNull());
}

/** The strip shows a photo's smallest WebP (the tiles' file). */
const stripImage = (photo: (typeof photos)[keyof typeof photos]) => assetUrl('/', photo.sources[0]?.files[0]?.path ?? photo.thumbnail.path);

/** The distinct images of the lightbox's thumbnails strip (an infinite carousel repeats some). */
function thumbnailSources(dialog: HTMLElement): string[] {
  const sources = [...dialog.querySelectorAll('.yarl__thumbnails_thumbnail img')].map((img) => img.getAttribute('src') ?? '');
  return [...new Set(sources)].sort();
}

describe('header', () => {
  it("shows the owner's name linking home, and links to Life List and Info, on every page", async () => {
    useFixtureManifests();
    for (const url of ['/', '/info', '/life-list', '/species/Wood%20Duck', '/nowhere']) {
      const { unmount } = renderRoute(url);
      const banner = await screen.findByRole('banner');
      expect(within(banner).getByRole('link', { name: 'Robin Fieldfare' })).toHaveAttribute('href', '/');
      expect(within(banner).getByRole('link', { name: 'Life List' })).toHaveAttribute('href', '/life-list/');
      expect(within(banner).getByRole('link', { name: 'Info' })).toHaveAttribute('href', '/info/');
      unmount();
    }
  });
});

describe('home', () => {
  it("shows the featured photos in the owner's order as _lowq thumbnails, the first screen's without waiting", async () => {
    useFixtureManifests();
    renderRoute('/');
    const tiles = await screen.findAllByRole('link', { name: /Gull|Duck/ });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(["Franklin's Gull", 'Wood Duck']);
    // Two photos: both within the first screen's tiles, so real images from the start.
    const images = [...document.querySelectorAll('main img')];
    // They give themselves their files once rendered (no pre-rendered page's scripts here).
    await waitFor(() => expect(images.map((img) => img.getAttribute('src'))).toEqual([
      assetUrl('/', photos.gull.thumbnail.path),
      assetUrl('/', photos.duckDrake.thumbnail.path),
    ]));
    for (const img of images) expect(img).toHaveAttribute('loading', 'eager');
    expect(document.title).toBe('Robin Fieldfare · Birds');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Birds of the fixture.');
  });

  it('reveals the species name on hover and on keyboard focus', async () => {
    useFixtureManifests();
    renderRoute('/');
    const tile = await screen.findByRole('link', { name: "Franklin's Gull" });
    const caption = within(tile).getByText("Franklin's Gull");
    expect(caption).toHaveClass('opacity-0', 'group-hover:opacity-100', 'group-focus-visible:opacity-100');
    expect(tile).toHaveClass('group');
    // The owner's name, then Life List, Outings, Info and search in the header.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(tile).toHaveFocus();
  });

  it('opens the lightbox with that one photo when a thumbnail is clicked', async () => {
    useFixtureManifests();
    const { router } = renderRoute('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Wood Duck' }));
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.search).toBe(`?photo=${photos.duckDrake.id}`);
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    await openPhotoLoaded(dialog);
    expect(thumbnailSources(dialog)).toEqual([stripImage(photos.duckDrake)]);
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).toBeNull();
  });
});

describe('opening a photo', () => {
  it('runs no loader: the open photo is lightbox state, so no data file is fetched again', async () => {
    const manifests = fixtureManifests();
    useFixtureManifests(manifests);
    const { router } = renderRoute('/');
    const tile = await screen.findByRole('link', { name: 'Wood Duck' });
    // From here on, any loader that runs fetches through this (the cache is cleared with it).
    const fetched: string[] = [];
    setDataFetcher(async (path) => {
      fetched.push(path);
      return structuredClone(manifests.info);
    });
    await userEvent.click(tile);
    await screen.findByRole('dialog');
    await userEvent.click(await screen.findByRole('button', { name: 'Close modal' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(fetched).toEqual([]);
    // Another page still loads its data.
    await router.navigate('/info');
    await screen.findByRole('heading', { name: 'Gear' });
    expect(fetched).toContain('info.json');
  });
});

describe('species page', () => {
  it('is titled with the species, skips entries with id 0 and lays photos out in 2 columns (3 on xl)', async () => {
    useFixtureManifests();
    renderRoute('/species/Wood%20Duck');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wood Duck' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '' });
    expect(list).toHaveClass('columns-2', 'xl:columns-3');
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('2 photos')).toBeInTheDocument();
    expect(document.title).toBe('Wood Duck · Robin Fieldfare · Birds');
    const trail = screen.getByRole('navigation', { name: 'Life List' });
    expect(within(trail).getByRole('link', { name: 'Ducks, Geese, and Waterfowl' })).toHaveAttribute('href', lifeListRoute(WOOD_DUCK.slice(0, 2)));
  });

  it("is headed with the species' name in the owner's language, the English and scientific names beside it, when the site asks for one", async () => {
    const manifests = fixtureManifests();
    for (const entry of Object.values(manifests.photoIndex.photos)) {
      if (entry.species === 'Wood Duck') Object.assign(entry, { scientificName: 'Aix sponsa', localName: { name: 'Pato Joyuyo', lang: 'es' } });
    }
    useFixtureManifests(manifests);
    renderRoute('/species/Wood%20Duck');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pato Joyuyo' });
    expect(within(heading).getByText('Pato Joyuyo')).toHaveAttribute('lang', 'es');
    const names = heading.nextElementSibling!;
    expect(names).toHaveTextContent('Wood Duck · Aix sponsa');
    expect(within(names as HTMLElement).getByText('Aix sponsa')).toHaveAttribute('lang', 'la');
  });

  it('opens the lightbox on the clicked photo, within all of the species', async () => {
    useFixtureManifests();
    const { router } = renderRoute('/species/Wood%20Duck');
    const links = await screen.findAllByRole('link', { name: 'Wood Duck' });
    await userEvent.click(links.at(-1)!);
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.search).toBe(`?photo=${photos.duckHen.id}`);
    await openPhotoLoaded(dialog);
    expect(thumbnailSources(dialog)).toEqual([stripImage(photos.duckDrake), stripImage(photos.duckHen)].sort());
  });

  it('handles apostrophes and accents in the species name', async () => {
    useFixtureManifests();
    renderRoute(`/species/${encodeURIComponent('Ménétries’s Warbler')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ménétries’s Warbler' })).toBeInTheDocument();
  });

  it('is a not-found page for an unknown species', async () => {
    useFixtureManifests();
    renderRoute('/species/Dodo');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('info page', () => {
  it("shows the gear, '{N} species observed' and the figures derived from the data", async () => {
    useFixtureManifests();
    renderRoute('/info');
    expect(await screen.findByRole('heading', { name: 'Gear' })).toBeInTheDocument();
    expect(screen.getByText('Old body with a telescope.')).toBeInTheDocument();
    expect(screen.getByText('New body with two lenses.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stats' })).toBeInTheDocument();
    expect(screen.getByText('308 species observed')).toBeInTheDocument();
    expect(screen.getByText('4 species photographed')).toBeInTheDocument();
    expect(screen.getByText('5 photos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'photo credits' })).toHaveAttribute('href', '/credits/');
  });

  it('uses the count the manifest gives', async () => {
    const manifests = fixtureManifests();
    manifests.info.stats.speciesObserved = 1;
    useFixtureManifests(manifests);
    renderRoute('/info');
    expect(await screen.findByText('1 species observed')).toBeInTheDocument();
  });
});

describe('credits page', () => {
  it('lists every credited photo with its author, licence link and source', async () => {
    useFixtureManifests();
    renderRoute('/credits');
    const item = (await screen.findByText(/Jane Doe/)).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Wood Duck' })).toHaveAttribute('href', '/species/Wood%20Duck/');
    expect(within(item).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(within(item).getByText('Source: Example archive')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('main'))).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Bird names' })).toBeNull();
  });

  it("names the bird taxonomy's source and edition, linked to its publisher, when the names come from one", async () => {
    const manifests = fixtureManifests();
    manifests.info.taxonomy = { source: 'eBird/Clements Checklist of Birds of the World', edition: 'v2025', url: 'https://www.birds.cornell.edu/clementschecklist/' };
    useFixtureManifests(manifests);
    renderRoute('/credits');
    const section = (await screen.findByRole('heading', { name: 'Bird names' })).closest('section')!;
    expect(within(section).getByRole('link', { name: 'eBird/Clements Checklist of Birds of the World' })).toHaveAttribute('href', 'https://www.birds.cornell.edu/clementschecklist/');
    expect(section).toHaveTextContent('Species names, scientific names and taxonomic order: eBird/Clements Checklist of Birds of the World, v2025.');
  });
});

describe('errors', () => {
  it('shows a not-found page for an unknown path', async () => {
    useFixtureManifests();
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found'));
  });

  it("shows 'Unexpected Application Error!' with the message when a page's data cannot load", async () => {
    useFixtureManifests(undefined, { [siteDataPaths.species('Wood Duck')]: new Error('HTTP 500') });
    renderRoute('/species/Wood%20Duck');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(`Could not load ${siteDataPaths.species('Wood Duck')}: HTTP 500`)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('names the file and the problem when a data file is not valid', async () => {
    const manifests = fixtureManifests();
    useFixtureManifests(manifests);
    const broken = { ...manifests, info: { owner: '' } };
    // Bypass the fixture's own validation: serve the invalid file as a host would.
    setDataFetcher(async (path) => (path === 'info.json' ? broken.info : {}));
    renderRoute('/info');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/^Could not load info\.json: not valid \(owner: /)).toBeInTheDocument();
  });

  it('renders a render error as the error page', async () => {
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { render } = await import('@testing-library/react');
    const { RouteError } = await import('./error.tsx');
    // biome-ignore lint/correctness/noComponentHookFactories: a component made only to throw in its render
    const Boom = () => {
      throw new Error('Kaboom in render');
    };
    const original = console.error;
    console.error = () => {};
    try {
      const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteError }]);
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
      expect(screen.getByText('Kaboom in render')).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
