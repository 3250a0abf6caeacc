import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PUBLISH_LAUNCHER, publishEnvironment, publishSettings } from '../../harness/publish-command.ts';
import { S3RVER_ENVIRONMENT, startS3Server, type S3Server } from '../../harness/s3-server.ts';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, scratchDir } from '../lib/ingest.ts';
import { runMeasured } from '../lib/measure.ts';
import type { Row } from '../lib/report.ts';
import { ensureBuilt } from '../lib/site.ts';
import { addPhotos, writeSyntheticDist } from '../lib/synthetic-dist.ts';

/**
 * `npm run publish` to a real S3-compatible server on loopback (s3rver; no network time in the
 * figures): the sample site's first publish and a publish with nothing changed, then a library of
 * 10,000 photos (a synthetic build at a real build's file counts, photos on their own bucket as
 * with assetOrigin): a publish with nothing changed, and one after a shoot adds 20 photos.
 */
const CREDENTIALS = S3RVER_ENVIRONMENT;
const ADDED_PHOTOS = 20;
const NO_OP_TARGET_S = 5;

export interface PublishMeasured {
  sample: { files: number; first: Publish; noop: Publish };
  /** `coldNoop`: the no-op right after the first publish, while the loopback server reads its objects' metadata from disk again; `noop`, the next one. */
  archive: { photos: number; siteFiles: number; photoFiles: number; first: Publish; coldNoop: Publish; noop: Publish; added: Publish; expectedFiles: number };
}

/** One run: its wall time and what its summary says it did. */
interface Publish {
  seconds: number;
  /** CPU of the publish process (the loopback server's own work is in the wall time only). */
  cpuSeconds: number;
  /** Files added and changed, over every target, and their bytes as the summary words them. */
  uploaded: number;
  deleted: number;
  summary: string[];
}

export async function publishPart(options: BenchOptions, log: Log): Promise<PartResult> {
  const work = await scratchDir('publish');
  const server = await startS3Server(path.join(work, 's3'), ['sample', 'archive-site', 'archive-photos']);
  try {
    const sample = await measureSample(options, work, server, log);
    const archive = await measureArchive(options, work, server, log);
    const measured: PublishMeasured = { sample, archive };
    return { rows: publishRows(measured), details: measured };
  } finally {
    await server.close();
    await cleanup(work);
  }
}

async function measuredPublish(args: string[], log: Log, label: string): Promise<Publish> {
  const run = await runMeasured(process.execPath, [PUBLISH_LAUNCHER, '--no-build', ...args], { env: publishEnvironment(CREDENTIALS) });
  if (run.exitCode !== 0) throw new Error(`${label}: npm run publish exited ${run.exitCode}: ${run.stderr.trim()}`);
  const summary = run.stdout.split('\n').filter((line) => /^(s3:|git)/.test(line));
  const counts = summary.map((line) => /: ([\d,]+) files? \([^)]*\) added, ([\d,]+) changed \([^)]*\), ([\d,]+) deleted/.exec(line)).map((m) => (m ? m.slice(1, 4).map((n) => Number(n.replace(/,/g, ''))) : [0, 0, 0]));
  const result = { seconds: run.wallMs / 1000, cpuSeconds: run.cpuMs / 1000, uploaded: counts.reduce((n, c) => n + c[0]! + c[1]!, 0), deleted: counts.reduce((n, c) => n + c[2]!, 0), summary };
  log(`publish: ${label}: ${result.seconds.toFixed(2)} s (CPU ${result.cpuSeconds.toFixed(2)} s); ${summary.join(' | ')}`);
  return result;
}

async function measureSample(options: BenchOptions, work: string, server: S3Server, log: Log): Promise<PublishMeasured['sample']> {
  const dist = await ensureBuilt(options, log);
  const photos = await publishSettings(work, 'sample', { deploy: { site: 's3://sample/', endpoint: server.endpoint } });
  // A copy: the publish keeps its hashes in the folder, and the first run must find none.
  const copy = path.join(work, 'sample-dist');
  await fs.cp(dist, copy, { recursive: true });
  const args = ['--photos', photos, '--out', copy];
  const first = await measuredPublish(args, log, 'the sample, first publish');
  const noop = await measuredPublish(args, log, 'the sample, nothing changed');
  return { files: first.uploaded, first, noop };
}

