import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ignorePhotoParam } from './lightbox/photo-param.ts';
import { CREDITS_FOLDER, INFO_FOLDER, LIFE_LIST_FOLDERS, LISTS_FOLDER, NOT_PHOTOGRAPHED_FOLDER, OUTINGS_FOLDER, PHOTO_SHARE_FOLDER, routerPaths } from '../data/paths.ts';
import { creditsLoader } from './routes/credits-loader.ts';
import { RouteError } from './routes/error.tsx';
import { homeLoader } from './routes/home-loader.ts';
import { infoLoader } from './routes/info-loader.ts';
import { lifeListLoader } from './routes/life-list-loader.ts';
import { listLoader, listsLoader } from './routes/lists-loader.ts';
import { notFoundLoader } from './routes/not-found.tsx';
import { notPhotographedLoader } from './routes/not-photographed-loader.ts';
import { outingLoader, outingsLoader, outingsYearLoader } from './routes/outings-loader.ts';
import { ROOT_ROUTE_ID, RootError, RootHydrateFallback, RootLayout, rootLoader } from './routes/root.tsx';
import { shareLinkLoader } from './routes/share-link-loader.ts';
import { speciesLoader } from './routes/species-loader.ts';

/**
 * A page's component, imported when its route first matches: each page's code (and what only it
 * uses: the Lists map, the growth chart, the search box) is a chunk of its own, which a visitor
 * fetches only for the pages they open, and the entry keeps React, the router, the layout and the
 * loaders. The loaders stay here, not in the chunks: the router calls a page's loader while it
 * fetches the page's chunk, so the data and the code arrive side by side instead of one after
 * the other. The router (and the pre-render's static handler) resolves the component before it
 * renders the route, so a hydrated page has its component from the first render.
 */
type PageComponent = () => Promise<ComponentType>;

/**
 * `lazy` in its function form. The object form (`lazy: { Component }`) marks the property as
 * loaded on the route table's own object, which every router made from the table shares: the
 * pre-render (a static handler per page) rendered the second page of a kind without its component,
 * and so did the component tests (a router per test).
 */
function lazyPage(component: PageComponent): RouteObject['lazy'] {
  return async () => ({ Component: await component() });
}

const homePage: PageComponent = async () => (await import('./routes/home.tsx')).HomePage;
const lifeListPage: PageComponent = async () => (await import('./routes/life-list.tsx')).LifeListPage;
const notPhotographedPage: PageComponent = async () => (await import('./routes/not-photographed.tsx')).NotPhotographedPage;
const listsPage: PageComponent = async () => (await import('./routes/lists.tsx')).ListsPage;
const listPage: PageComponent = async () => (await import('./routes/lists.tsx')).ListPage;
const outingsPage: PageComponent = async () => (await import('./routes/outings-index.tsx')).OutingsPage;
const outingPage: PageComponent = async () => (await import('./routes/outing.tsx')).OutingPage;
const outingsYearPage: PageComponent = async () => (await import('./routes/outings-year.tsx')).OutingsYearPage;
const speciesPage: PageComponent = async () => (await import('./routes/species.tsx')).SpeciesPage;
const infoPage: PageComponent = async () => (await import('./routes/info.tsx')).InfoPage;
const creditsPage: PageComponent = async () => (await import('./routes/credits.tsx')).CreditsPage;
const shareLinkPage: PageComponent = async () => (await import('./routes/share-link.tsx')).ShareLinkPage;

function page(path: string, loader: RouteObject['loader'], Component: PageComponent): RouteObject {
  return { path, loader, shouldRevalidate: ignorePhotoParam, lazy: lazyPage(Component), ErrorBoundary: RouteError };
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
      { index: true, loader: homeLoader, shouldRevalidate: ignorePhotoParam, lazy: lazyPage(homePage), ErrorBoundary: RouteError },
      // Each page is `<name>/` (data/paths.ts); the older `<name>.html` links still open it.
      ...(['alphabetical', 'taxonomic'] as const).flatMap((order) => {
        const folder = LIFE_LIST_FOLDERS[order];
        return [...routerPaths(folder), `${folder}/:path`].map((path) => page(path, lifeListLoader(order), lifeListPage));
      }),
      ...routerPaths(NOT_PHOTOGRAPHED_FOLDER).map((path) => page(path, notPhotographedLoader, notPhotographedPage)),
      ...routerPaths(LISTS_FOLDER).map((path) => page(path, listsLoader, listsPage)),
      page(`${LISTS_FOLDER}/:key`, listLoader, listPage),
      ...routerPaths(OUTINGS_FOLDER).map((path) => page(path, outingsLoader, outingsPage)),
      page(`${OUTINGS_FOLDER}/:key`, outingLoader, outingPage),
      page(`${OUTINGS_FOLDER}/year/:year`, outingsYearLoader, outingsYearPage),
      page('species/:species', speciesLoader, speciesPage),
      ...routerPaths(INFO_FOLDER).map((path) => page(path, infoLoader, infoPage)),
      ...routerPaths(CREDITS_FOLDER).map((path) => page(path, creditsLoader, creditsPage)),
      page(`${PHOTO_SHARE_FOLDER}/:file`, shareLinkLoader, shareLinkPage),
      { path: '*', loader: notFoundLoader, shouldRevalidate: ignorePhotoParam, Component: () => null, ErrorBoundary: RouteError },
    ],
  },
];
