import { AwsV4Signer } from 'aws4fetch';
import type { BucketFolder } from '../data/publishing.ts';
import type { DeploySettings } from '../data/site-config.ts';
import { keptAliveAgents, send, type Agents, type Answer } from './bounded-request.ts';
import type { CredentialSource } from './credentials.ts';
import { PublishError } from './errors.ts';
import { errorCodeOf, parseListingPage, uploadIdOf } from './listing-xml.ts';
import { noSuchBucket, refusedCredentials, requestFailed, storageFailed, triedText, unreachable } from './messages.ts';
import { multipartPlan, type Md5 } from './md5.ts';
import type { ObjectMetadata } from './object-metadata.ts';
import { backoffOf, isRetriedAnswer, isRetriedCode, nextAttempt, requestPolicyOf, type RequestPolicy } from './request-policy.ts';

/**
 * One folder of a bucket on any S3-compatible storage: S3's REST API signed by aws4fetch and
 * sent with bounded waits and retries (bounded-request.ts, request-policy.ts), its XML read in
 * listing-xml.ts. Keys here are relative to the folder's prefix. Every upload carries its MD5
 * twice: as Content-MD5, so the storage refuses a body damaged on the way, and as the object's
 * metadata (x-amz-meta-md5), which a later publish reads where the ETag is not an MD5.
 */
export interface RemoteObject {
  etag: string;
  size: number;
  /** The MD5 kept in the object's metadata, once asked for (a HEAD): hex, or null when it has none. */
  md5?: string | null;
}