async function measureArchive(options: BenchOptions, work: string, server: S3Server, log: Log): Promise<PublishMeasured['archive']> {
  const photoCount = options.archivePhotos ?? (options.smoke ? 60 : options.quick ? 1_000 : 10_000);
  log(`publish: writing a built site of ${photoCount.toLocaleString('en')} photos…`);
  const set = await writeSyntheticDist(path.join(work, 'archive'), photoCount);
  const photos = await publishSettings(work, 'archive', { assetOrigin: 'https://photos.example.org/birds/', deploy: { site: 's3://archive-site/', photos: 's3://archive-photos/birds/', endpoint: server.endpoint } });
  const args = ['--photos', photos, '--out', set.dist, '--photos-out', set.photosOut];
  const count = async (dir: string) => (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith('.')).length;
  const [siteFiles, photoFiles] = [await count(set.dist), await count(set.photosOut)];
  const first = await measuredPublish(args, log, `${photoCount} photos, first publish`);
  // The loopback server forgets its listing's metadata on every upload and reads it from disk on the next listing: its cost, not the publisher's.
  const coldNoop = await measuredPublish(args, log, `${photoCount} photos, nothing changed, the server's index cold`);
  const noop = await measuredPublish(args, log, `${photoCount} photos, nothing changed`);
  const expectedFiles = await addPhotos(set, photoCount, ADDED_PHOTOS);
  const added = await measuredPublish(args, log, `${photoCount} photos, ${ADDED_PHOTOS} added`);
  return { photos: photoCount, siteFiles, photoFiles, first, coldNoop, noop, added, expectedFiles };
}

export function publishRows(m: PublishMeasured): Row[] {
  const part = 'Publish';
  const a = m.archive;
  const at = `${a.photos.toLocaleString('en')} photos (${a.siteFiles.toLocaleString('en')} site + ${a.photoFiles.toLocaleString('en')} photo files, synthetic, small files)`;
  const whole = 'whole `npm run publish -- --no-build` process to s3rver on loopback';
  const cpu = (p: Publish) => `CPU of the publish ${p.cpuSeconds.toFixed(2)} s`;
  const said = (p: Publish) => p.summary.join(' ');
  return [
    { part, metric: 'sample: first publish', value: m.sample.first.seconds, unit: 's', note: `${m.sample.files} files uploaded; ${whole}; ${cpu(m.sample.first)}` },
    { part, metric: 'sample: nothing changed', value: m.sample.noop.seconds, unit: 's', note: `${said(m.sample.noop)} ${cpu(m.sample.noop)}` },
    { part, metric: 'sample: files uploaded when nothing changed', value: m.sample.noop.uploaded, unit: 'count', target: { op: '==', value: 0 } },
    { part, metric: `${a.photos.toLocaleString('en')} photos: first publish`, value: a.first.seconds, unit: 's', note: `${at}; ${a.first.uploaded.toLocaleString('en')} files uploaded; ${cpu(a.first)}` },
    { part, metric: `${a.photos.toLocaleString('en')} photos: nothing changed`, value: a.noop.seconds, unit: 's', target: { op: '<=', value: NO_OP_TARGET_S }, note: `${at}; one listing of each bucket, no file read; ${cpu(a.noop)}. The run before it, right after the first publish: ${a.coldNoop.seconds.toFixed(2)} s (${cpu(a.coldNoop)}), the loopback server reading every object's metadata from disk again. ${said(a.noop)}` },
    { part, metric: `${a.photos.toLocaleString('en')} photos: files uploaded when nothing changed`, value: a.noop.uploaded + a.noop.deleted + a.coldNoop.uploaded + a.coldNoop.deleted, unit: 'count', target: { op: '==', value: 0 } },
    { part, metric: `${a.photos.toLocaleString('en')} photos: ${ADDED_PHOTOS} photos added`, value: a.added.seconds, unit: 's', note: `${cpu(a.added)}. ${said(a.added)}` },
    { part, metric: `${a.photos.toLocaleString('en')} photos: files uploaded for ${ADDED_PHOTOS} new photos`, value: a.added.uploaded, unit: 'count', target: { op: '==', value: a.expectedFiles }, note: `their renditions and share pages, the 2 species' pages and data files, the home page and the sitemap: ${a.expectedFiles} files` },
  ];
}
