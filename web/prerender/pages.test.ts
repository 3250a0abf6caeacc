import { describe, expect, it } from 'vitest';
import { lifeListRoute, speciesRoute } from '../../data/paths.ts';
import { fixtureManifests, GULL, photos, WOOD_DUCK } from '../test/fixtures.tsx';
import { pagesToRender } from './pages.ts';

const manifests = fixtureManifests();
const site = { title: manifests.info.title, owner: manifests.info.owner, description: manifests.info.description, publishing: { basePath: '/' } };
const pages = pagesToRender(manifests, site, { credits: true });
const byRoute = new Map(pages.map((p) => [p.route, p]));

describe('pagesToRender', () => {
  it('lists home, every Life List level with photos, every species, a share page per shown photo, Info, Credits and 404', () => {
    const routes = pages.map((p) => p.route);
    expect(routes).toContain('/');
    expect(routes).toContain('/life-list');
    expect(routes).toContain(lifeListRoute(WOOD_DUCK));
    expect(routes).toContain(lifeListRoute(WOOD_DUCK.slice(0, 2)));
    expect(routes).toContain(lifeListRoute(['Passeriformes', 'Fauvettes et alliés', 'Ménétries’s Warbler']));
    // Folders with file_count 0 are hidden by the site, so they get no page.
    expect(routes).not.toContain(lifeListRoute(['Gruiformes']));
    for (const species of Object.keys(manifests.birdPhotos)) expect(routes).toContain(speciesRoute(species));
    expect(routes).toEqual(expect.arrayContaining(['/info', '/credits', '/404']));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('previews a level with its cover, a species with its first photo, home with the first featured photo', () => {
    expect(byRoute.get(lifeListRoute(WOOD_DUCK.slice(0, 2)))?.description.image?.path).toBe(photos.duckHen.display.path);
    expect(byRoute.get(speciesRoute('Wood Duck'))?.description.image?.path).toBe(photos.duckDrake.display.path);
    expect(byRoute.get('/')?.description.image?.path).toBe(photos.gull.display.path);
    // The top level previews the cover of its first visible folder.
    expect(byRoute.get('/life-list')?.description.image?.path).toBe(photos.duckDrake.display.path);
  });

  it('gives each shown photo a share page that renders its species page with the lightbox on it', () => {
    const share = byRoute.get(`/photo/${photos.gull.id}`);
    expect(share).toMatchObject({ renderUrl: `${speciesRoute(GULL.at(-1) ?? '')}?photo=${photos.gull.id}`, inSitemap: false });
    expect(share?.description.image?.path).toBe(photos.gull.display.path);
    expect(share?.description.type).toBe('article');
    // Wood Duck's entry with id 0 is skipped: two shown photos, two share pages.
    expect(pages.filter((p) => p.appUrl?.startsWith(speciesRoute('Wood Duck')))).toHaveLength(2);
  });

  it('lists the images each page shows, for the image sitemap', () => {
    expect(byRoute.get(speciesRoute('Wood Duck'))?.images).toEqual([photos.duckDrake.display.path, photos.duckHen.display.path]);
    expect(byRoute.get(lifeListRoute(WOOD_DUCK))?.images).toEqual([photos.duckDrake.display.path, photos.duckHen.display.path]);
    expect(byRoute.get('/')?.images).toEqual([photos.gull.display.path, photos.duckDrake.display.path]);
  });
});
