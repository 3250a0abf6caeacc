import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lifeListRoute, NOT_PHOTOGRAPHED_ROUTE, speciesRoute, INFO_ROUTE } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { fixtureManifestsWithTaxonomy, renderRoute, useFixtureLifeList, useFixtureManifests, WOOD_DUCK } from '../test/fixtures.tsx';

/** The pages of issue 10 with the fixture's eBird life list, and the same pages without one. */
const main = () => within(screen.getByRole('main'));
const cardLinks = () =>
  main()
    .getAllByRole('link')
    .filter((a) => /\d+ species$/.test(a.textContent ?? ''));

describe('Info with an eBird life list', () => {
  it("shows the export's life count, 'photographed X of N', the growth chart and a link to the species not yet photographed", async () => {
    useFixtureLifeList();
    renderRoute(INFO_ROUTE);
    expect(await screen.findByText('5 species observed')).toBeInTheDocument();
    expect(screen.getByText('photographed 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveTextContent(/^Life list growth/);
    // The figures for screen readers: one row per year from the first to the last.
    expect(screen.getByRole('table', { name: /species added per year/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Seen, not yet photographed' })).toHaveAttribute('href', NOT_PHOTOGRAPHED_ROUTE);
  });

  it('without one, shows the configured count and the species photographed, and no chart or link', async () => {
    useFixtureManifests();
    renderRoute(INFO_ROUTE);
    expect(await screen.findByText('308 species observed')).toBeInTheDocument();
    expect(screen.getByText('4 species photographed')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Seen, not yet photographed' })).toBeNull();
  });
});

describe('Life List order', () => {
  it('is alphabetical by default, with a choice of order whose links are the two pages', async () => {
    useFixtureLifeList();
    renderRoute(lifeListRoute(WOOD_DUCK.slice(0, 2)));
    const order = await screen.findByRole('navigation', { name: 'Order' });
    expect(within(order).getByRole('link', { name: 'Alphabetical' })).toHaveAttribute('aria-current', 'page');
    expect(within(order).getByRole('link', { name: 'Taxonomic' })).toHaveAttribute('href', lifeListRoute(WOOD_DUCK.slice(0, 2), 'taxonomic'));
    expect(cardLinks().map((a) => a.textContent)).toEqual(['Mallard 1 species', 'Wood Duck 1 species']);
  });

  it('in taxonomic order, sorts cards by their first species and keeps the order going down; species walls are the one page', async () => {
    useFixtureLifeList();
    renderRoute(lifeListRoute([], 'taxonomic'));
    const order = await screen.findByRole('navigation', { name: 'Order' });
    expect(within(order).getByRole('link', { name: 'Taxonomic' })).toHaveAttribute('aria-current', 'page');
    // Passeriformes has no species in the export: last.
    expect(cardLinks().map((a) => a.getAttribute('href'))).toEqual([
      lifeListRoute(['Anseriformes'], 'taxonomic'),
      lifeListRoute(['Charadriiformes'], 'taxonomic'),
      lifeListRoute(['Passeriformes'], 'taxonomic'),
    ]);
    await userEvent.click(cardLinks()[0]!);
    await userEvent.click(await screen.findByRole('link', { name: /^Ducks, Geese, and Waterfowl/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ducks, Geese, and Waterfowl' });
    expect(cardLinks().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Wood Duck 1 species', lifeListRoute(WOOD_DUCK)],
      ['Mallard 1 species', lifeListRoute([...WOOD_DUCK.slice(0, 2), 'Mallard'])],
    ]);
    expect(screen.getByRole('link', { name: 'Back to Anseriformes' })).toHaveAttribute('href', lifeListRoute(['Anseriformes'], 'taxonomic'));
  });

  it('without an export, offers no choice and has no taxonomic pages', async () => {
    useFixtureManifests();
    const { unmount } = renderRoute(lifeListRoute([]));
    await screen.findByRole('heading', { level: 1, name: 'Life List' });
    expect(screen.queryByRole('navigation', { name: 'Order' })).toBeNull();
    expect(screen.queryByRole('link', { name: /not yet photographed/ })).toBeNull();
    unmount();
    renderRoute(lifeListRoute([], 'taxonomic'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('Life List order without an eBird export, the species found in the bird taxonomy', () => {
  it("offers the taxonomic order, sorted by the taxonomy's sequence, with folders of unknown species last; no life list links", async () => {
    useFixtureManifests(fixtureManifestsWithTaxonomy());
    renderRoute(lifeListRoute([], 'taxonomic'));
    const order = await screen.findByRole('navigation', { name: 'Order' });
    expect(within(order).getByRole('link', { name: 'Taxonomic' })).toHaveAttribute('aria-current', 'page');
    expect(cardLinks().map((a) => a.getAttribute('href'))).toEqual([
      lifeListRoute(['Charadriiformes'], 'taxonomic'),
      lifeListRoute(['Anseriformes'], 'taxonomic'),
      lifeListRoute(['Passeriformes'], 'taxonomic'),
    ]);
    expect(screen.queryByRole('link', { name: /not yet photographed/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /state lists/ })).toBeNull();
    await userEvent.click(cardLinks()[1]!);
    await userEvent.click(await screen.findByRole('link', { name: /^Ducks, Geese, and Waterfowl/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ducks, Geese, and Waterfowl' });
    // Mallard (300) before Wood Duck (400): the taxonomy's sequence, not the alphabet's or the export's order.
    expect(cardLinks().map((a) => a.textContent)).toEqual(['Mallard 1 species', 'Wood Duck 1 species']);
  });

  it('offers the choice on the alphabetical pages too', async () => {
    useFixtureManifests(fixtureManifestsWithTaxonomy());
    renderRoute(lifeListRoute(['Charadriiformes']));
    const order = await screen.findByRole('navigation', { name: 'Order' });
    expect(within(order).getByRole('link', { name: 'Taxonomic' })).toHaveAttribute('href', lifeListRoute(['Charadriiformes'], 'taxonomic'));
  });

  it('has no taxonomic page when the taxonomy knows no species (no sequence on any photo)', async () => {
    useFixtureManifests();
    renderRoute(lifeListRoute(['Charadriiformes'], 'taxonomic'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('Find a species on the Life List', () => {
  it('loads its list only when used, finds by scientific name and goes to the species page', async () => {
    const { requested } = useFixtureLifeList();
    const { router } = renderRoute(lifeListRoute([]));
    const box = await screen.findByRole('combobox', { name: 'Find a species' });
    expect(requested).not.toContain(siteDataPaths.search);
    await userEvent.type(box, 'aix spon');
    const option = await screen.findByRole('option', { name: /Wood Duck/ });
    expect(requested).toContain(siteDataPaths.search);
    await userEvent.click(option);
    await screen.findByRole('heading', { level: 1, name: 'Wood Duck' });
    expect(router.state.location.pathname).toBe(speciesRoute('Wood Duck'));
  });
});

describe('species page with an eBird life list', () => {
  it('shows the scientific name in italics under the title, first seen (day, region), the number of photos and the first day photographed', async () => {
    useFixtureLifeList();
    renderRoute(speciesRoute('Wood Duck'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Wood Duck' });
    const scientific = screen.getByText('Aix sponsa');
    expect(scientific.tagName).toBe('I');
    expect(title.compareDocumentPosition(scientific) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('First seen:').nextElementSibling).toHaveTextContent('Apr 2, 2005, North Carolina, United States');
    expect(screen.getByText('2 photos')).toBeInTheDocument();
    expect(screen.getByText('First photographed:').nextElementSibling).toHaveTextContent('May 17, 2024');
    expect(screen.getByText('Apr 2, 2005').closest('time')).toHaveAttribute('dateTime', '2005-04-02');
  });

  it('shows no eBird fields for a species the export does not have', async () => {
    useFixtureLifeList();
    renderRoute(speciesRoute('Ménétries’s Warbler'));
    await screen.findByRole('heading', { level: 1, name: 'Ménétries’s Warbler' });
    expect(screen.queryByText('First seen:')).toBeNull();
    expect(screen.getByText('1 photo')).toBeInTheDocument();
  });
});

describe('Seen, not yet photographed', () => {
  it('lists the rest of the life list in taxonomic order, linked from the Life List', async () => {
    useFixtureLifeList();
    renderRoute(lifeListRoute([]));
    await userEvent.click(await screen.findByRole('link', { name: /Seen, not yet photographed/ }));
    await screen.findByRole('heading', { level: 1, name: 'Seen, not yet photographed' });
    expect(screen.getByText(/2 of the 5 species observed/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['American Black Duck', 'Anas rubripes', 'Dec 30, 2007, Maryland, United States'],
      ['Sandhill Crane', 'Antigone canadensis', 'Feb 11, 2007'],
    ]);
  });

  it('does not exist without an export', async () => {
    useFixtureManifests();
    renderRoute(NOT_PHOTOGRAPHED_ROUTE);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument());
  });
});
