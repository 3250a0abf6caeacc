import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_RULES } from '../../data/publishing.ts';
import { filesUnder } from '../../node-lib/files.ts';
import { freePort } from '../../harness/ports.ts';
import { publishSettings, runPublish, startPublish } from '../../harness/publish-command.ts';
import { S3RVER_ENVIRONMENT, startS3Server, type S3Server } from '../../harness/s3-server.ts';
import { getObject, listBucket, missingReferences, smallSite, WHOLE_SITE } from './bucket.ts';
import { bucketFront, uploadedKey, type BucketFront, type Verdict } from './bucket-front.ts';

/**
 * `npm run publish` to a real S3-compatible server on loopback (s3rver), the built sample site
 * copied into a folder of this file's own: what lands on the bucket, what a second run does,
 * what it refuses, how it fails, and what an interrupted run leaves.
 */
const CREDENTIALS = S3RVER_ENVIRONMENT;
const cacheRule = (folder: string | undefined) => CACHE_RULES.find((rule) => rule.folder === folder)!.cacheControl;

let work: string;
let server: S3Server;
let dist: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'publish-s3-'));
  dist = join(work, 'dist');
  await cp(inject('distDir'), dist, { recursive: true });
  server = await startS3Server(join(work, 's3'), ['site', 'guard', 'many', 'cut', 'stop', 'grow', 'lost']);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A photos folder whose site.json publishes to `deploy`. */
const library = (name: string, deploy: object, publishing: object = {}) => publishSettings(work, name, { ...publishing, deploy: { endpoint: server.endpoint, ...deploy } });

const publish = (photos: string, out: string, args: string[] = [], env: NodeJS.ProcessEnv = CREDENTIALS) => runPublish(['--no-build', '--photos', photos, '--out', out, ...args], env);
const publishedFiles = async (dir: string) => (await filesUnder(dir)).filter((key) => !key.split('/').some((part) => part.startsWith('.'))).sort();
const keysOf = async (bucket: string) => (await listBucket(server.endpoint, bucket)).map((o) => o.key).sort();

describe('npm run publish to an S3-compatible bucket', () => {
  let photos: string;

  it('uploads every file of dist/ the first time, each with its type, its caching and gzip for text', async () => {
    photos = await library('site', { site: 's3://site/' });
    const run = await publish(photos, dist);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const local = await publishedFiles(dist);
    expect(await keysOf('site')).toEqual(local);
    expect(run.stdout).toContain(`s3://site/: ${local.length.toLocaleString('en')} files`);
    expect(run.stdout).toMatch(/Published in \d+\.\d s\./);

    const page = await getObject(server.endpoint, 'site', 'index.html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe(cacheRule(undefined));
    expect(gunzipSync(page.body).equals(await readFile(join(dist, 'index.html')))).toBe(true);
    const script = local.find((key) => key.startsWith('assets/') && key.endsWith('.js'))!;
    expect((await getObject(server.endpoint, 'site', script)).headers['cache-control']).toBe(cacheRule('assets'));
    const thumbnail = local.find((key) => key.endsWith('_lowq.jpg'))!;
    const image = await getObject(server.endpoint, 'site', thumbnail);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['cache-control']).toBe(cacheRule('life_list'));
    expect(image.body.equals(await readFile(join(dist, ...thumbnail.split('/'))))).toBe(true);
    // Every page the bucket holds finds everything it refers to (which also checks the checker).
    expect(await missingReferences(server.endpoint, 'site')).toEqual([]);
  }, WHOLE_SITE);

  it('uploads nothing when nothing changed, and leaves every object as it was', async () => {
    const before = await listBucket(server.endpoint, 'site');
    const run = await publish(photos, dist);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes)');
    expect(await listBucket(server.endpoint, 'site')).toEqual(before);
  }, WHOLE_SITE);

  it('changes only what changed by content, and --dry-run says so without changing anything', async () => {
    await writeFile(join(dist, 'info', 'index.html'), `${await readFile(join(dist, 'info', 'index.html'), 'utf8')}<!-- edited -->`);
    await writeFile(join(dist, 'extra.json'), '{"new":true}');
    await unlink(join(dist, 'robots.txt'));
    const before = await listBucket(server.endpoint, 'site');

    const dry = await publish(photos, dist, ['--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/: 1 file \(\d+ bytes\) would be added, 1 would be changed \([^)]+\), 1 would be deleted/);
    expect(dry.stdout).toContain('  + extra.json\n');
    expect(dry.stdout).toContain('  ~ info/index.html\n');
    expect(dry.stdout).toContain('  - robots.txt\n');
    expect(dry.stdout).toContain('Dry run: nothing was changed.');
    expect(await listBucket(server.endpoint, 'site')).toEqual(before);

    const run = await publish(photos, dist);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/1 file \(\d+ bytes\) added, 1 changed \([^)]+\), 1 deleted \([^)]+\)/);
    const after = new Map((await listBucket(server.endpoint, 'site')).map((o) => [o.key, o]));
    expect(after.has('robots.txt')).toBe(false);
    expect((await getObject(server.endpoint, 'site', 'info/index.html')).text()).toContain('<!-- edited -->');
    // Everything else is the very object it was.
    const untouched = before.filter((o) => !['info/index.html', 'robots.txt'].includes(o.key));
    expect(untouched.every((o) => after.get(o.key)?.lastModified === o.lastModified)).toBe(true);
  }, WHOLE_SITE);
});

