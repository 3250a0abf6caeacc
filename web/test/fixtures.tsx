import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { MANIFEST_FILES, manifestSchemas, type Manifests } from '../../data/manifest-schemas.ts';
import { siteDataFiles, type LifeListLinks } from '../../data/site-data-derivation.ts';
import { fixtureLifeList, fixtureManifests, fixtureManifestsWithLifeList } from '../../harness/fixture-site.ts';
import { DataFileError, setDataFetcher } from '../data-files.ts';
import { routes } from '../routes.tsx';

/** The component tests' site: the fixture site's data (harness/fixture-site.ts, shared with data/'s tests), served from memory, and a page rendered by the app's own routes. */
export * from '../../harness/fixture-site.ts';

/**
 * Serves the site's data files from memory: info.json and the per-page files derived from the
 * manifests (and the life list, when given) exactly as the ingest derives them. `failing` makes a file (by site-relative path) fail.
 */
export function useFixtureManifests(manifests: Manifests = fixtureManifests(), failing: Record<string, Error> = {}, life?: LifeListLinks) {
  for (const [name, schema] of Object.entries(manifestSchemas)) schema.parse(manifests[name as keyof Manifests]);
  const files = new Map<string, unknown>([[MANIFEST_FILES.info, manifests.info], ...siteDataFiles(manifests, life)]);
  const requested: string[] = [];
  setDataFetcher(async (path) => {
    requested.push(path);
    const failure = failing[path];
    if (failure) throw failure;
    if (!files.has(path)) throw new DataFileError(path, 'HTTP 404', 404);
    return structuredClone(files.get(path));
  });
  return { requested, files };
}

export function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** The fixture site with its eBird life list. */
export function useFixtureLifeList() {
  return useFixtureManifests(fixtureManifestsWithLifeList(), {}, fixtureLifeList());
}
