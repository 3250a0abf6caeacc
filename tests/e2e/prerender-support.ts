import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';

/** Helpers of the pre-render tests: a browser, two kinds of static server, and file lookups in a build. */

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A plain static host the way nginx or GitHub Pages behave: the request path is
 * percent-decoded and looked up on disk under `mount`; a folder redirects to its
 * trailing slash and serves its index.html; anything else gets 404.html with
 * status 404. No SPA fallback, no `.html` guessing, query strings ignored.
 */
export async function startPlainServer(root: string, mount = '/'): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const notFound = () => {
      const page = join(root, '404.html');
      response.writeHead(404, { 'Content-Type': TYPES['.html'] ?? 'text/html' });
      if (existsSync(page)) createReadStream(page).pipe(response);
      else response.end('Not found');
    };
    if (!url.pathname.startsWith(mount)) return notFound();
    let path: string;
    try {
      path = decodeURIComponent(url.pathname.slice(mount.length));
    } catch {
      return notFound();
    }
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) return notFound();
    if (statSync(file).isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        response.writeHead(301, { Location: `${url.pathname}/${url.search}` });
        return response.end();
      }
      const index = join(file, 'index.html');
      if (!existsSync(index)) return notFound();
      response.writeHead(200, { 'Content-Type': TYPES['.html'] ?? 'text/html' });
      return createReadStream(index).pipe(response);
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `vite preview` (the project's `npm start` server) on a build in any folder. */
export async function startVitePreview(outDir: string, base = '/'): Promise<StaticServer> {
  const server: PreviewServer = await preview({
    configFile: join(import.meta.dirname, '../../vite.config.ts'),
    base,
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Every file of a build, as site-relative paths with '/' separators. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * The file a static host serves for a URL of the site (absolute, or path-absolute
 * under `mount`), or undefined when there is none.
 */
export function fileForUrl(dist: string, url: string, mount: string, origin = 'http://site.invalid'): string | undefined {
  const parsed = new URL(url, origin);
  if (!parsed.pathname.startsWith(mount)) return undefined;
  const path = decodeURIComponent(parsed.pathname.slice(mount.length)).replace(/\/$/, '');
  for (const candidate of path === '' ? ['index.html'] : [path, `${path}/index.html`, `${path}.html`]) {
    const file = join(dist, candidate);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export async function readText(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

/** Console messages that mean hydration went wrong (React's dev texts and its production error codes). */
export const HYDRATION_PROBLEM = /hydrat|did not match|didn't match|Minified React error #(418|419|421|422|423|425)|react\.dev\/errors\/(418|419|421|422|423|425)/i;

/** Collects console errors/warnings and page errors for the life of a page. */
export function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}
