import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startHostServer, type HostServer } from '../../harness/host-servers.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';

const dist = mkdtempSync(join(tmpdir(), 'host-servers-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>A site</title><p>Served</p>');
const started: HostServer[] = [];
afterAll(async () => {
  for (const server of started) await server.close();
  rmSync(dist, { recursive: true, force: true });
});

// Test files and the benchmark start wrangler side by side: each server must claim only ports
// of its own, its devtools inspector's included (wrangler's default is one fixed port).
it('starts two Cloudflare Pages servers at once, and both answer', async () => {
  const results = await Promise.allSettled([startHostServer('cloudflare-pages', dist), startHostServer('cloudflare-pages', dist)]);
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  for (const server of started) expect(await (await fetchOnNewConnection(server.url)).text()).toContain('Served');
}, 120_000);
