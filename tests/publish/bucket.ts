import { AwsClient } from 'aws4fetch';
import { decodeHTMLAttribute } from 'entities';
import { XMLParser } from 'fast-xml-parser';
import { mkdir, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { S3RVER_CREDENTIALS } from '../../harness/s3-server.ts';

/**
 * What a visitor or another S3 tool sees in the loopback bucket, asked through S3's own API
 * (aws4fetch signing, not the publisher's code): its listing in order, and an object as served.
 */
/** The timeout of a test that publishes the whole sample site to s3rver: a minute on a busy 2-core machine, several when it is crowded. */
export const WHOLE_SITE = 900_000;

const client = new AwsClient({ ...S3RVER_CREDENTIALS, service: 's3', region: 'us-east-1', retries: 0 });
const xml = new XMLParser({ htmlEntities: true, parseTagValue: false, isArray: (name) => name === 'Contents' });

export interface Listed {
  key: string;
  etag: string;
  lastModified: string;
}

/** Every object of a bucket, in the order the server lists them, page after page of `pageSize`. */
export async function listBucket(endpoint: string, bucket: string, pageSize = 1000): Promise<Listed[]> {
  const listed: Listed[] = [];
  let token: string | undefined;
  do {
    const query = new URLSearchParams({ 'list-type': '2', 'max-keys': String(pageSize), ...(token && { 'continuation-token': token }) });
    const response = await client.fetch(`${endpoint}/${bucket}/?${query}`);
    if (!response.ok) throw new Error(`listing ${bucket}: ${response.status} ${await response.text()}`);
    const result = xml.parse(await response.text()).ListBucketResult;
    for (const c of result.Contents ?? []) listed.push({ key: c.Key, etag: c.ETag, lastModified: c.LastModified });
    token = result.IsTruncated === 'true' ? result.NextContinuationToken : undefined;
  } while (token);
  return listed;
}

/** An object as the server sends it: its headers, and its stored bytes (fetch would undo a gzip, so node:http). */
export async function getObject(endpoint: string, bucket: string, key: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer; text: () => string }> {
  const path = key.split('/').map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
  const signed = await client.sign(`${endpoint}/${bucket}/${path}`);
  const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(signed.url, { headers: Object.fromEntries(signed.headers) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
  if (status !== 200) throw new Error(`GET ${key}: ${status}`);
  return { headers, body, text: () => (headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8') };
}

/**
 * The site's own URLs a page refers to (src, href, srcset) that are not in the bucket. A page's
 * URL is its key; `/x/` is served from `x/index.html`. 'all': every page, and every reference,
 * links to other pages and the feed included (none missing once a publish is complete).
 * 'shown': every page, but only what it shows (its images, scripts, styles), which an
 * interrupted publish must leave whole. 'reachable': every reference of the pages a visitor
 * can reach by links from the home page (none, while the home page is not there).
 */
export async function missingReferences(endpoint: string, bucket: string, references: 'all' | 'shown' | 'reachable' = 'all'): Promise<string[]> {
  const keys = new Set((await listBucket(endpoint, bucket)).map((o) => o.key));
  const missing: string[] = [];
  const queue = references === 'reachable' ? (keys.has('index.html') ? ['index.html'] : []) : [...keys].filter((key) => key.endsWith('.html'));
  const seen = new Set(queue);
  while (queue.length > 0) {
    const page = queue.shift()!;
    const text = (await getObject(endpoint, bucket, page)).text();
    const html = references === 'shown' ? text.replace(/<a\s[^>]*>/g, '').replace(/<link\s[^>]*rel="alternate"[^>]*>/g, '') : text;
    const urls = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => decodeHTMLAttribute(m[1]!));
    // A srcset's candidates: a URL (no white space in it) and its width or density.
    for (const srcset of html.matchAll(/\ssrcset="([^"]+)"/g)) urls.push(...[...decodeHTMLAttribute(srcset[1]!).matchAll(/(?:^|,)\s*(\S+)\s+\d+(?:\.\d+)?[wx]/g)].map((m) => m[1]!));
    for (const raw of urls) {
      const url = new URL(raw, `http://site.test/${page}`);
      if (url.host !== 'site.test') continue;
      const key = decodeURIComponent(url.pathname.slice(1));
      const target = key === '' || key.endsWith('/') ? `${key}index.html` : key;
      if (!keys.has(target)) missing.push(`${page} → ${target}`);
      else if (references === 'reachable' && target.endsWith('.html') && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return missing;
}

/** A small site of its own under `work`: `count` data files. */
export async function smallSite(work: string, name: string, count: number): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < count; i++) await writeFile(join(dir, `f${i}.json`), JSON.stringify({ i }));
  return dir;
}
