/**
 * The physical limit of cold ingest on this machine: the same renditions the pipeline
 * makes (sizes, formats and qualities from the set's site.json, the pipeline's source of
 * truth), from the same files, with the same number of photos in flight — and nothing else:
 * no EXIF, no cache, no manifests. Run as a child process by the benchmark, like the pipeline.
 *
 *   tsx bench/bare-sharp.ts --photos <dir> --out <dir> --concurrency <n> [--strategy decode-once|per-rendition]
 */
import { Command, Option } from 'commander';
import fg from 'fast-glob';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseSiteConfig, type RenditionOptions } from '../data/site-config.ts';
import { AVIF_EFFORT, sourcesWanted, thumbHashOf, withJpegShrink } from '../pipeline/photos/renditions.ts';
import { fullMessageOf } from '../data/error-text.ts';

/**
 * Like the pipeline's second try, at once: files every viewer opens but sharp refuses at its
 * default strictness (stray bytes between JPEG segments) decode, corrupt image data does not.
 */
const LENIENT = { failOn: 'error' } as const;

export type BareStrategy = 'decode-once' | 'per-rendition' | 'jpeg-shrink';

const program = new Command()
  .requiredOption('--photos <dir>', 'photos folder (with life_list/ and site.json)')
  .requiredOption('--out <dir>', 'output folder')
  .requiredOption('--concurrency <n>', 'photos in flight', (v) => Number.parseInt(v, 10))
  .addOption(new Option('--strategy <name>', 'how renditions share the decode').choices(['decode-once', 'per-rendition', 'jpeg-shrink']).default('decode-once'))
  .parse();
const options = program.opts<{ photos: string; out: string; concurrency: number; strategy: BareStrategy }>();

sharp.cache(false);
const started = performance.now();
const config = parseSiteConfig(JSON.parse(await fs.readFile(path.join(options.photos, 'site.json'), 'utf8')));
const lifeList = path.join(options.photos, 'life_list');
const files = await fg('**/*.{jpg,jpeg,png,tif,tiff,webp,avif}', { cwd: lifeList, caseSensitiveMatch: false, onlyFiles: true });
files.sort();

let failed = 0;
let next = 0;
async function worker(): Promise<void> {
  while (next < files.length) {
    const relative = files[next++]!;
    try {
      await renditions(relative, config.renditions, options.strategy);
    } catch (error) {
      failed++;
      process.stderr.write(`${relative}: ${fullMessageOf(error)}\n`);
    }
  }
}
await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
process.stdout.write(`${JSON.stringify({ photos: files.length, failed, strategy: options.strategy, concurrency: options.concurrency, wallMs: performance.now() - started })}\n`);
process.exitCode = failed > 0 ? 1 : 0;

async function renditions(relative: string, settings: RenditionOptions, strategy: BareStrategy): Promise<void> {
  const source = path.join(lifeList, relative);
  const dir = path.join(options.out, 'public', 'life_list', path.dirname(relative));
  const stem = path.basename(relative, path.extname(relative));
  await fs.mkdir(dir, { recursive: true });
  const long = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
  // The pipeline's rule, from the pipeline: every width below the display width, plus the first that reaches it.
  const keep = (displayWidth: number) => settings.formats.flatMap((format) => sourcesWanted(settings.srcsetWidths.map((width) => ({ format, width })), displayWidth));
  const encode = (image: sharp.Sharp, format: 'jpeg' | 'webp' | 'avif') =>
    format === 'jpeg' ? image.jpeg({ quality: settings.jpegQuality }) : format === 'webp' ? image.webp({ quality: settings.webpQuality }) : image.avif({ quality: settings.avifQuality, effort: AVIF_EFFORT });

  if (strategy === 'per-rendition') {
    // Every rendition decodes the original again, each with its own shrink-on-load factor.
    const from = () => sharp(source, LENIENT).rotate();
    // The display width from the header alone (a decode here would be work the strategy does not need).
    const meta = await sharp(source).metadata();
    const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    const displayWidth = Math.round(w * Math.min(1, settings.displayLongEdge / Math.max(w, h)));
    await Promise.all([
      encode(from().resize(long(settings.displayLongEdge)), 'jpeg').toFile(path.join(dir, `${stem}.jpg`)),
      encode(from().resize(long(settings.thumbnailLongEdge)), 'jpeg').toFile(path.join(dir, `${stem}_lowq.jpg`)),
      ...keep(displayWidth).map(({ format, width }) => encode(from().resize({ width, withoutEnlargement: true }), format).toFile(path.join(dir, `${stem}-${width}.${format}`))),
      thumbHashOf(from()),
    ]);
    return;
  }
  // One decode (shrunk on load to the display size), every other rendition from those pixels.
  const input = strategy === 'jpeg-shrink' ? withJpegShrink(source, await sharp(source).metadata(), settings.displayLongEdge) : source;
  const { data, info } = await sharp(input, LENIENT).rotate().resize(long(settings.displayLongEdge)).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const from = () => sharp(data, raw);
  await Promise.all([
    encode(from(), 'jpeg').toFile(path.join(dir, `${stem}.jpg`)),
    encode(from().resize(long(settings.thumbnailLongEdge)), 'jpeg').toFile(path.join(dir, `${stem}_lowq.jpg`)),
    ...keep(info.width).map(({ format, width }) => encode(from().resize({ width, withoutEnlargement: true }), format).toFile(path.join(dir, `${stem}-${width}.${format}`))),
    thumbHashOf(from()),
  ]);
}
