import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A host's local server as its visitors meet it, without its CPU: a proxy in front of it that
 * forwards each request once, keeps the answer exactly as the server gave it (status, headers,
 * the compressed bytes) and gives that answer from memory after. `wrangler pages dev` spends
 * ~16 ms of CPU on every request (its miniflare loopback, its request log, the log file it
 * appends each line to); on the 2-core machine the benchmark runs on, that CPU is taken from
 * the browser being measured, while the real Cloudflare Pages answers from its own machines.
 * The benchmark measures each host both ways and says which is which.
 */
export interface ReplayProxy {
  /** The proxy's URL, in place of the server's (same paths). */
  url: string;
  /** Answers given from memory, and those forwarded to the server (first asked, or never recorded). */
  counts(): { replayed: number; forwarded: number };
  close(): Promise<void>;
}

interface Recorded {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// Per-connection headers: they describe the server's connection, not its answer.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

export async function startReplayProxy(upstream: string): Promise<ReplayProxy> {
  const target = new URL(upstream);
  const recorded = new Map<string, Promise<Recorded>>();
  let replayed = 0;
  let forwarded = 0;

  function forward(method: string, path: string, headers: IncomingHttpHeaders): Promise<Recorded> {
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: target.hostname, port: target.port, method, path, headers: { ...headers, host: target.host } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    // The answer depends on the path and on the encodings the browser accepts; a conditional
    // request (If-None-Match) would get a 304 a fresh Lighthouse run never asks for: not kept.
    const key = `${method} ${path} ${incoming.headers['accept-encoding'] ?? ''}`;
    const cacheable = method === 'GET' && !incoming.headers['if-none-match'] && !incoming.headers['if-modified-since'];
    let answer = cacheable ? recorded.get(key) : undefined;
    if (answer !== undefined) replayed += 1;
    else {
      forwarded += 1;
      answer = forward(method, path, incoming.headers);
      if (cacheable) recorded.set(key, answer);
    }
    answer.then(
      ({ status, headers, body }) => {
        const kept = Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name));
        const location = headers.location;
        const sameOriginLocation = location ? location.replace(target.origin, `http://127.0.0.1:${(server.address() as AddressInfo).port}`) : undefined;
        outgoing.writeHead(status, Object.fromEntries([...kept.filter(([name]) => name !== 'content-length' && name !== 'location'), ['content-length', String(body.length)], ...(sameOriginLocation ? [['location', sameOriginLocation]] : [])]));
        outgoing.end(method === 'HEAD' ? undefined : body);
      },
      (error: Error) => {
        recorded.delete(key);
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(`The server behind the replaying proxy did not answer: ${error.message}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    counts: () => ({ replayed, forwarded }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
