import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publishSettings, runPublish } from '../../harness/publish-command.ts';
import { S3RVER_CREDENTIALS, S3RVER_ENVIRONMENT, startS3Server, type S3Server } from '../../harness/s3-server.ts';
import { filesUnder } from '../../node-lib/files.ts';
import { getObject, listBucket, missingReferences, smallSite, WHOLE_SITE } from './bucket.ts';
import { bucketFront, uploadedKey, type Verdict } from './bucket-front.ts';

/**
 * What an owner on a poor connection, an encrypted bucket or a CI job's role meets: a stalled
 * upload ends soon and plainly, a damaged body is refused and sent again, a bucket whose ETags
 * are not MD5s is compared by the MD5 kept in each object's metadata, a large file goes up in
 * parts, a wrong secret is refused, and credentials come from the AWS SDK's chain.
 */
const CREDENTIALS = S3RVER_ENVIRONMENT;
/** The stall tests' idle timeout: long enough for a busy machine's loopback answer, short enough to wait for. */
const STALL_MS = 1_500;

let work: string;
let server: S3Server;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'publish-robust-'));
  server = await startS3Server(join(work, 's3'), ['stall', 'digest', 'sse-site', 'big', 'secret', 'chain']);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const library = (name: string, deploy: object) => publishSettings(work, name, { deploy: { endpoint: server.endpoint, ...deploy } });
const publish = (photos: string, out: string, env: NodeJS.ProcessEnv = CREDENTIALS) => runPublish(['--no-build', '--photos', photos, '--out', out], env);
const keysOf = async (bucket: string) => (await listBucket(server.endpoint, bucket)).map((o) => o.key).sort();

describe('a connection that stops answering mid-upload', () => {
  it('ends the run in about the retry window, naming the file, the endpoint and what was tried; the live site stays whole and the next run finishes', async () => {
    const dist = join(work, 'stall-dist');
    await cp(inject('distDir'), dist, { recursive: true });
    // Every upload of a page after the tenth is held unanswered, for good.
    let pages = 0;
    const front = await bucketFront(server.port, (line) => (uploadedKey(line)?.endsWith('.html') && ++pages > 10 ? 'hold' : 'pass'));
    try {
      const photos = await library('stall-front', { site: 's3://stall/', endpoint: front.endpoint });
      const run = await runPublish(['--no-build', '--photos', photos, '--out', dist], { ...CREDENTIALS, PUBLISH_REQUEST_TIMEOUT_MS: String(STALL_MS) });
      expect(run.status).toBe(1);
      expect(front.stopped.length).toBeGreaterThan(0);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Stopped after [\\d,]+ of [\\d,]+ changes: Uploading s3://stall/\\S.*\\.html at ${front.endpoint.replace(/\./g, '\\.')} failed: no answer for 1\\.5 s \\(\\d attempts over \\d+\\.\\d s; timeouts, lost connections and busy answers are tried again\\)\\. The live site still shows whole pages; run \`npm run publish\` again to finish\\.$`));
      // The retry window is 4/3 of the idle timeout: the run ends soon after it, not after minutes.
      expect(run.wallMs).toBeLessThan(STALL_MS * 4 / 3 + 20_000);
    } finally {
      await front.close();
    }
    expect(await missingReferences(server.endpoint, 'stall', 'shown')).toEqual([]);
    const resumed = await publish(await library('stall', { site: 's3://stall/' }), dist);
    expect(resumed.status).toBe(0);
    expect(await keysOf('stall')).toEqual((await filesUnder(dist)).filter((key) => !key.split('/').some((part) => part.startsWith('.'))).sort());
  }, WHOLE_SITE);
});

describe('a body damaged on the way', () => {
  it('is refused by the bucket (Content-MD5), sent again, and stored as it is on disk', async () => {
    let corrupted = 0;
    const front = await bucketFront(server.port, (line): Verdict => (uploadedKey(line) === 'f2.json' && corrupted++ === 0 ? 'corrupt' : 'pass'));
    try {
      const folder = await smallSite(work, 'digest-site', 4);
      const run = await publish(await library('digest', { site: 's3://digest/', endpoint: front.endpoint }), folder);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(front.stopped).toEqual([expect.stringMatching(/^PUT \/digest\/f2\.json/)]);
      expect((await getObject(server.endpoint, 'digest', 'f2.json')).text()).toBe(JSON.stringify({ i: 2 }));
    } finally {
      await front.close();
    }
  });
});

