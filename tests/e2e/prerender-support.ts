import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { servedFile } from '../../data/paths.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';

/** Helpers of the pre-render tests: `vite preview` beside the one static server, and file lookups in a build. */

export type { StaticServer };

/** The plain static host (harness/static-server.ts) serving a build under `mount`. */
export function startPlainServer(root: string, mount = '/'): Promise<StaticServer> {
  return startStaticServer({ root, basePath: mount });
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
  const origin = `http://127.0.0.1:${address.port}`;
  return { origin, url: origin + base, close: () => server.close() };
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
  const served = servedFile(new URL(url, origin).pathname, mount);
  const file = served === undefined ? undefined : join(dist, served);
  return file !== undefined && existsSync(file) && statSync(file).isFile() ? file : undefined;
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
