import type { RouteObject } from 'react-router';
import { ignorePhotoParam } from './lightbox/photo-param.ts';
import { CreditsPage, creditsLoader } from './routes/credits.tsx';
import { RouteError } from './routes/error.tsx';
import { HomePage, homeLoader } from './routes/home.tsx';
import { InfoPage, infoLoader } from './routes/info.tsx';
import { LifeListPage, lifeListLoader } from './routes/life-list.tsx';
import { notFoundLoader } from './routes/not-found.tsx';
import { ROOT_ROUTE_ID, RootError, RootHydrateFallback, RootLayout, rootLoader } from './routes/root.tsx';
import { SpeciesPage, speciesLoader } from './routes/species.tsx';

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
      { path: 'life-list', loader: lifeListLoader, shouldRevalidate: ignorePhotoParam, Component: LifeListPage, ErrorBoundary: RouteError },
      { path: 'life-list/:path', loader: lifeListLoader, shouldRevalidate: ignorePhotoParam, Component: LifeListPage, ErrorBoundary: RouteError },
      { path: 'species/:species', loader: speciesLoader, shouldRevalidate: ignorePhotoParam, Component: SpeciesPage, ErrorBoundary: RouteError },
      { path: 'info', loader: infoLoader, shouldRevalidate: ignorePhotoParam, Component: InfoPage, ErrorBoundary: RouteError },
      { path: 'credits', loader: creditsLoader, shouldRevalidate: ignorePhotoParam, Component: CreditsPage, ErrorBoundary: RouteError },
      { path: '*', loader: notFoundLoader, shouldRevalidate: ignorePhotoParam, Component: () => null, ErrorBoundary: RouteError },
    ],
  },
];
