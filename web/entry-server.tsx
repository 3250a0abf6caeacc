// First: the site's words are set before any other module of the app is evaluated.
import './install-words.ts';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppReady } from './app-ready.tsx';
import { routes } from './routes.tsx';
import { stackOf } from '../data/error-text.ts';

/**
 * The pre-render entry, built by `vite build --ssr` so it shares the client's
 * compiled settings (base path, asset origin) and renders the same tree as
 * web/entry-client.tsx, which then hydrates the markup.
 */
export { setDataFetcher } from './data-files.ts';

/** Settings compiled into this build: the prerender writes URLs with exactly these. */
export const compiledSettings = {
  basePath: import.meta.env.BASE_URL,
  assetOrigin: import.meta.env.VITE_ASSET_ORIGIN || undefined,
};

export interface RenderedPage {
  /** HTTP status the router decided on: 200, or 404 for an unknown path. */
  status: number;
  /** Markup of the app, hoisted head tags (title, meta, link) first. No loader data: the client fetches it (web/entry-client.tsx). */
  html: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one URL (path under the base path, with its query) the way the browser
 * router will: loaders run through react-router's static handler, and the page is
 * prerendered with every Suspense boundary resolved, so the HTML is complete.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes, { basename: import.meta.env.BASE_URL });
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(`${url} answers with a redirect (HTTP ${context.status} to ${context.headers.get('Location') ?? '?'}); a static page cannot redirect`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <AppReady />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await streamToString(prelude);
  if (errors.length > 0) throw new Error(`${url} failed to render: ${errors.map(stackOf).join('\n')}`);
  return { status: context.statusCode, html };
}
