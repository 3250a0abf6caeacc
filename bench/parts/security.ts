import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { metaPolicy } from '../../data/security-policy.ts';
import { startHostServer, type HostServerName } from '../../harness/host-servers.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';
import { observatoryScore, type ObservatoryScore } from '../../harness/observatory.ts';
import { startStaticServer } from '../../harness/static-server.ts';
import { policyTags } from '../../web/prerender/content-policy.ts';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { REPO } from '../lib/ingest.ts';
import type { Row } from '../lib/report.ts';
import { ensureBuilt } from '../lib/site.ts';

/** A+ starts at 100. */
const A_PLUS = 100;

interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * Where the built site is served, as each host serves it: the hosts' own local servers read the
 * header files the build wrote (`_headers`: Cloudflare Pages, and Netlify, which reads the same
 * file; `serve.json`, whose rules vercel.json repeats), `npm start`'s preview server, and the
 * strict bucket server, which sends no header of its own: GitHub Pages and a bucket, where the
 * pages' <meta> is the policy.
 */
const SERVERS: Array<{ name: string; headers: boolean; start: (dist: string) => Promise<Served> }> = [
  { name: 'Cloudflare Pages / Netlify (_headers, wrangler pages dev)', headers: true, start: (dist) => startHostServer('cloudflare-pages' satisfies HostServerName, dist) },
  { name: 'Vercel (serve.json, serve)', headers: true, start: (dist) => startHostServer('serve', dist) },
  { name: 'npm start (vite preview)', headers: true, start: startPreview },
  { name: 'GitHub Pages / bucket (<meta> only)', headers: false, start: (dist) => startStaticServer({ root: dist }) },
];

async function startPreview(dist: string): Promise<Served> {
  const { preview } = await import('vite');
  const server = await preview({ configFile: path.join(REPO, 'vite.config.ts'), logLevel: 'silent', build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1', open: false } });
  const { port } = server.httpServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** The best a page can do with no header at all: a strict <meta> policy and referrer policy (what the Observatory reads from HTML). */
function bestWithoutHeaders(): ObservatoryScore {
  return observatoryScore({ headers: {}, html: policyTags(metaPolicy({ scripts: ["'sha256-x'"], styles: [] }, undefined)) });
}

/**
 * The home page's headers and HTML on each server, graded as Mozilla's HTTP Observatory grades
 * them (harness/observatory.ts): A+ on every host that takes headers, and on GitHub Pages and a
 * bucket the best a <meta> allows.
 */
export async function security(options: BenchOptions, log: Log): Promise<PartResult> {
  const dist = await ensureBuilt(options, log);
  const best = bestWithoutHeaders();
  const rows: Row[] = [];
  const details: Record<string, ObservatoryScore> = {};
  for (const server of SERVERS) {
    log(`security: the home page's headers on ${server.name}`);
    const served = await server.start(dist);
    try {
      const response = await fetchOnNewConnection(served.url);
      const html = await response.text();
      const scored = observatoryScore({ headers: response.headers, html });
      details[server.name] = scored;
      const lost = scored.tests.filter((t) => t.modifier < 0).map((t) => `${t.test} ${t.modifier}`);
      // github.io is on the browsers' HSTS preload list: a project site there scores that much more.
      const onGithubIo = server.headers ? '' : `; best without headers ${best.score} (${best.grade}); on github.io (HSTS-preloaded) ${observatoryScore({ headers: response.headers, html, hstsPreloaded: true }).score}`;
      rows.push({
        part: 'security',
        metric: `Observatory score, ${server.name}`,
        value: scored.score,
        unit: 'score',
        target: { op: '>=', value: server.headers ? A_PLUS : best.score },
        note: `grade ${scored.grade}${lost.length ? `; lost: ${lost.join(', ')}` : ''}${onGithubIo}`,
      });
    } finally {
      await served.close();
    }
  }
  return { rows, details };
}
