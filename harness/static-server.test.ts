import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnNewConnection } from './loopback-fetch.ts';
import { byteRange, startStaticServer, type StaticServer } from './static-server.ts';

const dist = mkdtempSync(join(tmpdir(), 'static-server-'));
const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
mkdirSync(join(dist, 'media', 'Bald Eagle'), { recursive: true });
writeFileSync(join(dist, 'media', 'Bald Eagle', 'call.m4a'), audio);
writeFileSync(join(dist, 'media', 'Bald Eagle', 'takeoff.mp4'), audio);
writeFileSync(join(dist, '404.html'), 'not here');
let server: StaticServer;
beforeAll(async () => {
  server = await startStaticServer({ root: dist, gzip: true });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, range?: string) => fetchOnNewConnection(new URL(path, server.url).href, range ? { headers: { range } } : {});

describe('the strict static server', () => {
  it('serves a recording whole, with its type, saying it takes ranges', async () => {
    const response = await get('media/Bald%20Eagle/call.m4a');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
    expect((await get('media/Bald%20Eagle/takeoff.mp4')).headers.get('content-type')).toBe('video/mp4');
  });

  it('answers a range request with 206 and Content-Range, as a browser asks for media', async () => {
    const first = await get('media/Bald%20Eagle/call.m4a', 'bytes=0-');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-999/1000');
    const middle = await get('media/Bald%20Eagle/call.m4a', 'bytes=100-199');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(middle.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await middle.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
    const last = await get('media/Bald%20Eagle/call.m4a', 'bytes=-10');
    expect(last.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await last.arrayBuffer()).equals(audio.subarray(990))).toBe(true);
  });

  it('answers 416 for a range past the end, and the 404 page whole for a missing file', async () => {
    const past = await get('media/Bald%20Eagle/call.m4a', 'bytes=1000-');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    const missing = await get('media/none.m4a', 'bytes=0-');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('not here');
  });
});

describe('byteRange', () => {
  it('reads one range of bytes as a bucket does, and leaves the rest to a whole answer', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-2000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=5-4', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRange(undefined, 1000)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(byteRange('items=0-1', 1000)).toBeUndefined();
  });
});
