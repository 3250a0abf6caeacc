import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from './ports.ts';
import { unescapeHtml } from '../web/prerender/html-document.ts';
import { fetchOnNewConnection } from './loopback-fetch.ts';
import { behindFront } from './wrangler-front.ts';

/**
 * The hosts' own local servers, from npm, serving a built dist/ as the hosts do:
 * `wrangler pages dev` (Cloudflare Pages' asset rules, in the real workerd runtime) and
 * `serve` (Vercel's: cleanUrls, serve.json). Used by the host E2E tests and the benchmark.
 */
export interface HostServer {
  name: HostServerName;
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  close(): Promise<void>;
}

export const HOST_SERVERS = ['cloudflare-pages', 'serve'] as const;
export type HostServerName = (typeof HOST_SERVERS)[number];

const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** wrangler refuses a compatibility date newer than its workerd; this one is older than every wrangler 4. */
const COMPATIBILITY_DATE = '2025-01-01';

/** Resolves once `url` answers at all, or rejects with the server's output if it exits first. */
async function answering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`));
  for (;;) {
    if (exited) throw new Error(`The server ${exited} before answering ${url}:\n${output()}`);
    try {
      await fetchOnNewConnection(url, { redirect: 'manual' });
      return;
    } catch {
      // Not listening yet: ask again once the event loop has turned.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Ends the server and every process it started (wrangler runs workerd): they form one process group. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/**
 * `wrangler pages dev` on `port`, its devtools inspector on a free port of its own: wrangler's
 * default (9229, when it looks free) let two servers started at once (two test files, or a test
 * and the benchmark) both claim it, and the second's workerd failed to start.
 */
function wranglerArgs(dist: string, port: number, inspector: number): string[] {
  return ['pages', 'dev', dist, '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--compatibility-date', COMPATIBILITY_DATE, '--show-interactive-dev-session=false'];
}

/** A host's server process, answering on loopback. */
export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** The end of what it printed. */
  output(): string;
  close(): Promise<void>;
}

/** Starts one host's server on a free port of its own and resolves once it answers. */
async function startServerProcess(name: HostServerName, dist: string): Promise<ServerProcess> {
  const [port, inspector] = (await freePorts(2)) as [number, number];
  // wrangler keeps state in .wrangler/ of its working folder, and its debug logs where
  // WRANGLER_LOG_PATH says: a scratch folder, never the project or the user's home.
  const scratch = await mkdtemp(join(tmpdir(), `host-${name}-`));
  const [command, args] =
    name === 'cloudflare-pages'
      ? [bin('wrangler'), wranglerArgs(dist, port, inspector)]
      : [bin('serve'), [dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-port-switching']];
  const child = spawn(command, args, {
    cwd: scratch,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Nothing leaves the machine: both would otherwise ask registry.npmjs.org for their latest
    // version as they start (wrangler with its banner, serve on its own), and wrangler's local
    // runtime (miniflare) fetches Cloudflare's sample of a request's `cf` properties where
    // NODE_ENV is not 'test' (the bench). wrangler also asks the registry for its newest version
    // when it reports an error (before an exit, harness/wrangler-front.ts): its registry, as the
    // `rc` package reads npm's settings, is a loopback port nothing listens on.
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      WRANGLER_LOG_PATH: join(scratch, 'logs'),
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      npm_registry: 'http://127.0.0.1:9/',
      NO_UPDATE_CHECK: '1',
      CI: 'true',
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}/`;
  const close = async () => {
    await stop(child);
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    await answering(url, child, () => log);
  } catch (error) {
    await close();
    throw error;
  }
  return { port, url, child, output: () => log, close };
}

export async function startHostServer(name: HostServerName, dist: string): Promise<HostServer> {
  if (name === 'cloudflare-pages') return { name, ...(await behindFront(() => startServerProcess(name, dist))) };
  const server = await startServerProcess(name, dist);
  return { name, url: server.url, close: server.close };
}

const attribute = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => unescapeHtml(m[1]!));

/** An answer other than 200, as a failure names it: the status, the URL and where a redirect goes. */
const notOk = (response: Response, url: string) => `${response.status} ${url}${response.headers.get('location') ? ` → ${response.headers.get('location')}` : ''}`;

/** Every URL of the site a visitor, a crawler or a feed reader follows: links and images of each page reached from home, canonicals, og:url, the sitemap and the feed. */
export async function crawl(base: string): Promise<{ checked: number; failures: string[] }> {
  const { urls, failures } = await followLinks(base);
  return { checked: urls.length, failures };
}

/**
 * Follows every link from `base` with GET, reading each page, sitemap and feed for more (see
 * crawl): every URL reached, and the answers that were not 200, with where a redirect went.
 */
export async function followLinks(base: string): Promise<{ urls: string[]; failures: string[] }> {
  const origin = new URL(base).origin;
  const queue = [base, new URL('sitemap.xml', base).href, new URL('feed.xml', base).href];
  const seen = new Set<string>();
  const failures: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetchOnNewConnection(url, { redirect: 'manual' });
    if (response.status !== 200) {
      failures.push(notOk(response, url));
      continue;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!/html|xml/.test(type)) continue;
    const text = await response.text();
    const found = [
      ...attribute(text, /\shref="([^"]+)"/g),
      ...attribute(text, /\ssrc="([^"]+)"/g),
      ...attribute(text, /property="og:url" content="([^"]+)"/g),
      ...attribute(text, /<loc>([^<]+)<\/loc>/g),
    ];
    for (const link of found) {
      const next = new URL(link, url);
      next.hash = '';
      if (next.origin === origin && !seen.has(next.href)) queue.push(next.href);
    }
  }
  return { urls: [...seen], failures };
}

/**
 * Asks the server at `base` for each of `urls` (found by followLinks on another server of the
 * same dist/, whose files hold the same links) with HEAD, as crawl would with GET: what a host
 * answers a path, its status and any redirect, does not depend on the method, and through
 * wrangler a HEAD costs about a third of the CPU of a GET.
 */
export async function headAnswers(base: string, urls: string[]): Promise<{ checked: number; failures: string[] }> {
  const failures: string[] = [];
  for (const found of urls) {
    const { pathname, search } = new URL(found);
    const url = new URL(`${pathname}${search}`, base).href;
    const response = await fetchOnNewConnection(url, { method: 'HEAD', redirect: 'manual' });
    if (response.status !== 200) failures.push(notOk(response, url));
  }
  return { checked: urls.length, failures };
}

