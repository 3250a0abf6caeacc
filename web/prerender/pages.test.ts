import { describe, expect, it } from 'vitest';
import { MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { lifeListRoute, NOT_PHOTOGRAPHED_ROUTE, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { siteDataFiles } from '../../data/site-data-derivation.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { parseData } from '../data-schemas.ts';
import { createSiteModel, type LoadData } from '../site-model.ts';
import { fixtureLifeList, fixtureManifests, fixtureManifestsWithLifeList, fixtureManifestsWithTaxonomy, GULL, photos, WOOD_DUCK } from '../test/fixtures.tsx';
import { pagesToRender, SITE_IDENTITY } from './pages.ts';

const manifests = fixtureManifests();
const files = new Map<string, unknown>([[MANIFEST_FILES.info, manifests.info], ...siteDataFiles(manifests)]);
const read: string[] = [];
const load: LoadData = async (kind, path) => {
  read.push(path);
  const parsed = parseData(kind, files.get(path));
  if (!parsed.ok) throw Object.assign(new Error(`missing ${path}`), { status: 404 });
  return parsed.data;
};
const site = { title: manifests.info.title, owner: manifests.info.owner, description: manifests.info.description, publishing: { basePath: '/' } };
const pages = await pagesToRender(createSiteModel(load), site, { credits: true });
const byRoute = new Map(pages.map((p) => [p.route, p]));

describe('pagesToRender', () => {
  it('lists home, every Life List level with photos, every species, a share page per shown photo, Info, Credits and 404', () => {
    const routes = pages.map((p) => p.route);
    expect(routes).toContain('/');
    expect(routes).toContain('/life-list/');
    expect(routes).toContain(lifeListRoute(WOOD_DUCK));
    expect(routes).toContain(lifeListRoute(WOOD_DUCK.slice(0, 2)));
    expect(routes).toContain(lifeListRoute(['Passeriformes', 'Fauvettes et alliés', 'Ménétries’s Warbler']));
    // Folders with file_count 0 are hidden by the site, so they get no page.
    expect(routes).not.toContain(lifeListRoute(['Gruiformes']));
    for (const species of Object.keys(manifests.birdPhotos)) expect(routes).toContain(speciesRoute(species));
    expect(routes).toEqual(expect.arrayContaining(['/info/', '/credits/', '/404']));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('writes each page to the one file its URL names', () => {
    expect(byRoute.get('/')?.file).toBe('index.html');
    expect(byRoute.get(speciesRoute('Wood Duck'))?.file).toBe('species/Wood Duck/index.html');
    expect(byRoute.get(lifeListRoute(WOOD_DUCK.slice(0, 2)))?.file).toBe('life-list/Anseriformes+Ducks, Geese, and Waterfowl/index.html');
    expect(byRoute.get('/404')?.file).toBe('404.html');
    expect(new Set(pages.map((p) => p.file)).size).toBe(pages.length);
  });

  it('reads only the per-page data files, never a library-wide manifest', () => {
    expect(read.every((path) => path === MANIFEST_FILES.info || path.startsWith('site-data/'))).toBe(true);
  });

  it('previews a species with its first photo, home with the first featured photo, a level with its first cover', () => {
    expect(byRoute.get(speciesRoute('Wood Duck'))?.description.image?.path).toBe(photos.duckDrake.display.path);
    expect(byRoute.get('/')?.description.image?.path).toBe(photos.gull.display.path);
    expect(byRoute.get('/life-list/')?.description.image?.path).toBe(photos.duckDrake.thumbnail.path);
  });

  it('gives each shown photo a small share page of its own, out of the sitemap', () => {
    const share = byRoute.get(photoShareRoute(photos.gull.id));
    expect(share).toMatchObject({ kind: 'share', file: `photo/${photos.gull.id}/index.html`, inSitemap: false });
    expect(share?.photo?.species).toBe(GULL.at(-1));
    expect(share?.description.image?.path).toBe(photos.gull.display.path);
    expect(share?.description.type).toBe('article');
    // Wood Duck's entry with id 0 is skipped: two shown photos, two share pages.
    expect(pages.filter((p) => p.kind === 'share' && p.photo?.species === 'Wood Duck')).toHaveLength(2);
  });

  it('names the data files each page depends on, so a build re-renders exactly the pages a change touches', () => {
    expect(byRoute.get(speciesRoute('Wood Duck'))?.dependsOn).toEqual([SITE_IDENTITY, siteDataPaths.species('Wood Duck')]);
    expect(byRoute.get(lifeListRoute(WOOD_DUCK))?.dependsOn).toEqual([SITE_IDENTITY, siteDataPaths.level(WOOD_DUCK), siteDataPaths.species('Wood Duck')]);
    expect(byRoute.get(photoShareRoute(photos.gull.id))?.dependsOn).toEqual([SITE_IDENTITY]);
    // The stats change with every photo added: only Info shows them.
    expect(byRoute.get('/info/')?.dependsOn).toEqual([SITE_IDENTITY, MANIFEST_FILES.info]);
  });

  it('lists the images each page shows, for the image sitemap', () => {
    expect(byRoute.get(speciesRoute('Wood Duck'))?.images).toEqual([photos.duckDrake.display.path, photos.duckHen.display.path]);
    expect(byRoute.get(lifeListRoute(WOOD_DUCK))?.images).toEqual([photos.duckDrake.display.path, photos.duckHen.display.path]);
    expect(byRoute.get('/')?.images).toEqual([photos.gull.display.path, photos.duckDrake.display.path]);
  });
});

describe('pagesToRender with an eBird life list', () => {
  const withLife = fixtureManifestsWithLifeList();
  const lifeFiles = new Map<string, unknown>([[MANIFEST_FILES.info, withLife.info], ...siteDataFiles(withLife, fixtureLifeList())]);
  const lifeLoad: LoadData = async (kind, path) => {
    const parsed = parseData(kind, lifeFiles.get(path));
    if (!parsed.ok) throw Object.assign(new Error(`missing ${path}`), { status: 404 });
    return parsed.data;
  };

  it('adds each folder level in taxonomic order (out of the sitemap: the same cards) and the not-yet-photographed page', async () => {
    const lifePages = await pagesToRender(createSiteModel(lifeLoad), site, { credits: true });
    const taxonomic = lifePages.filter((p) => p.route.startsWith(lifeListRoute([], 'taxonomic')));
    expect(taxonomic.map((p) => p.route).sort()).toEqual(
      [[], ['Anseriformes'], WOOD_DUCK.slice(0, 2), ['Charadriiformes'], GULL.slice(0, 2), ['Passeriformes'], ['Passeriformes', 'Fauvettes et alliés']].map((s) => lifeListRoute(s, 'taxonomic')).sort(),
    );
    expect(taxonomic.every((p) => !p.inSitemap && p.dependsOn.includes(SITE_IDENTITY))).toBe(true);
    const notPhotographed = lifePages.find((p) => p.route === NOT_PHOTOGRAPHED_ROUTE);
    expect(notPhotographed?.file).toBe('not-yet-photographed/index.html');
    expect(notPhotographed?.dependsOn).toContain(siteDataPaths.notPhotographed);
    expect(new Set(lifePages.map((p) => p.file)).size).toBe(lifePages.length);
  });

  it('adds neither without one', () => {
    expect(pages.some((p) => p.route === NOT_PHOTOGRAPHED_ROUTE || p.route.includes('taxonomic'))).toBe(false);
  });
});

describe('pagesToRender without an eBird life list, the species found in the bird taxonomy', () => {
  const withTaxonomy = fixtureManifestsWithTaxonomy();
  const taxonomyFiles = new Map<string, unknown>([[MANIFEST_FILES.info, withTaxonomy.info], ...siteDataFiles(withTaxonomy)]);
  const taxonomyLoad: LoadData = async (kind, path) => {
    const parsed = parseData(kind, taxonomyFiles.get(path));
    if (!parsed.ok) throw Object.assign(new Error(`missing ${path}`), { status: 404 });
    return parsed.data;
  };

  it('adds each folder level in taxonomic order, but not the not-yet-photographed page or the lists', async () => {
    const taxonomyPages = await pagesToRender(createSiteModel(taxonomyLoad), site, { credits: true });
    const taxonomic = taxonomyPages.filter((p) => p.route.startsWith(lifeListRoute([], 'taxonomic')));
    expect(taxonomic.map((p) => p.route).sort()).toEqual(
      [[], ['Anseriformes'], WOOD_DUCK.slice(0, 2), ['Charadriiformes'], GULL.slice(0, 2), ['Passeriformes'], ['Passeriformes', 'Fauvettes et alliés']].map((s) => lifeListRoute(s, 'taxonomic')).sort(),
    );
    expect(taxonomic.every((p) => !p.inSitemap)).toBe(true);
    expect(taxonomyPages.some((p) => p.route === NOT_PHOTOGRAPHED_ROUTE || p.dependsOn.includes(siteDataPaths.lists))).toBe(false);
  });
});