describe('the deletion guard', () => {
  it('stops a publish that would delete more than a quarter of the objects, until --yes', async () => {
    const photos = await library('guard', { site: 's3://guard/' });
    const folder = await smallSite(work, 'guard-site', 8);
    expect((await publish(photos, folder)).status).toBe(0);
    for (const i of [5, 6, 7]) await unlink(join(folder, `f${i}.json`));
    const before = await listBucket(server.endpoint, 'guard');

    const refused = await publish(photos, folder);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual(['This publish would delete 3 of the 8 objects in s3://guard/ (more than a quarter): nothing was changed. Check the folders, then run `npm run publish -- --yes` if that is what you want.']);
    expect(await listBucket(server.endpoint, 'guard')).toEqual(before);

    const confirmed = await publish(photos, folder, ['--yes']);
    expect(confirmed.status).toBe(0);
    expect(await keysOf('guard')).toEqual(['f0.json', 'f1.json', 'f2.json', 'f3.json', 'f4.json']);
  });
});

describe('failures are one clear line, and change nothing', () => {
  const SECRET = 'wJalrXUtnFEMI-not-the-right-secret-K7MDENG';

  it('wrong credentials: says so without the secret', async () => {
    const photos = await library('wrong', { site: 's3://site/' });
    const before = await listBucket(server.endpoint, 'site');
    // A key the bucket does not know is refused (a right key with a wrong secret: publish-robust.test.ts).
    const run = await publish(photos, dist, [], { AWS_ACCESS_KEY_ID: 'AKIANOTAKEYOFOURS', AWS_SECRET_ACCESS_KEY: SECRET });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`${server.endpoint} refused the credentials (InvalidAccessKeyId): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE.`]);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(await listBucket(server.endpoint, 'site')).toEqual(before);
  });

  it('no credentials anywhere: says where they are read from', async () => {
    const photos = await library('none', { site: 's3://site/' });
    const run = await publish(photos, dist, [], { HOME: join(work, 'empty-home') });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('No storage credentials found. Looked in: the environment (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), AWS SSO, ~/.aws/credentials and ~/.aws/config (profile "default"');
  });

  it('a bucket that does not exist', async () => {
    const photos = await library('missing', { site: 's3://no-such-bucket/' });
    const run = await publish(photos, dist);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`There is no bucket "no-such-bucket" at ${server.endpoint}: check publishing.deploy in photos/site.json.`]);
  });

  it('an endpoint nothing answers at', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const photos = await library('unreachable', { site: 's3://site/', endpoint: closed });
    const run = await publish(photos, dist);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`^Could not reach ${closed.replace(/\./g, '\\.')} \\(ECONNREFUSED, 4 attempts over \\d+\\.\\d s\\): check publishing\\.deploy\\.endpoint and the network\\.\n$`));
  });

  it('a deploy setting that is not a bucket folder or a git branch', async () => {
    const photos = await library('bad', { site: 'my-bucket' });
    const run = await publish(photos, dist);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('publishing.deploy.site');
    expect(run.stderr).toContain('must be a bucket folder such as "s3://my-site-bucket/"');
  });
});

