import { AwsClient } from 'aws4fetch';
import { connectionCodeOf } from '../data/error-text.ts';
import type { BucketFolder } from '../data/publishing.ts';
import type { DeploySettings } from '../data/site-config.ts';
import type { Credentials } from './credentials.ts';
import { PublishError } from './errors.ts';
import { parseListingPage } from './listing-xml.ts';
import { noSuchBucket, refusedCredentials, storageFailed, unreachable } from './messages.ts';
import type { ObjectMetadata } from './object-metadata.ts';

/**
 * One folder of a bucket on any S3-compatible storage: S3's REST API signed by aws4fetch, its
 * XML read in listing-xml.ts (chosen by measurement: docs/deploying.md). Keys here are
 * relative to the folder's prefix. Every upload is one request, so an object's ETag is the
 * MD5 of its bytes, which the plan compares.
 */
export interface RemoteObject {
  etag: string;
  size: number;
}

/** Where requests go: the settings' endpoint, else AWS S3's for the region. */
function endpointOf(settings: Pick<DeploySettings, 'endpoint' | 'region'>): string {
  return (settings.endpoint ?? `https://s3.${settings.region ?? 'us-east-1'}.amazonaws.com`).replace(/\/+$/, '');
}

/** The code of an S3 error answer (`<Error><Code>NoSuchBucket</Code>…`). */
const errorCodeOf = (xml: string) => /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

/** A key as a URL path: each segment percent-encoded as SigV4 expects (RFC 3986). */
const encodeKey = (key: string) => key.split('/').map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

export class BucketStore {
  readonly #client: AwsClient;
  readonly endpoint: string;
  readonly #base: string;

  constructor(
    readonly folder: BucketFolder,
    settings: Pick<DeploySettings, 'endpoint' | 'region'>,
    credentials: Credentials,
  ) {
    this.endpoint = endpointOf(settings);
    this.#client = new AwsClient({ ...credentials, service: 's3', region: settings.region ?? 'us-east-1', retries: 3 });
    // AWS names buckets in the host; other storages (MinIO, R2, B2, …) take them in the path.
    this.#base = settings.endpoint ? `${this.endpoint}/${folder.bucket}` : this.endpoint.replace('://', `://${folder.bucket}.`);
  }

  get name(): string {
    return `s3://${this.folder.bucket}/${this.folder.prefix}`;
  }

  /** The folder's objects from one listing (pages of 1,000 keys), leaving out keys under `excluded` prefixes (another target's folder inside this one). */
  async list(excluded: readonly string[] = []): Promise<Map<string, RemoteObject>> {
    const objects = new Map<string, RemoteObject>();
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: this.folder.prefix, ...(token && { 'continuation-token': token }) });
      const page = parseListingPage(await this.#request(`Listing ${this.name}`, `${this.#base}/?${query}`, { method: 'GET' }));
      if (!page) throw new PublishError(storageFailed(`Listing ${this.name}`, 'the answer is not an S3 listing; check publishing.deploy.endpoint'));
      for (const object of page.objects) {
        const key = object.key.slice(this.folder.prefix.length);
        if (!excluded.some((prefix) => key.startsWith(prefix))) objects.set(key, { etag: object.etag, size: object.size });
      }
      token = page.next;
    } while (token);
    return objects;
  }

  async put(key: string, body: Uint8Array<ArrayBuffer>, metadata: ObjectMetadata): Promise<void> {
    await this.#request(`Uploading ${this.name}${key}`, `${this.#base}/${encodeKey(this.folder.prefix + key)}`, { method: 'PUT', body, headers: { ...metadata } });
  }

  async delete(key: string): Promise<void> {
    await this.#request(`Deleting ${this.name}${key}`, `${this.#base}/${encodeKey(this.folder.prefix + key)}`, { method: 'DELETE' });
  }

  /** The answer's body; a failure becomes one line for the owner, written from its code, never from the request. */
  async #request(doing: string, url: string, init: RequestInit): Promise<string> {
    let response: Response;
    let body: string;
    try {
      ({ response, body } = await this.#answer(url, init));
    } catch (error) {
      const code = codeOf(error);
      if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(code)) throw new PublishError(unreachable(this.endpoint, code));
      throw new PublishError(storageFailed(doing, code));
    }
    if (response.ok) return body;
    const code = errorCodeOf(body) ?? `HTTP ${response.status}`;
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken'].includes(code) || response.status === 403) throw new PublishError(refusedCredentials(this.endpoint, code));
    if (code === 'NoSuchBucket') throw new PublishError(noSuchBucket(this.folder.bucket, this.endpoint));
    throw new PublishError(storageFailed(doing, `${response.status} ${code}`));
  }

  /**
   * The answer and its body, asked once more on a new connection when the first one was lost
   * before it came: a server ends an idle kept-alive connection on its own clock, and a request
   * sent on it just then is reset (nodejs/undici#3141). Every request here can be sent twice (a
   * whole object put, a delete, a listing). A server that is down fails the second time too.
   */
  async #answer(url: string, init: RequestInit): Promise<{ response: Response; body: string }> {
    const attempt = async () => {
      const response = await this.#client.fetch(url, init);
      return { response, body: await response.text() };
    };
    try {
      return await attempt();
    } catch (error) {
      if (!CONNECTION_LOST.includes(codeOf(error))) throw error;
      return attempt();
    }
  }
}

/** A connection that ended before its answer did: reset, or closed by the server as it was sent. */
const CONNECTION_LOST = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'];

/** A failed fetch's reason: its connection's code (`ECONNREFUSED`), else the error's name. */
const codeOf = (error: unknown): string => connectionCodeOf(error) ?? (error instanceof Error ? error.name : 'unknown error');
