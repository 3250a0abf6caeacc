import { connectionCodeOf, messageOf } from '../../data/error-text.ts';
import { taxonomyText } from '../report/messages.ts';

/**
 * Downloads a taxonomy from its publisher: the eBird API's CSV by default. Every way a download
 * can fail (no network, an error status, a body cut short, no byte for too long) is one
 * DownloadFailed with a reason a person can act on; nothing here writes a file.
 */

/** The current eBird/Clements taxonomy, every category, as the eBird API 2.0 serves it without a key. */
export const DEFAULT_TAXONOMY_URL = 'https://api.ebird.org/v2/ref/taxonomy/ebird?fmt=csv';
/** Points the download elsewhere (a mirror, or a test's loopback server), as `--url` does. */
const TAXONOMY_URL_VARIABLE = 'PORTFOLIO_TAXONOMY_URL';

/** The URL to fetch: the option, else the environment variable, else eBird's. */
export function taxonomyUrl(option?: string): string {
  return option || process.env[TAXONOMY_URL_VARIABLE] || DEFAULT_TAXONOMY_URL;
}

/** No byte for this long ends the download: a stalled connection must not hold an ingest. */
const IDLE_MS = 30_000;

export class DownloadFailed extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
  }
}

export type OnProgress = (received: number, total: number | undefined) => void;

/** The body of `url` as text, whole: checked against its Content-Length when the server sends one. */
export async function download(url: string, onProgress?: OnProgress): Promise<string> {
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), IDLE_MS);
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), IDLE_MS);
  };
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal: idle.signal, headers: { accept: 'text/csv' } });
    } catch (error) {
      throw new DownloadFailed(url, idle.signal.aborted ? taxonomyText.noAnswer(IDLE_MS / 1000) : taxonomyText.noConnection(connectionError(error)));
    }
    if (!response.ok) throw new DownloadFailed(url, taxonomyText.serverAnswered(response.status, response.statusText));
    // A compressed body's length is not the length of what is read: it is then checked by parsing alone.
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
    const declared = Number(response.headers.get('content-length') ?? NaN);
    const total = !encoded && Number.isFinite(declared) ? declared : undefined;
    const chunks: Uint8Array[] = [];
    let received = 0;
    try {
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
        stillAlive();
        chunks.push(read.value);
        received += read.value.byteLength;
        onProgress?.(received, total);
      }
    } catch {
      throw new DownloadFailed(url, taxonomyText.stopped(bytes(received), total ? bytes(total) : undefined, idle.signal.aborted ? IDLE_MS / 1000 : undefined));
    }
    if (total !== undefined && received !== total) throw new DownloadFailed(url, taxonomyText.cutShort(bytes(received), bytes(total)));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}

/** The current edition the eBird API names ('v2025'), from its versions list beside the taxonomy; undefined when it cannot say. */
export async function latestEbirdEdition(taxonomyUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(new URL('versions', taxonomyUrl), { signal: AbortSignal.timeout(IDLE_MS) });
    if (!response.ok) return undefined;
    const versions = (await response.json()) as unknown;
    if (!Array.isArray(versions)) return undefined;
    const latest = versions.find((v: { latest?: unknown; authorityVer?: unknown }) => v?.latest === true && typeof v.authorityVer === 'number') as { authorityVer: number } | undefined;
    return latest ? `v${Math.trunc(latest.authorityVer)}` : undefined;
  } catch {
    return undefined;
  }
}

/** The system's name for a failed connection (ECONNREFUSED, ENOTFOUND…), or the error's message. */
function connectionError(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause;
  return connectionCodeOf(error) ?? (typeof cause?.message === 'string' ? cause.message : messageOf(error));
}

export const bytes = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${Math.round(n / 1000)} KB` : `${n} bytes`);
