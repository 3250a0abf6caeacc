import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OUTINGS_ROUTE, outingRoute, speciesRoute } from '../../data/paths.ts';
import { fixtureManifests, photos, renderRoute, useFixtureManifests } from '../test/fixtures.tsx';

/** The outing pages of the fixture without an export: every photo was taken on one day. */
const DAY = '2024-05-17';
const main = () => within(screen.getByRole('main'));

describe('the outings without an export', () => {
  it('the Outings page lists the day with its counts, and nothing of eBird', async () => {
    useFixtureManifests();
    renderRoute(OUTINGS_ROUTE);
    expect(await screen.findByRole('heading', { level: 2, name: '2024' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'May 17, 2024' })).toHaveAttribute('href', outingRoute(DAY));
    expect(main().getByText('4 species photographed, 5 photos')).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/eBird|checklist/i);
  });

  it("a day's page leads with its photos, then lists each species photographed with a thumbnail that opens the lightbox", async () => {
    useFixtureManifests();
    const { router } = renderRoute(outingRoute(DAY));
    expect(await screen.findByRole('heading', { level: 1, name: 'May 17, 2024' })).toBeInTheDocument();
    const wall = main().getByRole('region', { name: 'Photos' });
    expect(within(wall).getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('photo='))).toHaveLength(5);
    const list = main().getByRole('region', { name: 'Photographed' });
    const duck = within(list).getByText('Wood Duck').closest('li')!;
    expect(within(duck).getByRole('link', { name: 'Wood Duck' })).toHaveAttribute('href', speciesRoute('Wood Duck'));
    const thumbnails = within(duck).getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('photo='));
    expect(thumbnails.map((a) => a.getAttribute('aria-label'))).toEqual(['2 photos']);
    expect(screen.getByRole('main').textContent).not.toMatch(/eBird|checklist|lifer/i);
    await userEvent.click(thumbnails[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?photo=${photos.duckDrake.id}`);
  });

  it('the Outings page exists before the first dated photo, and says so', async () => {
    const manifests = fixtureManifests();
    for (const photo of Object.values(manifests.photoIndex.photos)) photo.takenOn = null;
    useFixtureManifests(manifests);
    renderRoute(OUTINGS_ROUTE);
    expect(await screen.findByText(/No outings yet/)).toBeInTheDocument();
  });

  it('a day without an outing is not found', async () => {
    useFixtureManifests();
    renderRoute(outingRoute('2024-05-18'));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });
});
