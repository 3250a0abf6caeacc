import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { whenLoadedAndIdle } from './idle.ts';
import { preloadLightbox } from './lightbox/PhotoGallery.tsx';
import { preloadManifestParser } from './manifests.ts';
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
  </StrictMode>
);

// A pre-rendered page already holds the markup: take it over instead of rendering anew.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

// Code the first screen does not need, fetched once it is shown: the lightbox (so the first
// click opens it as fast as later ones) and the manifests' schemas (for client navigations).
whenLoadedAndIdle(() => {
  preloadLightbox();
  preloadManifestParser();
});
