import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { whenLoadedAndIdle } from './idle.ts';
import { preloadLightbox } from './lightbox/PhotoGallery.tsx';
import { AppReady } from './app-ready.tsx';
import { routes } from './routes.tsx';
import './styles.css';

declare global {
  interface Window {
    /** Loader data embedded by the pre-render step (react-router's static handler). */
    __staticRouterHydrationData?: HydrationState;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes, {
  basename: import.meta.env.BASE_URL,
  hydrationData: window.__staticRouterHydrationData,
});

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <AppReady />
  </StrictMode>
);

// A pre-rendered page already holds the markup: take it over instead of rendering anew. As a
// transition, the hydration yields to the browser every few milliseconds (one long task
// otherwise); the page is already visible meanwhile, and a click hydrates its target at once.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

// The lightbox's code, fetched once the page is shown, so the first click opens it as fast as
// later ones. (The manifests' schemas are not preloaded: evaluating zod is a long task on a
// phone, and a client navigation fetches them alongside the manifest it needs anyway.)
whenLoadedAndIdle(preloadLightbox);
