/**
 * Where a photo's cold-ingest time goes, stage by stage, one photo at a time (no overlap,
 * so each figure is that stage's own CPU cost: process.cpuUsage counts libvips' threads too).
 * The pipeline's own functions are called where they are exported; the pixel stages repeat
 * the calls pipeline/photos/renditions.ts makes, split apart.
 *
 *   tsx bench/profile-stages.ts [--photos <dir>] [--limit <n>]
 */
import { Command } from 'commander';
import fg from 'fast-glob';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { parseSiteConfig } from '../data/site-config.ts';
import { fingerprintOf } from '../pipeline/photos/cache.ts';
import * as metadata from '../pipeline/photos/metadata.ts';
import { planPhoto } from '../pipeline/scan/plan.ts';
import * as renditions from '../pipeline/photos/renditions.ts';
import { median } from './lib/report.ts';
import { largeSet } from './lib/photo-set.ts';

const opts = new Command()
  .option('--photos <dir>', 'photos folder (default: the generated 24 MP set)')
  .option('--limit <n>', 'photos to profile', (v) => Number.parseInt(v, 10), 6)
  .parse()
  .opts<{ photos?: string; limit: number }>();

sharp.cache(false);
const dir = opts.photos ? path.resolve(opts.photos) : (await largeSet({ kind: 'large', count: 24, width: 6000, height: 4000, quality: 92, grain: 28 }, console.error)).dir;
const site = parseSiteConfig(JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8')));
const r = site.renditions;
const files = (await fg('**/*.{jpg,jpeg,png,tif,tiff,webp,avif}', { cwd: path.join(dir, 'life_list'), caseSensitiveMatch: false })).sort().slice(0, opts.limit);
const out = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-profile-'));
const cpu: Record<string, number[]> = {};

async function stage<T>(name: string, work: () => Promise<T>): Promise<T> {
  const before = process.cpuUsage();
  const result = await work();
  const spent = process.cpuUsage(before);
  (cpu[name] ??= []).push((spent.user + spent.system) / 1000);
  return result;
}

const long = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
for (const relative of files) {
  const file = path.join(dir, 'life_list', relative);
  const { size } = await fs.stat(file);
  await stage('fingerprint (cache)', () => fingerprintOf(file, size));
  const meta = await stage('EXIF read + format', () => metadata.run(file, size, site.privacy));
  const header = await stage('header (sharp metadata)', () => sharp(file).metadata());
  const decoded = await stage('decode → display size (lanczos3)', () =>
    sharp(file).rotate().resize(long(r.displayLongEdge)).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }),
  );
  await stage('  same decode, linear kernel', () => sharp(file).rotate().resize({ ...long(r.displayLongEdge), kernel: 'linear' }).raw().toBuffer());
  // Exactly half the size: libjpeg's own 1/2 scaling, no resampling after it.
  await stage('  decode at 1/2 only (no resample)', () => sharp(file).resize(Math.ceil((header.width ?? 2) / 2), Math.ceil((header.height ?? 2) / 2)).raw().toBuffer());
  // What-ifs: the decode if the lightbox image were smaller, and the thumbnail-only anchor.
  await stage('  what-if: decode → 1536 px', () => sharp(file).rotate().resize(long(1536)).raw().toBuffer());
  await stage('  what-if: decode → 480 px JPEG only', () => sharp(file).rotate().resize(long(480)).jpeg({ quality: r.jpegQuality }).toBuffer());
  const from = () => sharp(decoded.data, { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } });
  await stage('display JPEG encode (+EXIF)', () => from().jpeg({ quality: r.jpegQuality }).withExif(meta.embed).toBuffer());
  await stage('thumbnail JPEG', () => from().resize(long(r.thumbnailLongEdge)).jpeg({ quality: r.jpegQuality }).toBuffer());
  for (const width of r.srcsetWidths) for (const format of r.formats) {
    await stage(`${format} ${width}`, () => (format === 'webp' ? from().resize({ width }).webp({ quality: r.webpQuality }) : from().resize({ width }).avif({ quality: r.avifQuality, effort: 2 })).toBuffer());
  }
  await stage('placeholder (ThumbHash)', async () => {
    const { data, info } = await from().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return rgbaToThumbHash(info.width, info.height, data);
  });
  const plan = planPhoto(relative, { renditions: r, privacy: site.privacy });
  await stage("pipeline renditions.run (whole)", () =>
    renditions.run({ absolutePath: file, plan, needs: new Set(['display', 'thumbnail', 'sources', 'placeholder']), renditions: r, privacy: site.privacy, embed: meta.embed, publicDir: out, maxPixels: 200e6 }),
  );
}
await fs.rm(out, { recursive: true, force: true });

console.log(`${files.length} photos from ${dir}; CPU ms per photo (median), one photo at a time; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [name, values] of Object.entries(cpu)) console.log(`${name.padEnd(38)} ${median(values).toFixed(0).padStart(6)}`);
