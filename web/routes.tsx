import type { RouteObject } from 'react-router';
import { ignorePhotoParam } from './lightbox/photo-param.ts';
import { CreditsPage, creditsLoader } from './routes/credits.tsx';
import { RouteError } from './routes/error.tsx';
import { HomePage, homeLoader } from './routes/home.tsx';
import { InfoPage, infoLoader } from './routes/info.tsx';
import { LifeListPage, lifeListLoader } from './routes/life-list.tsx';
import { ListPage, listLoader, ListsPage, listsLoader } from './routes/lists.tsx';
import { notFoundLoader } from './routes/not-found.tsx';
import { NotPhotographedPage, notPhotographedLoader } from './routes/not-photographed.tsx';
import { OutingPage, outingLoader, OutingsPage, outingsLoader, OutingsYearPage, outingsYearLoader } from './routes/outings.tsx';
import { CREDITS_FOLDER, INFO_FOLDER, LIFE_LIST_FOLDERS, LISTS_FOLDER, NOT_PHOTOGRAPHED_FOLDER, OUTINGS_FOLDER, PHOTO_SHARE_FOLDER, routerPaths } from '../data/paths.ts';
import { ROOT_ROUTE_ID, RootError, RootHydrateFallback, RootLayout, rootLoader } from './routes/root.tsx';
import { ShareLinkPage, shareLinkLoader } from './routes/share-link.tsx';
import { SpeciesPage, speciesLoader } from './routes/species.tsx';

function page(path: string, loader: RouteObject['loader'], Component: RouteObject['Component']): RouteObject {
  return { path, loader, shouldRevalidate: ignorePhotoParam, Component, ErrorBoundary: RouteError };
}

/**
 * Every page of the site, for `createBrowserRouter` (web/entry-client.tsx) and for
 * `createStaticHandler` when pre-rendering. Each route owns its loader and its
 * not-found case; a page's error renders inside the layout.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    shouldRevalidate: ignorePhotoParam,
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, loader: homeLoader, shouldRevalidate: ignorePhotoParam, Component: HomePage, ErrorBoundary: RouteError },
      // Each page is `<name>/` (data/paths.ts); the older `<name>.html` links still open it.
      ...(['alphabetical', 'taxonomic'] as const).flatMap((order) => {
        const folder = LIFE_LIST_FOLDERS[order];
        return [...routerPaths(folder), `${folder}/:path`].map((path) => page(path, lifeListLoader(order), LifeListPage));
      }),
      ...routerPaths(NOT_PHOTOGRAPHED_FOLDER).map((path) => page(path, notPhotographedLoader, NotPhotographedPage)),
      ...routerPaths(LISTS_FOLDER).map((path) => page(path, listsLoader, ListsPage)),
      page(`${LISTS_FOLDER}/:key`, listLoader, ListPage),
      ...routerPaths(OUTINGS_FOLDER).map((path) => page(path, outingsLoader, OutingsPage)),
      page(`${OUTINGS_FOLDER}/:key`, outingLoader, OutingPage),
      page(`${OUTINGS_FOLDER}/year/:year`, outingsYearLoader, OutingsYearPage),
      page('species/:species', speciesLoader, SpeciesPage),
      ...routerPaths(INFO_FOLDER).map((path) => page(path, infoLoader, InfoPage)),
      ...routerPaths(CREDITS_FOLDER).map((path) => page(path, creditsLoader, CreditsPage)),
      page(`${PHOTO_SHARE_FOLDER}/:file`, shareLinkLoader, ShareLinkPage),
      { path: '*', loader: notFoundLoader, shouldRevalidate: ignorePhotoParam, Component: () => null, ErrorBoundary: RouteError },
    ],
  },
];
