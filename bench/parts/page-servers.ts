import type { BenchOptions } from '../lib/context.ts';
import { PAGE_HOSTS } from '../lib/page-kinds.ts';
import { startReplayProxy } from '../lib/replay-proxy.ts';
import type { BuiltSite } from '../lib/site.ts';
// The plain static host of the E2E tests, with gzip: deep links work from the pre-rendered files alone.
import { startStaticServer } from '../../harness/static-server.ts';
// The hosts' own local servers (wrangler pages dev, serve), as the E2E tests start them.
import { type HOST_SERVERS, startHostServer } from '../../harness/host-servers.ts';

/** A server the pages are measured on: its name in the rows, and how to start it. */
type PageServer = { mode: string; replayed?: boolean; start: () => Promise<{ url: string; close(): Promise<void>; counts?: () => { replayed: number; forwarded: number } }> };

/**
 * The servers the pages are measured on (--smoke: the gzip bucket server alone). A plain bucket
 * serves files as they are; a CDN or nginx compresses text: both are measured. The hosts'
 * servers serve dist/ at their root: a site built for a sub-path is measured on the bucket
 * server only. --replay: each host's server also measured through a proxy that gives its
 * recorded answers (bench/lib/replay-proxy.ts), so its own CPU use is not taken from the browser measured.
 */
export function serversOf(site: BuiltSite, options: BenchOptions): PageServer[] {
  const hosts = (options.hosts ?? (options.smoke ? ['bucket'] : PAGE_HOSTS)).filter((host) => host === 'bucket' || site.info.publishing.basePath === '/');
  return hosts.flatMap((host): PageServer[] =>
    host === 'bucket'
      ? (options.compression ?? (options.smoke ? [true] : [true, false])).map((gzip) => ({ mode: gzip ? 'gzip' : 'uncompressed', start: () => startStaticServer({ root: site.dist, basePath: site.info.publishing.basePath, gzip }) }))
      : [
          { mode: host, start: () => startHostServer(host, site.dist) },
          ...(options.replay ? [{ mode: `${host}, replayed`, replayed: true, start: () => startReplayedHost(host, site.dist) }] : []),
        ],
  );
}

/** A host's own server behind a proxy that records its answers and gives them again from memory. */
async function startReplayedHost(host: (typeof HOST_SERVERS)[number], dist: string) {
  const server = await startHostServer(host, dist);
  try {
    const proxy = await startReplayProxy(server.url);
    return {
      url: proxy.url,
      counts: proxy.counts,
      close: async () => {
        await proxy.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