describe('a bucket whose ETags are not MD5s (SSE-KMS, SSE-C)', () => {
  it('compares by the MD5 kept in each object’s metadata, and warns once of objects that keep none', async () => {
    const photos = await library('sse', { site: 's3://sse-site/' });
    const folder = await smallSite(work, 'sse-files', 6);
    // Two objects put there by another tool, with no MD5 in their metadata.
    const other = new AwsClient({ ...S3RVER_CREDENTIALS, service: 's3', region: 'us-east-1', retries: 0 });
    for (const i of [0, 1]) expect((await other.fetch(`${server.endpoint}/sse-site/f${i}.json`, { method: 'PUT', body: JSON.stringify({ i }) })).status).toBe(200);
    const md5 = createHash('md5').update(JSON.stringify({ i: 0 })).digest('hex');
    expect((await listBucket(server.endpoint, 'sse-site'))[0]!.etag).not.toBe(`"${md5}"`);

    const first = await publish(photos, folder);
    expect(first.status).toBe(0);
    expect(first.stderr.trim().split('\n')).toEqual(['Warning: 2 objects in s3://sse-site/ had neither an MD5 ETag nor an md5 in its metadata (an encrypted bucket, SSE-KMS or SSE-C, or another tool\'s upload): uploaded again with their MD5 kept, so the next publish compares them.']);
    expect(first.stdout).toMatch(/4 files \(\d+ bytes\) added, 2 changed/);

    const again = await publish(photos, folder);
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes), 6 unchanged');
    await writeFile(join(folder, 'f3.json'), '{"i":"changed"}');
    expect((await publish(photos, folder)).stdout).toContain('0 files (0 bytes) added, 1 changed');
  });
});

describe('a large file', () => {
  it('goes up in parts, each with its Content-MD5, and is then seen as unchanged', async () => {
    const folder = join(work, 'big-site');
    await mkdir(folder, { recursive: true });
    const video = randomBytes(20 * 1024 * 1024);
    await writeFile(join(folder, 'clip.mp4'), video);
    const lines: string[] = [];
    const front = await bucketFront(server.port, (line) => {
      lines.push(line);
      return 'pass';
    });
    try {
      const photos = await library('big', { site: 's3://big/', endpoint: front.endpoint });
      const run = await publish(photos, folder);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(lines.filter((line) => /^PUT \/big\/clip\.mp4\?partNumber=\d/.test(line))).toHaveLength(3);
      expect(lines.some((line) => line.startsWith('POST /big/clip.mp4?uploads'))).toBe(true);
      expect((await getObject(server.endpoint, 'big', 'clip.mp4')).body.equals(video)).toBe(true);
      expect((await publish(photos, folder)).stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes), 1 unchanged');
    } finally {
      await front.close();
    }
  });
});

describe('credentials', () => {
  const SECRET = 'wJalrXUtnFEMI-not-the-right-secret-K7MDENG';

  it('a right key id with a wrong secret is refused (SignatureDoesNotMatch), and the secret is never shown', async () => {
    const run = await publish(await library('secret', { site: 's3://secret/' }), await smallSite(work, 'secret-site', 2), { AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: SECRET });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`${server.endpoint} refused the credentials (SignatureDoesNotMatch): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE.`]);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(await keysOf('secret')).toEqual([]);
  });

  it('come from a profile’s credential_process (1Password, aws-vault), through the SDK’s chain', async () => {
    const config = join(work, 'process-config');
    const helper = join(work, 'credential-helper.cjs');
    await writeFile(helper, `process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: 'S3RVER', SecretAccessKey: 'S3RVER' }));\n`);
    await writeFile(config, `[profile birds]\ncredential_process = ${process.execPath} ${helper}\nregion = eu-west-1\n`);
    const run = await publish(await library('chain', { site: 's3://chain/' }), await smallSite(work, 'chain-site', 3), { AWS_PROFILE: 'birds', AWS_CONFIG_FILE: config, AWS_SHARED_CREDENTIALS_FILE: join(work, 'no-credentials') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(await keysOf('chain')).toEqual(['f0.json', 'f1.json', 'f2.json']);
  });

  it('come from container metadata (a loopback server standing in for it), with no keys anywhere', async () => {
    let asked = 0;
    const metadata: Server = createServer((_request, response) => {
      asked++;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ AccessKeyId: 'S3RVER', SecretAccessKey: 'S3RVER', Token: 'session', Expiration: new Date(Date.now() + 3_600_000).toISOString() }));
    });
    await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = metadata.address() as { port: number };
      const home = join(work, 'container-home');
      const run = await publish(await library('container', { site: 's3://chain/' }), await smallSite(work, 'chain-site', 3), { HOME: home, AWS_CONTAINER_CREDENTIALS_FULL_URI: `http://127.0.0.1:${port}/credentials` });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(asked).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => metadata.close(resolve));
    }
  });
});

