// What s3rver 3.7 leaves unchecked and every real bucket checks, added in its process
// (harness/s3-server-child.cjs): the SigV4 signature of each request, computed here afresh
// with node:crypto from the request as it arrived, so a wrong secret with a right key id is
// refused (403 SignatureDoesNotMatch); and a body's Content-MD5, so a body damaged on the way
// is refused (400 BadDigest) and the object it would replace stays as it was. Buckets named
// `sse-…` answer as a bucket with SSE-KMS does: ETags that are not the MD5 of the object.
'use strict';
const crypto = require('node:crypto');
const { AsyncLocalStorage } = require('node:async_hooks');
const { Readable } = require('node:stream');
const FilesystemStore = require('s3rver/lib/stores/filesystem');
const S3Error = require('s3rver/lib/models/error');

/** The secret of each access key s3rver knows (its one account's, S3RVER). */
const SECRETS = new Map([['S3RVER', 'S3RVER']]);

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();
const rfc3986 = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature a request should carry, from its method, path, query and signed headers (AWS's SigV4 for S3: the path encoded once). */
function expectedSignature(req, { secret, scope, signedHeaders }) {
  const [rawPath, rawQuery = ''] = req.url.split(/\?(.*)/s);
  const path = rawPath.split('/').map((part) => rfc3986(decodeURIComponent(part))).join('/');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split(/=(.*)/s).map((part = '') => rfc3986(decodeURIComponent(part.replace(/\+/g, ' ')))))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value = '']) => `${key}=${value}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, path, query, headers, signedHeaders.join(';'), req.headers['x-amz-content-sha256'] ?? sha256('')].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', req.headers['x-amz-date'], scope, sha256(canonical)].join('\n');
  const [day, region, service] = scope.split('/');
  const key = ['aws4_request'].reduce((k, part) => hmac(k, part), hmac(hmac(hmac(`AWS4${secret}`, day), region), service));
  return crypto.createHmac('sha256', key).update(toSign).digest('hex');
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/;

const requests = new AsyncLocalStorage();

/** A Koa middleware, first of s3rver's: refuses a request whose signature is wrong, and notes its Content-MD5 for the store. */
async function checkRequest(ctx, next) {
  const match = AUTHORIZATION.exec(ctx.get('authorization'));
  // Unsigned requests, other schemes and unknown keys are s3rver's to refuse (InvalidAccessKeyId).
  if (match && SECRETS.has(match[1])) {
    const [, keyId, scope, signed, signature] = match;
    const expected = expectedSignature(ctx.req, { secret: SECRETS.get(keyId), scope, signedHeaders: signed.split(';') });
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature.padEnd(expected.length).slice(0, expected.length)))) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
      return;
    }
  }
  await requests.run({ contentMd5: ctx.get('content-md5') || undefined }, next);
}

/** The body, whole, refused unless its MD5 is the Content-MD5 its request carried. */
async function checkedBody(content) {
  const expected = requests.getStore()?.contentMd5;
  if (!expected) return undefined;
  const chunks = [];
  for await (const chunk of content) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  if (crypto.createHash('md5').update(body).digest('base64') !== expected) throw new S3Error('BadDigest', 'The Content-MD5 you specified did not match what we received.');
  return body;
}

const sseEtag = (bucket, etag) => (bucket.startsWith('sse-') ? JSON.stringify(crypto.createHash('md5').update(`kms:${etag}`).digest('hex')) : etag);

function install(server) {
  server.middleware.unshift(checkRequest);
  const { putObject, putPart, getMetadata } = FilesystemStore.prototype;
  FilesystemStore.prototype.putObject = async function (object) {
    if (!Buffer.isBuffer(object.content)) {
      const body = await checkedBody(object.content);
      if (body) object.content = body;
    }
    const result = await putObject.call(this, object);
    return object.bucket.startsWith('sse-') ? { ...result, md5: JSON.parse(sseEtag(object.bucket, JSON.stringify(result.md5))) } : result;
  };
  FilesystemStore.prototype.putPart = async function (bucket, uploadId, partNumber, content) {
    const body = await checkedBody(content);
    return putPart.call(this, bucket, uploadId, partNumber, body ? Readable.from([body]) : content);
  };
  FilesystemStore.prototype.getMetadata = async function (bucket, key) {
    const metadata = await getMetadata.call(this, bucket, key);
    return metadata && { ...metadata, etag: sseEtag(bucket, metadata.etag) };
  };
}

module.exports = { install };
