import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type FailOnOptions, type Metadata } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { ImageFile, ImageSource } from '../../data/manifest-schemas.ts';
import type { PrivacyOptions, RenditionOptions } from '../../data/site-config.ts';
import { writeAtomically } from '../../node-lib/files.ts';
import { isHevcHeif, openHeif, type HeifImage } from './heif.ts';
import type { EmbeddedExif } from './metadata.ts';
import { messageOf } from '../../data/error-text.ts';
import { PhotoProblem } from '../plumbing/problems.ts';
import { problem } from '../report/messages.ts';
import { MIME_TYPES, type OutputKind, type PhotoPlan } from '../scan/plan.ts';

// Memory stays bounded by the photos in flight, not by libvips' operation cache.
sharp.cache(false);

/** Largest side of the ThumbHash input: the algorithm is specified for images up to 100×100. */
const PLACEHOLDER_SIZE = 100;
/** AVIF at effort 4 costs several times a whole thumbnail; a low effort is nearly free next to the decode. */
export const AVIF_EFFORT = 2;

/**
 * The most a tile's file may weigh: the first photo of a wall or a card is most pages' largest
 * paint, and on a phone's slow connection it comes in one round trip after the page's HTML only
 * while the answer, headers included, stays within about 29 KB (Lighthouse's slow 4G on HTTP/1.1;
 * one more trip is 150 ms). A host's security headers on every answer (Cloudflare Pages', `serve`'s)
 * take 1.5–2 KB of that. A detailed photo's small file can pass it at the configured quality: it is
 * made again at a lower one.
 */
export const TILE_BYTES_BUDGET = 26 * 1024;
/** The widths drawn as tiles (a phone's wall tile, a card): the budget holds for these. */
export const TILE_MAX_WIDTH = 480;
/** The budget never takes a tile below this quality, where feathers turn to smudges. */
const TILE_QUALITY_FLOOR = 60;
const TILE_QUALITY_STEP = 6;

export interface RenderRequest {
  absolutePath: string;
  plan: PhotoPlan;
  needs: ReadonlySet<OutputKind>;
  renditions: RenditionOptions;
  privacy: PrivacyOptions;
  embed: EmbeddedExif;
  publicDir: string;
  maxPixels: number;
}

export interface RenderResult {
  /** Size of the original after EXIF orientation. */
  width: number;
  height: number;
  display?: ImageFile;
  thumbnail?: ImageFile;
  sources?: ImageSource[];
  placeholder?: string;
  original?: string | null;
  /** Set when the photo was published despite something the owner should know. */
  warning?: string;
}

interface Decoded {
  data: Buffer;
  info: sharp.OutputInfo;
}

/** Stage (per photo): decode the original once at display size and derive every rendition from those pixels. */
export async function run(request: RenderRequest): Promise<RenderResult> {
  const heif = (await isHevcHeif(request.absolutePath)) ? await openHeifChecked(request.absolutePath, request.maxPixels) : undefined;
  return render(request, heif);
}

