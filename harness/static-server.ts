import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { servedFile } from '../data/paths.ts';
import { createGzip } from 'node:zlib';

/**
 * The one static server of the tests and the benchmark, as strict as the plainest host the
 * README's deploy section targets (a bucket, nginx without rules): the percent-decoded path
 * is looked up on disk as it is; only a path ending in '/' gets that folder's `index.html`;
 * no `.html` guessing, no redirects, no SPA mode; anything else gets `404.html` with status
 * 404 (or a bare 404). So every link the site writes must name its file. With `gzip`, text
 * is compressed and hashed assets are cached for a year, as a production host does. A file is
 * served in part for a `Range: bytes=…` request (206 with Content-Range; 416 past its end), as
 * a bucket does: a browser asks for the recordings' audio and the clips' video that way, and
 * Safari plays no media from a server that answers a range with the whole file.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
};

/**
 * The bytes a `Range` header asks of a file of `size` bytes, as a bucket reads it: one range
 * (`bytes=0-99`, `bytes=100-`, `bytes=-100`), its end cut to the file's; 'unsatisfiable' when
 * it starts past the end; undefined (the whole file) for no header, several ranges or another unit.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface StaticServer {
  /** Origin plus base path, ending in '/', e.g. `http://127.0.0.1:40123/portfolio/`. */
  url: string;
  /** `http://127.0.0.1:40123`. */
  origin: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

export async function startStaticServer(options: { root: string; basePath?: string; port?: number; gzip?: boolean }): Promise<StaticServer> {
  const root = resolve(options.root);
  const basePath = options.basePath ?? '/';

  async function resolveFile(urlPath: string): Promise<{ file: string; status: number } | undefined> {
    const served = servedFile(urlPath, basePath);
    const file = served === undefined ? undefined : join(root, served);
    return file !== undefined && (await isFile(file)) ? { file, status: 200 } : undefined;
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const found = (await resolveFile(path)) ?? ((await isFile(join(root, '404.html'))) ? { file: join(root, '404.html'), status: 404 } : undefined);
      if (!found) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const ext = extname(found.file).toLowerCase();
      const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream' };
      const size = (await stat(found.file)).size;
      const range = found.status === 200 ? byteRange(request.headers.range, size) : undefined;
      const compress = range === undefined && options.gzip === true && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (options.gzip) headers['cache-control'] = path.slice(basePath.length).startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      if (found.status === 200) headers['accept-ranges'] = 'bytes';
      if (compress) Object.assign(headers, { 'content-encoding': 'gzip', vary: 'accept-encoding' });
      if (range === 'unsatisfiable') {
        response.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
        return;
      }
      if (range) Object.assign(headers, { 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(range.end - range.start + 1) });
      else if (!compress) headers['content-length'] = String(size);
      response.writeHead(range ? 206 : found.status, headers);
      if (request.method === 'HEAD') response.end();
      else if (range) createReadStream(found.file, range).pipe(response);
      else if (compress) createReadStream(found.file).pipe(createGzip()).pipe(response);
      else createReadStream(found.file).pipe(response);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
