// First: the site's words are set before any other module of the app is evaluated.
import './install-words.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { preloadLightbox } from './lightbox/PhotoGallery.tsx';
import { AppReady } from './app-ready.tsx';
import { OTHER_PAGE, SCREEN_SRCSET } from './first-screen.ts';
import { routes } from './routes.tsx';
import './styles.css';

type Router = ReturnType<typeof createRouter>;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root: HTMLElement = container;

// The router is made and started in tasks of their own (start): in the task that evaluates the
// script it would make that task about 190 ms long under Lighthouse's 4x CPU slowdown, a tap's
// worth of delay on a phone. (A timer, not a top-level await: with one, the bundler splits React out
// of this file into chunks of their own, which the page then finds only once this file has arrived.)
setTimeout(start, 0);

/**
 * `createBrowserRouter(routes, { basename })`, in three tasks: the history (it reads and
 * replaces the session history's state), the router (the route tree, matched to the URL) and
 * its start (the loaders called). Together the first two are one task of 70–120 ms under
 * Lighthouse's 4x CPU slowdown; apart, each is shorter. These
 * are the parts createBrowserRouter itself is made of, exported by react-router for its own
 * framework mode.
 */
function start() {
  const history = createBrowserHistory();
  setTimeout(() => makeRouter(history), 0);
}

function makeRouter(history: ReturnType<typeof createBrowserHistory>) {
  const router = createRouter({ basename: import.meta.env.BASE_URL, history, routes, mapRouteProperties, hydrationRouteProperties });
  setTimeout(() => run(router.initialize()), 0);
}

function run(router: Router) {
  // The pre-rendered HTML carries no loader data (it would repeat the markup: a third of the home
  // page). The router runs the page's loaders, which fetch the same per-page data files a client
  // navigation does, and the markup is hydrated once they have answered, from the same data.
  // Markup made for another URL (OTHER_PAGE: a host's 404 page) stays on screen until the URL's
  // own page, rendered from scratch once its data has arrived, replaces it in one commit.
  void initialized(router).then(() => {
    if (root.hasChildNodes() && !root.hasAttribute(OTHER_PAGE)) hydrateOrRender(router);
    else render(router);
  });
}

function render(router: Router) {
  root.removeAttribute(OTHER_PAGE);
  // createRoot clears what the container holds when it commits its first render, not before.
  createRoot(root).render(app(router));
}

function app(router: Router) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <AppReady onReady={preloadLightboxOnIntent} />
    </StrictMode>
  );
}

function initialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function hydrateOrRender(router: Router) {
  // A loader that failed here (a data file unreachable) renders its error page, not the markup
  // the pre-render made: render afresh rather than hydrate a mismatch.
  if (router.state.errors) render(router);
  else {
    // As a transition, the hydration yields to the browser every few milliseconds (one long task
    // otherwise); the page is already visible meanwhile, and a click hydrates its target at once.
    startTransition(() => void hydrateRoot(root, app(router)));
  }
}

/**
 * The lightbox's code, fetched when the visitor points at, touches or focuses a photo's link:
 * before the click (a hover lasts longer than the download; a tap's touch comes ~100 ms before
 * its click), and never on a page nobody opens a photo on. Fetched on idle instead, it would be
 * the longest task after the page's start on a phone, on pages without a single photo too.
 */
function preloadLightboxOnIntent() {
  const intents = ['pointerover', 'pointerdown', 'focusin'] as const;
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(`a[${SCREEN_SRCSET}]`)) return;
    for (const type of intents) document.removeEventListener(type, onIntent, true);
    preloadLightbox();
  };
  for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
