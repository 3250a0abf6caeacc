import { spawn } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import type { ServerProcess } from '../../harness/host-servers.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';
import { freePort } from '../../harness/ports.ts';
import { behindFront } from '../../harness/wrangler-front.ts';

/**
 * The front wrangler pages dev is started behind (harness/wrangler-front.ts), in front of a
 * stand-in that fails as wrangler does when a request meets a connection its worker closed
 * (cloudflare/workers-sdk#15317): `/dies` answers 500 and the process exits, `/hangs-once` is
 * left without an answer the first time.
 */
const STAND_IN = `
const http = require('node:http');
let served = 0;
let hung = false;
http.createServer((req, res) => {
  served++;
  if (req.url === '/hangs-once' && !hung) { hung = true; return; }
  if (req.url === '/dies') { res.writeHead(500); res.end(); setTimeout(() => process.exit(1), 50); return; }
  res.writeHead(200, { 'content-type': 'text/plain', 'x-instance': String(process.pid) });
  res.end(req.method + ' ' + req.url + ' ' + req.headers.host + ' ' + served);
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

const fronts: { close(): Promise<void> }[] = [];
const started: ServerProcess[] = [];
afterEach(async () => {
  for (const front of fronts.splice(0)) await front.close();
  expect(started.filter((s) => s.child.exitCode === null && s.child.signalCode === null)).toEqual([]);
  started.length = 0;
});

async function startStandIn(): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', STAND_IN, String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  const server: ServerProcess = {
    port,
    url,
    child,
    output: () => '',
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve).kill());
    },
  };
  started.push(server);
  for (;;) {
    if (child.exitCode !== null) throw new Error('the stand-in exited before answering');
    if (await fetchOnNewConnection(url).then(() => true, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Long enough for the stand-in's answers on a busy machine, short enough for the test. */
const ANSWER_WITHIN_MS = 2_000;

async function front() {
  const started = await behindFront(startStandIn, { answerWithinMs: ANSWER_WITHIN_MS });
  fronts.push(started);
  return started;
}

it('passes a request through as the visitor sent it, its Host included', async () => {
  const { url } = await front();
  const response = await fetchOnNewConnection(new URL('/a/b?c=1', url));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain');
  expect(await response.text()).toMatch(new RegExp(`^GET /a/b\\?c=1 ${new URL(url).host} \\d+$`));
});

it('sends a GET once more to a server started again when the first answers 500 and exits', async () => {
  const { url } = await front();
  const before = (await fetchOnNewConnection(url)).headers.get('x-instance');
  const response = await fetchOnNewConnection(new URL('/dies', url));
  // The stand-in dies again under the request sent once more: its second 500 is the answer.
  expect(response.status).toBe(500);
  await expect.poll(() => started.length).toBe(3);
  const after = await fetchOnNewConnection(url);
  expect(after.status).toBe(200);
  expect(after.headers.get('x-instance')).not.toBe(before);
});

it('starts the server again when it is gone, and the next GET is answered', async () => {
  const { url } = await front();
  await started[0]!.close();
  const response = await fetchOnNewConnection(new URL('/after', url));
  expect(response.status).toBe(200);
  expect(await response.text()).toMatch(/^GET \/after /);
  expect(started).toHaveLength(2);
});

it('sends a GET left without an answer once more, to the same server', async () => {
  const { url } = await front();
  const response = await fetchOnNewConnection(new URL('/hangs-once', url));
  expect(response.status).toBe(200);
  expect(await response.text()).toMatch(/^GET \/hangs-once /);
  // Answered by the stand-in that left it: nothing was started again.
  expect(started).toHaveLength(1);
});

it('sends a POST once only, its body as sent', async () => {
  const { url } = await front();
  const response = await fetchOnNewConnection(new URL('/dies', url), { method: 'POST', body: 'x'.repeat(10) });
  expect(response.status).toBe(500);
  await expect.poll(() => started.length).toBe(2);
});
