// The loopback S3 server's own process (harness/s3-server.ts starts it): s3rver, with its listing
// made to answer as S3 does. Run with NODE_OPTIONS=--openssl-legacy-provider: s3rver's continuation
// tokens use DES, which Node 17+ only offers through OpenSSL's legacy provider, so without it any
// listing past 1,000 objects fails.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');
const FilesystemStore = require('s3rver/lib/stores/filesystem');
const S3Object = require('s3rver/lib/models/object');
const { install: installChecks } = require('./s3-server-checks.cjs');

const OBJECT_SUFFIX = '._S3rver_object';

/** Every key of a bucket: the files its store keeps as `<name>._S3rver_object`, at any depth. */
function keysOf(bucketPath) {
  const keys = [];
  for (const entry of fs.readdirSync(bucketPath, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(OBJECT_SUFFIX)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    keys.push(path.relative(bucketPath, file).split(path.sep).join('/').slice(0, -OBJECT_SUFFIX.length));
  }
  return keys;
}

const byteOrder = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Each bucket's keys in order and each object's metadata, kept in memory as a bucket's index
 * is: walking 60,000 objects for every page of 1,000, and reading three files per object
 * listed, would make the server, not the publisher, the slow part of a measurement. Anything
 * that adds, changes or removes an object forgets them.
 */
const sortedKeys = new Map();
const metadataOf = new Map();
const originalGetMetadata = FilesystemStore.prototype.getMetadata;
FilesystemStore.prototype.getMetadata = async function (bucket, key) {
  const id = `${bucket}/${key}`;
  if (!metadataOf.has(id)) metadataOf.set(id, await originalGetMetadata.call(this, bucket, key));
  return metadataOf.get(id);
};
function keysInOrder(store, bucket) {
  if (!sortedKeys.has(bucket)) sortedKeys.set(bucket, keysOf(store.getBucketPath(bucket)).sort(byteOrder));
  return sortedKeys.get(bucket);
}
for (const method of ['putObject', 'copyObject', 'deleteObject', 'putObjectMultipart', 'deleteBucket']) {
  const original = FilesystemStore.prototype[method];
  FilesystemStore.prototype[method] = async function (...args) {
    try {
      return await original.apply(this, args);
    } finally {
      sortedKeys.clear();
      metadataOf.clear();
    }
  };
}

/**
 * S3 lists keys in the byte order of their UTF-8 names; s3rver walks its folders, so `a/b.json`
 * comes after everything under a folder `a/b/`, and a listing cut at 1,000 keys skips it. This
 * one sorts every key first, then applies prefix, start-after, delimiter and max-keys in that
 * order. Only the page's metadata is read.
 */
FilesystemStore.prototype.listObjects = async function listObjects(bucket, options) {
  const { delimiter = '', startAfter = '', prefix = '', maxKeys = Infinity } = options;
  const entries = [];
  const prefixes = new Set();
  const keys = keysInOrder(this, bucket);
  // The first key after startAfter (and not before the prefix), by bisection: the keys are in order.
  const from = [startAfter, prefix].sort(byteOrder)[1];
  let low = 0;
  for (let high = keys.length; low < high; ) {
    const middle = (low + high) >> 1;
    if (byteOrder(keys[middle], from) < (from === startAfter ? 1 : 0)) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < keys.length && entries.length <= maxKeys; i++) {
    const key = keys[i];
    if (!key.startsWith(prefix)) break;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const entry = cut === -1 ? { key } : { prefix: key.slice(0, cut + delimiter.length) };
    if (entry.prefix !== undefined && (prefixes.has(entry.prefix) || byteOrder(entry.prefix, startAfter) <= 0)) continue;
    if (entry.prefix !== undefined) prefixes.add(entry.prefix);
    entries.push(entry);
  }
  const page = entries.slice(0, maxKeys);
  const pageKeys = page.filter((e) => e.key !== undefined).map((e) => e.key);
  const metadata = await Promise.all(pageKeys.map((key) => this.getMetadata(bucket, key).catch((error) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)))));
  return {
    objects: pageKeys.flatMap((key, i) => (metadata[i] ? [new S3Object(bucket, key, null, metadata[i])] : [])),
    commonPrefixes: page.filter((e) => e.prefix !== undefined).map((e) => e.prefix),
    isTruncated: entries.length > page.length,
  };
};

const [directory, port, ...buckets] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
installChecks(server);
server.run().then(
  ({ port: listening }) => process.stdout.write(`listening ${listening}\n`),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
// Ends with its parent: a test or bench that dies never leaves a server running.
process.stdin.on('end', () => process.exit(0)).resume();
process.on('SIGTERM', () => process.exit(0));
