import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_FILE, pageFolderPath, servedFile } from '../../data/paths.ts';

/**
 * `vite preview` (`npm start`) answering as the static hosts do, not as an SPA: its own fallback
 * serves index.html, the home page's markup, for `/info` or any unknown path, which the page
 * must then hide until the app has started. Here a page's path in another form (`/info`,
 * `/info.html`, `/info/index`) gets that page's pre-rendered file, and a path with no file gets
 * 404.html with status 404, as on GitHub Pages, Netlify or a bucket.
 */
export function previewAsHost(): Plugin {
  return {
    name: 'portfolio:preview-as-host',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      const base = server.config.base;
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        const raw = request.url ?? '/';
        const queryAt = raw.indexOf('?');
        const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
        const found = fileFor(dist, base, path);
        if (found === 'as-is') return next();
        if (found !== undefined) {
          request.url = found + (queryAt === -1 ? '' : raw.slice(queryAt));
          return next();
        }
        const notFound = join(dist, NOT_FOUND_FILE);
        if (!isFile(notFound)) return next();
        response.statusCode = 404;
        response.setHeader('content-type', 'text/html; charset=utf-8');
        if (request.method === 'HEAD') return response.end();
        createReadStream(notFound).pipe(response);
      });
    },
  };
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/**
 * 'as-is' when the path names a file (or a folder's index.html, ending in '/'), the URL path of
 * its page's index.html when it names a page in another form, undefined when nothing is there.
 */
export function fileFor(dist: string, base: string, urlPath: string): 'as-is' | string | undefined {
  const served = (path: string) => {
    const file = servedFile(path, base);
    return file !== undefined && isFile(join(dist, file));
  };
  // Outside the site (or unreadable), Vite's own middleware answers; the base path without its slash is the home page.
  if (servedFile(urlPath, base) === undefined && `${urlPath}/` !== base) return 'as-is';
  if (served(urlPath)) return 'as-is';
  const page = pageFolderPath(urlPath);
  if (page !== urlPath && served(page)) return `${page}index.html`;
  return undefined;
}