async function render(request: RenderRequest, heif: HeifImage | undefined): Promise<RenderResult> {
  const { absolutePath, plan, needs, publicDir } = request;
  const header = heif ? ({ width: heif.width, height: heif.height } as Metadata) : await readHeader(absolutePath, request.maxPixels);
  const oriented = header.autoOrient ?? { width: header.width!, height: header.height! };
  const result: RenderResult = { width: oriented.width, height: oriented.height };

  if (needs.has('original')) {
    result.original = plan.original ?? null;
    if (plan.original) {
      const target = path.join(publicDir, plan.original);
      await writeAtomically(target, (temp) => copyFile(absolutePath, temp));
    }
  }

  const pixelWork = (['display', 'thumbnail', 'sources', 'placeholder'] as const).filter((kind) => needs.has(kind));
  if (pixelWork.length === 0) return result;

  const { decoded, warning } = heif ? { decoded: await decodeHeif(request, heif), warning: undefined } : await decodeAtDisplaySize(request, header);
  if (warning) result.warning = warning;
  const out = (sitePath: string) => path.join(publicDir, ...sitePath.split('/'));
  const { renditions } = request;
  // Run one after another: the photos in flight already keep every core busy, and
  // fewer libvips pipelines alive at once keeps peak memory down.
  const jobs: Array<() => Promise<void>> = [];

  if (needs.has('display')) {
    jobs.push(() =>
      encode(fromPixels(decoded).jpeg({ quality: renditions.jpegQuality }), request.embed, out(plan.display)).then((size) => {
        result.display = { path: plan.display, ...size };
      }),
    );
  }
  if (needs.has('thumbnail')) {
    const edge = renditions.thumbnailLongEdge;
    const pipeline = fromPixels(decoded).resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: renditions.jpegQuality });
    jobs.push(() =>
      encode(pipeline, undefined, out(plan.thumbnail)).then((size) => {
        result.thumbnail = { path: plan.thumbnail, ...size };
      }),
    );
  }
  if (needs.has('sources')) jobs.push(() => makeSources(request, decoded, out).then((sources) => void (result.sources = sources)));
  if (needs.has('placeholder')) jobs.push(() => placeholderOf(decoded).then((hash) => void (result.placeholder = hash)));

  try {
    for (const job of jobs) await job();
  } catch (error) {
    throw new PhotoProblem(problem.writeFailed(messageOf(error)));
  }
  return result;
}

/** The HEIF's primary image, its size checked against the pixel limit before any pixel is decoded. */
async function openHeifChecked(file: string, maxPixels: number): Promise<HeifImage> {
  let heif: HeifImage;
  try {
    heif = await openHeif(file);
  } catch (error) {
    throw new PhotoProblem(problem.notAnImage(`HEIF: ${messageOf(error)}`));
  }
  const pixels = heif.width * heif.height;
  if (pixels > maxPixels) throw new PhotoProblem(problem.tooManyPixels(pixels / 1e6, maxPixels / 1e6));
  return heif;
}

/** HEIF pixels (already turned by the file's rotation boxes) at display size; no EXIF rotation on top. */
async function decodeHeif(request: RenderRequest, heif: HeifImage): Promise<Decoded> {
  let rgba: Buffer;
  try {
    rgba = await heif.pixels();
  } catch (error) {
    throw new PhotoProblem(problem.corrupt(`HEIF: ${messageOf(error)}`));
  }
  const edge = request.renditions.displayLongEdge;
  const { data, info } = await sharp(rgba, { raw: { width: heif.width, height: heif.height, channels: 4 }, limitInputPixels: request.maxPixels })
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, info };
}

async function readHeader(file: string, maxPixels: number): Promise<Metadata> {
  let header: Metadata;
  try {
    header = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PhotoProblem(problem.notAnImage(messageOf(error)));
  }
  if (!header.width || !header.height) throw new PhotoProblem(problem.notAnImage('no image size in its header'));
  // Checked from the header, before any pixel is decoded.
  const pixels = header.width * header.height;
  if (pixels > maxPixels) throw new PhotoProblem(problem.tooManyPixels(pixels / 1e6, maxPixels / 1e6));
  return header;
}

/**
 * sharp refuses at its default strictness some JPEGs that every common viewer opens
 * (e.g. "extraneous bytes before marker"). We retry those once at failOn 'error',
 * which still refuses truncated and corrupt image data, and warn the owner.
 */
async function decodeAtDisplaySize(request: RenderRequest, header: Metadata): Promise<{ decoded: Decoded; warning?: string }> {
  try {
    return { decoded: await decode(request, header, 'warning') };
  } catch (strictError) {
    try {
      const decoded = await decode(request, header, 'error');
      return { decoded, warning: problem.decodedLeniently(messageOf(strictError)) };
    } catch (error) {
      throw new PhotoProblem(problem.corrupt(messageOf(error)));
    }
  }
}

async function decode(request: RenderRequest, header: Metadata, failOn: FailOnOptions): Promise<Decoded> {
  const edge = request.renditions.displayLongEdge;
  // A path (not a Buffer) lets libvips shrink JPEGs while decoding them.
  let pipeline = sharp(withJpegShrink(request.absolutePath, header, edge), { failOn, limitInputPixels: request.maxPixels })
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
  if (header.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });
  const { data, info } = await pipeline.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, info };
}

