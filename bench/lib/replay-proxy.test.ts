import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayProxy, type ReplayProxy } from './replay-proxy.ts';

/**
 * The benchmark's replaying proxy must give a host's answers exactly as the host gave them
 * (status, headers, compressed bytes, redirects), and ask the host only once per answer.
 */
const page = gzipSync('<!doctype html><title>Home</title>');
const asked: string[] = [];
let upstream: Server;
let proxy: ReplayProxy;

/** A raw GET (no decompression, no redirect following), as the browser's network layer sees it. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  upstream = createServer((incoming, outgoing) => {
    asked.push(`${incoming.url} ${incoming.headers['accept-encoding'] ?? ''}`);
    const origin = `http://${incoming.headers.host}`;
    if (incoming.url === '/old') {
      outgoing.writeHead(308, { location: `${origin}/new?photo=a` });
      outgoing.end();
    } else if (incoming.headers['if-none-match']) {
      outgoing.writeHead(304, { etag: '"1"' });
      outgoing.end();
    } else {
      outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=0, must-revalidate', etag: '"1"' });
      outgoing.end(page);
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startReplayProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`);
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('the replaying proxy of the benchmark', () => {
  it('gives the recorded answer byte for byte, asking the server once', async () => {
    const first = await get(proxy.url, { 'accept-encoding': 'gzip' });
    const second = await get(proxy.url, { 'accept-encoding': 'gzip' });
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(page)).toBe(true);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers['content-length']).toBe(String(page.length));
    }
    expect(asked.filter((line) => line === '/ gzip')).toHaveLength(1);
    expect(proxy.counts()).toEqual({ replayed: 1, forwarded: 1 });
  });

  it('keeps answers apart by the encodings the browser accepts', async () => {
    await get(proxy.url, { 'accept-encoding': 'br' });
    expect(asked).toContain('/ br');
  });

  it('gives a redirect as the server gave it, pointing at the proxy, query kept', async () => {
    const answer = await get(new URL('old', proxy.url).href);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(new URL('new?photo=a', proxy.url).href);
  });

  it('forwards a conditional request every time: a fresh browser never sends one, and its 304 is no answer to keep', async () => {
    const before = asked.length;
    for (let i = 0; i < 2; i++) expect((await get(proxy.url, { 'if-none-match': '"1"' })).status).toBe(304);
    expect(asked.length - before).toBe(2);
  });
});