/** Where requests go: the settings' endpoint, else AWS S3's for the region. */
function endpointOf(settings: { endpoint?: string | undefined; region: string }): string {
  return (settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`).replace(/\/+$/, '');
}

/** A key as a URL path: each segment percent-encoded as SigV4 expects (RFC 3986). */
const encodeKey = (key: string) => key.split('/').map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/** The metadata header holding an object's MD5. */
const MD5_HEADER = 'x-amz-meta-md5';

/** Requests in flight at once, per store: the run's own limit, and a few for a multipart upload's abort. */
const SOCKETS = 12;

const CREDENTIAL_ERRORS = ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken'];
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'CONNECT_TIMEOUT'];

interface Call {
  doing: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

export class BucketStore {
  readonly endpoint: string;
  readonly #base: string;
  readonly #region: string;
  readonly #agents: Agents = keptAliveAgents(SOCKETS);

  constructor(
    readonly folder: BucketFolder,
    settings: Pick<DeploySettings, 'endpoint'> & { region: string },
    private readonly credentials: CredentialSource,
    private readonly policy: RequestPolicy = requestPolicyOf(),
  ) {
    this.endpoint = endpointOf(settings);
    this.#region = settings.region;
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
      const doing = `Listing ${this.name}`;
      const page = parseListingPage((await this.#call({ doing, method: 'GET', path: `/?${query}` })).body);
      if (!page) throw new PublishError(storageFailed(doing, 'the answer is not an S3 listing; check publishing.deploy.endpoint'));
      for (const object of page.objects) {
        const key = object.key.slice(this.folder.prefix.length);
        if (!excluded.some((prefix) => key.startsWith(prefix))) objects.set(key, { etag: object.etag, size: object.size });
      }
      token = page.next;
    } while (token);
    return objects;
  }

  /** The MD5 an object keeps in its metadata, null when it keeps none, undefined when it is gone. */
  async md5Of(key: string): Promise<string | null | undefined> {
    const answer = await this.#call({ doing: `Reading ${this.name}${key}`, method: 'HEAD', path: `/${encodeKey(this.folder.prefix + key)}` }, [404]);
    if (answer.status === 404) return undefined;
    const md5 = answer.headers[MD5_HEADER];
    return typeof md5 === 'string' && /^[0-9a-f]{32}$/.test(md5) ? md5 : null;
  }

  /** Uploads `body` (whose MD5 is `md5`) in one request, or in parts when it is large. */
  async put(key: string, body: Uint8Array, metadata: ObjectMetadata, md5: Md5): Promise<void> {
    const headers = { ...metadata, [MD5_HEADER]: md5.hex };
    const path = `/${encodeKey(this.folder.prefix + key)}`;
    const doing = `Uploading ${this.name}${key}`;
    const parts = multipartPlan(body);
    if (!parts) {
      await this.#call({ doing, method: 'PUT', path, headers: { ...headers, 'Content-MD5': md5.base64 }, body });
      return;
    }
    const uploadId = uploadIdOf((await this.#call({ doing, method: 'POST', path: `${path}?uploads`, headers })).body);
    if (!uploadId) throw new PublishError(storageFailed(doing, 'the storage gave no upload id for a multipart upload'));
    const upload = `uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const etags: string[] = [];
      for (const [i, part] of parts.entries()) {
        const answer = await this.#call({ doing: `${doing} (part ${i + 1} of ${parts.length})`, method: 'PUT', path: `${path}?partNumber=${i + 1}&${upload}`, headers: { 'Content-MD5': part.md5.base64 }, body: part.body });
        etags.push(String(answer.headers.etag ?? ''));
      }
      const complete = `<CompleteMultipartUpload>${etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
      const answer = await this.#call({ doing, method: 'POST', path: `${path}?${upload}`, headers: { 'Content-Type': 'application/xml' }, body: new TextEncoder().encode(complete) });
      // S3 may answer 200 and put its error in the body of a completion.
      const code = errorCodeOf(answer.body);
      if (code) throw new PublishError(storageFailed(doing, code));
    } catch (error) {
      // Parts left behind cost storage until aborted; the abort's own failure is not the news.
      await this.#call({ doing: `Aborting ${doing}`, method: 'DELETE', path: `${path}?${upload}` }, [404]).catch(() => undefined);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#call({ doing: `Deleting ${this.name}${key}`, method: 'DELETE', path: `/${encodeKey(this.folder.prefix + key)}` });
  }

  /** The answer, signed afresh for each attempt; a failure becomes one line for the owner, written from its code, never from the request. */
  async #call(call: Call, accepted: number[] = []): Promise<Answer> {
    const startedAt = performance.now();
    let idleMs = this.policy.idleMs;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer | undefined;
      let failure: string;
      try {
        answer = await send(...(await this.#signed(call)), { connectMs: this.policy.connectMs, idleMs }, this.#agents);
        failure = '';
      } catch (error) {
        failure = codeOf(error);
      }
      const code = answer && !(answer.status < 300 || accepted.includes(answer.status)) ? (errorCodeOf(answer.body) ?? `HTTP ${answer.status}`) : undefined;
      if (answer && code === undefined) return answer;
      const retried = answer ? isRetriedAnswer(answer.status, code) : isRetriedCode(failure);
      const next = retried ? nextAttempt(attempt, performance.now() - startedAt, this.policy) : undefined;
      if (!next) throw this.#failure(call, answer, code ?? failure, triedText(attempt, performance.now() - startedAt));
      await new Promise((resolve) => setTimeout(resolve, backoffOf(attempt, this.policy)));
      idleMs = next.idleMs;
    }
  }

  async #signed(call: Call): Promise<[URL, string, Record<string, string>, Uint8Array | undefined]> {
    const credentials = await this.credentials();
    const headers: Record<string, string> = { ...call.headers, ...(call.body && { 'Content-Length': String(call.body.length) }) };
    const signer = new AwsV4Signer({ ...credentials, url: `${this.#base}${call.path}`, method: call.method, headers, service: 's3', region: this.#region });
    const signed = await signer.sign();
    return [signed.url, call.method, Object.fromEntries(signed.headers), call.body];
  }

  #failure(call: Call, answer: Answer | undefined, code: string, tried: string): PublishError {
    if (!answer) {
      if (UNREACHABLE.includes(code)) return new PublishError(unreachable(this.endpoint, `${reasonOf(code, this.policy)}, ${tried}`));
      return new PublishError(requestFailed(call.doing, this.endpoint, reasonOf(code, this.policy), tried));
    }
    if (CREDENTIAL_ERRORS.includes(code) || answer.status === 403) return new PublishError(refusedCredentials(this.endpoint, code));
    if (code === 'NoSuchBucket') return new PublishError(noSuchBucket(this.folder.bucket, this.endpoint));
    return new PublishError(requestFailed(call.doing, this.endpoint, `${answer.status} ${code}`, tried));
  }
}

/** A failed request's reason: its connection's code (`ECONNREFUSED`), else the error's name. */
const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error';
};

/** A code as an owner reads it. */
const reasonOf = (code: string, policy: RequestPolicy): string =>
  code === 'IDLE_TIMEOUT' ? `no answer for ${Math.round(policy.idleMs / 100) / 10} s` : code === 'CONNECT_TIMEOUT' ? `no connection within ${Math.round(policy.connectMs / 100) / 10} s` : code;
