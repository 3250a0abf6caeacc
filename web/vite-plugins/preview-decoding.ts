import type { Plugin } from 'vite';

/**
 * `vite preview` serves files through sirv, which decodes request paths with
 * decodeURI: `%2C`, `%26`, `%3D`… stay encoded and a photo in a folder named
 * `Ducks, Geese` is not found, where nginx, GitHub Pages, Netlify or S3 decode
 * fully. This rewrites each request to a spelling sirv maps to the right file
 * (decodeURI(encodeURI(x)) === x), so `npm start` behaves like a real host.
 */
export function previewDecodedPaths(): Plugin {
  return {
    name: 'portfolio:preview-decoded-paths',
    // The dev server serves data/generated/public through sirv the same way.
    configureServer(server) {
      server.middlewares.use(rewriteToSirvSpelling);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewriteToSirvSpelling);
    },
  };
}

function rewriteToSirvSpelling(request: { url?: string | undefined }, _response: unknown, next: () => void): void {
  const raw = request.url ?? '/';
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  try {
    const decoded = decodeURIComponent(path);
    // '?' or '#' in a name cannot survive the rewrite; such requests are left as they are.
    if (decoded !== decodeURI(path) && !/[?#]/.test(decoded)) request.url = encodeURI(decoded) + (queryAt === -1 ? '' : raw.slice(queryAt));
  } catch {
    // Malformed percent-encoding: let the server answer it as usual.
  }
  next();
}
