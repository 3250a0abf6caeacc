import { createServer, type Server } from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A plain static host for dist/, as GitHub Pages or Netlify serve it: gzip for text,
 * long caching for hashed assets, `<path>/index.html` and `<path>.html` for pre-rendered
 * routes, and index.html for any other route (the single-page fallback deep links need).
 */
export async function serveStatic(root: string, basePath = '/'): Promise<StaticServer> {
  const prefix = basePath.replace(/\/$/, '');
  const gzipped = new Map<string, Buffer>();
  const server: Server = createServer(async (req, res) => {
    try {
      const requested = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      // The site may be built for a sub-path (e.g. /portfolio/): dist/ is what is served there.
      const pathname = prefix && requested.startsWith(`${prefix}/`) ? requested.slice(prefix.length) : requested;
      const file = await resolveFile(root, pathname);
      const ext = path.extname(file.path).toLowerCase();
      let body: Buffer = await fs.readFile(file.path);
      const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream' };
      headers['cache-control'] = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        let zipped = gzipped.get(file.path);
        if (!zipped) gzipped.set(file.path, (zipped = gzipSync(body)));
        body = zipped;
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = String(body.length);
      res.writeHead(file.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function resolveFile(root: string, pathname: string): Promise<{ path: string; status: number }> {
  const safe = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(root, safe);
  if (!base.startsWith(root)) throw new Error('outside the root');
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    const stat = await fs.stat(candidate).catch(() => undefined);
    if (stat?.isFile()) return { path: candidate, status: 200 };
  }
  // A file-like path (with an extension) that does not exist is a real 404.
  if (/^\.[a-z0-9]{1,5}$/i.test(path.extname(safe))) throw new Error('no such file');
  return { path: path.join(root, 'index.html'), status: 200 };
}