/**
 * sharp picks libjpeg's shrink-on-load factor itself but skips it when the integer part of the
 * reduction equals the factor: 6000 → 2048 px (2.93) gets no 1/2 load and costs a full-size
 * decode, twice the work. libvips takes load options in the file name, so ask for the largest
 * factor that keeps the long edge at or above the display size (measured: −38% CPU per 24 MP photo).
 */
export function withJpegShrink(file: string, header: Pick<Metadata, 'format' | 'width' | 'height'>, displayLongEdge: number): string {
  if (header.format !== 'jpeg' || !header.width || !header.height) return file;
  const reduction = Math.max(header.width, header.height) / displayLongEdge;
  const factor = [8, 4, 2].find((f) => reduction >= f);
  return factor ? `${file}[shrink=${factor}]` : file;
}

function fromPixels({ data, info }: Decoded): sharp.Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

async function encode(pipeline: sharp.Sharp, embed: EmbeddedExif | undefined, target: string): Promise<{ width: number; height: number }> {
  const withMetadata = embed && Object.keys(embed).length > 0 ? pipeline.withExif(embed) : pipeline;
  let size = { width: 0, height: 0 };
  await writeAtomically(target, async (temp) => {
    const info = await withMetadata.toFile(temp);
    size = { width: info.width, height: info.height };
  });
  return size;
}

/** One file per configured width below the display width, plus the first that reaches it. */
async function makeSources(request: RenderRequest, decoded: Decoded, out: (sitePath: string) => string): Promise<ImageSource[]> {
  const displayWidth = decoded.info.width;
  const sources: ImageSource[] = [];
  for (const format of request.renditions.formats) {
    const planned = request.plan.sources.filter((s) => s.format === format);
    const wanted = sourcesWanted(planned, displayWidth);
    const files: ImageFile[] = [];
    for (const source of wanted) {
      const made = await sourceFile(() => fromPixels(decoded), source.width, format, request.renditions);
      await writeAtomically(out(source.path), (temp) => writeFile(temp, made.data));
      files.push({ path: source.path, width: made.width, height: made.height });
    }
    sources.push({ type: MIME_TYPES[format], files });
  }
  return sources;
}

/**
 * One srcset file (a photo's or a clip poster's): at the configured quality, and for a tile's
 * width again at lower ones until it is within TILE_BYTES_BUDGET (or at the quality floor).
 */
export async function sourceFile(pixels: () => sharp.Sharp, width: number, format: 'webp' | 'avif', renditions: RenditionOptions): Promise<{ data: Buffer; width: number; height: number }> {
  const configured = format === 'webp' ? renditions.webpQuality : renditions.avifQuality;
  const encode = async (quality: number) => {
    const resized = pixels().resize({ width, withoutEnlargement: true });
    const { data, info } = await (format === 'webp' ? resized.webp({ quality }) : resized.avif({ quality, effort: AVIF_EFFORT })).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  let made = await encode(configured);
  if (width > TILE_MAX_WIDTH) return made;
  for (let quality = configured - TILE_QUALITY_STEP; made.data.length > TILE_BYTES_BUDGET && quality >= TILE_QUALITY_FLOOR; quality -= TILE_QUALITY_STEP) {
    made = await encode(quality);
  }
  return made;
}

/** The widths of one format worth making: every one below the display width, plus the first that reaches it. */
export function sourcesWanted<T extends { width: number }>(planned: readonly T[], displayWidth: number): T[] {
  return planned.filter((s, i) => s.width < displayWidth || planned.slice(0, i).every((earlier) => earlier.width < displayWidth));
}

function placeholderOf(decoded: Decoded): Promise<string> {
  return thumbHashOf(fromPixels(decoded));
}

/** The placeholder stored per photo: a ThumbHash (base64) of a ≤100 px version of the image. */
export async function thumbHashOf(image: sharp.Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: PLACEHOLDER_SIZE, height: PLACEHOLDER_SIZE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