describe('a connection lost before its answer', () => {
  it('sends that request once more on a new connection, and the publish finishes', async () => {
    // The first upload's connection is reset as its request arrives, as a server does to a kept-alive connection it is ending just then.
    let uploads = 0;
    const front = await bucketFront(server.port, (line) => (uploadedKey(line) && uploads++ === 0 ? 'reset' : 'pass'));
    try {
      const photos = await library('lost', { site: 's3://lost/', endpoint: front.endpoint });
      const folder = await smallSite(work, 'lost-site', 5);
      const run = await publish(photos, folder);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(front.stopped).toHaveLength(1);
      expect(await keysOf('lost')).toEqual(['f0.json', 'f1.json', 'f2.json', 'f3.json', 'f4.json']);
    } finally {
      await front.close();
    }
  });
});

describe('credentials from the shared credentials file', () => {
  it('reads the profile AWS_PROFILE names, and the default one from ~/.aws/credentials', async () => {
    const photos = await library('profile', { site: 's3://guard/' });
    const folder = await smallSite(work, 'profile-site', 5);
    const file = join(work, 'credentials');
    await writeFile(file, `[default]\naws_access_key_id = WRONG\naws_secret_access_key = WRONG\n\n[birds]\naws_access_key_id = S3RVER\naws_secret_access_key = S3RVER\n`);
    const byProfile = await publish(photos, folder, [], { AWS_PROFILE: 'birds', AWS_SHARED_CREDENTIALS_FILE: file });
    expect(byProfile.stderr).toBe('');
    expect(byProfile.status).toBe(0);

    const home = join(work, 'home');
    await mkdir(join(home, '.aws'), { recursive: true });
    await writeFile(join(home, '.aws', 'credentials'), '[default]\naws_access_key_id = S3RVER\naws_secret_access_key = S3RVER\n');
    const byDefault = await publish(photos, folder, [], { HOME: home });
    expect(byDefault.status).toBe(0);
    expect(byDefault.stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes), 5 unchanged');
  });
});

describe('a bucket of more than 1,000 objects', () => {
  it('is listed whole, in S3 order, so a publish with nothing changed changes nothing', async () => {
    const photos = await library('many', { site: 's3://many/' });
    const folder = join(work, 'many-site');
    // A key beside a folder of the same name: S3 lists `outings.json` before `outings/…`, a folder walk after it.
    await mkdir(join(folder, 'site-data', 'outings'), { recursive: true });
    for (let i = 0; i < 1_100; i++) await writeFile(join(folder, 'site-data', 'outings', `${String(i).padStart(4, '0')}.json`), `{"day":${i}}`);
    await writeFile(join(folder, 'site-data', 'outings.json'), '{"index":true}');
    await writeFile(join(folder, 'site-data', 'z.json'), '{}');
    const first = await publish(photos, folder);
    expect(first.status).toBe(0);

    const listed = (await listBucket(server.endpoint, 'many', 1000)).map((o) => o.key);
    expect(listed).toHaveLength(1_102);
    expect(listed).toEqual([...listed].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(listed[0]).toBe('site-data/outings.json');

    const again = await publish(photos, folder);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes), 1,102 unchanged');
  }, WHOLE_SITE);
});

describe('an interrupted publish', () => {
  /** Pages the bucket takes before the stop: some pages are up when it comes, most are not. */
  const PAGES_BEFORE_STOP = 10;
  const isPage = (line: string) => uploadedKey(line)?.endsWith('.html') ?? false;

  /**
   * A judge that passes everything until the publish has uploaded PAGES_BEFORE_STOP pages, then
   * does `verdict` to the next page's upload and every request after it: the stop comes in the
   * middle of the pages, by count, however fast or slow the machine is.
   */
  function afterSomePages(verdict: Exclude<Verdict, 'pass'>): (line: string) => Verdict {
    let pages = 0;
    let stopping = false;
    return (line) => {
      if (!stopping && isPage(line) && ++pages > PAGES_BEFORE_STOP) stopping = true;
      return stopping ? verdict : 'pass';
    };
  }

  /** Publishes `out` to `bucket` through a front judging each request, and ends the front. */
  async function publishThrough(judge: (line: string) => Verdict, bucket: string, out: string, stop?: (run: ReturnType<typeof startPublish>, front: BucketFront) => Promise<void>) {
    const front = await bucketFront(server.port, judge);
    try {
      const photos = await library(`${bucket}-through-front`, { site: `s3://${bucket}/`, endpoint: front.endpoint });
      const run = startPublish(['--no-build', '--photos', photos, '--out', out], CREDENTIALS);
      await stop?.(run, front);
      return { stopped: await run.finished, front };
    } finally {
      await front.close();
    }
  }

  it('stopped by a dropped connection, leaves no page without what it shows, and the next run finishes', async () => {
    const { stopped, front } = await publishThrough(afterSomePages('reset'), 'cut', dist);
    expect(front.stopped.length).toBeGreaterThan(0);
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toMatch(/^Stopped after [\d,]+ of [\d,]+ changes: .+\. The live site still shows whole pages; run `npm run publish` again to finish\.\n$/);
    const keys = await keysOf('cut');
    expect(keys.some((key) => key.startsWith('assets/'))).toBe(true);
    expect(keys.filter((key) => key.endsWith('.html')).length).toBeGreaterThanOrEqual(PAGES_BEFORE_STOP);
    expect(await missingReferences(server.endpoint, 'cut', 'shown')).toEqual([]);

    const photos = await library('cut', { site: 's3://cut/' });
    const resumed = await publish(photos, dist);
    expect(resumed.status).toBe(0);
    expect(await keysOf('cut')).toEqual(await publishedFiles(dist));
    expect((await publish(photos, dist)).stdout).toContain('0 files (0 bytes) added, 0 changed (0 bytes), 0 deleted (0 bytes)');
  }, WHOLE_SITE);

  it('an update stopped as it replaces changed pages leaves no link from the home page leading nowhere: the new pages are up first', async () => {
    const photos = await library('grow', { site: 's3://grow/' });
    const grown = join(work, 'grow-dist');
    await cp(dist, grown, { recursive: true });
    expect((await publish(photos, grown)).status).toBe(0);
    // An update: 40 new pages, linked from a changed page (Info) and from the home page.
    const credits = await readFile(join(grown, 'credits', 'index.html'), 'utf8');
    const links = Array.from({ length: 40 }, (_, i) => `<a href="/new-page-${i}/">new ${i}</a>`).join('');
    for (let i = 0; i < 40; i++) {
      await mkdir(join(grown, `new-page-${i}`));
      await writeFile(join(grown, `new-page-${i}`, 'index.html'), credits);
    }
    for (const page of ['info/index.html', 'index.html']) await writeFile(join(grown, page), (await readFile(join(grown, page), 'utf8')).replace('</main>', `${links}</main>`));

    // The connection drops, for good, as the changed Info page goes up.
    let dropped = false;
    const { stopped, front } = await publishThrough((line) => ((dropped ||= uploadedKey(line) === 'info/index.html') ? 'reset' : 'pass'), 'grow', grown);
    expect(front.stopped[0]).toMatch(/^PUT \/grow\/info\/index\.html/);
    expect(stopped.status).toBe(1);
    expect(await missingReferences(server.endpoint, 'grow', 'reachable')).toEqual([]);
    expect(await missingReferences(server.endpoint, 'grow', 'shown')).toEqual([]);
    // Every new page was up before the changed ones started.
    const keys = new Set(await keysOf('grow'));
    expect(Array.from({ length: 40 }, (_, i) => `new-page-${i}/index.html`).filter((key) => !keys.has(key))).toEqual([]);

    expect((await publish(photos, grown)).status).toBe(0);
    expect(await missingReferences(server.endpoint, 'grow')).toEqual([]);
  }, WHOLE_SITE);

  it('stopped by Ctrl-C, the same', async () => {
    // Ctrl-C while a page's upload waits for its answer.
    const { stopped, front } = await publishThrough(afterSomePages('hold'), 'stop', dist, async (run, front) => {
      await Promise.race([front.firstStopped, run.finished]);
      run.child.kill('SIGINT');
    });
    expect(front.stopped.length).toBeGreaterThan(0);
    expect(stopped.status).not.toBe(0);
    expect(await missingReferences(server.endpoint, 'stop', 'shown')).toEqual([]);

    const photos = await library('stop', { site: 's3://stop/' });
    const resumed = await publish(photos, dist);
    expect(resumed.status).toBe(0);
    expect(await keysOf('stop')).toEqual(await publishedFiles(dist));
  }, WHOLE_SITE);
});
