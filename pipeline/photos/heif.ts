import { open, readFile } from 'node:fs/promises';

/**
 * HEIC/HEIF (HEVC-coded) photos, the default of iPhones since 2017. sharp's prebuilt
 * libvips reads HEIF containers but decodes only AV1 (AVIF): HEVC is left out for patent
 * reasons. `heic-decode` (libheif compiled to WebAssembly, no native build, no install
 * script) decodes them; its pixels come out already turned by the file's `irot`/`imir`
 * boxes, so the EXIF Orientation (which HEIF readers must ignore) is not applied again.
 */

/** ISO-BMFF major brands of HEVC-coded HEIF ('mif1'/'msf1' are generic: trusted only with a .heic/.heif name). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx']);
const GENERIC_BRANDS = new Set(['mif1', 'msf1']);

/** True for a HEVC-coded HEIF, whatever its name (an iPhone photo renamed `.jpg` included). */
export async function isHevcHeif(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    if (bytesRead < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
    const brand = head.toString('latin1', 8, 12);
    return HEVC_BRANDS.has(brand) || (GENERIC_BRANDS.has(brand) && /\.hei[cf]$/i.test(file));
  } finally {
    await handle.close();
  }
}

export interface HeifImage {
  /** Size after the file's rotation and mirroring boxes. */
  width: number;
  height: number;
  /** RGBA pixels, 8 bits a channel. */
  pixels(): Promise<Buffer>;
}

/**
 * The WebAssembly decoder runs on the main thread, so two decodes never overlap anyway; one at
 * a time keeps its heap (which never shrinks) at one image instead of one per photo in flight.
 */
let decoderFree: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = decoderFree.then(() => keepingWhatItSays(work));
  decoderFree = result.catch(() => undefined);
  return result;
}

/**
 * libheif-js says why it cannot decode a file with console.log, on stdout, where `ingest --json`
 * writes its report, then fails with a bare 'HEIF processing error'. While the decoder works (one
 * decode at a time, and the pipeline itself never writes to the console), what it says is kept
 * and becomes the error's message.
 */
async function keepingWhatItSays<T>(work: () => Promise<T>): Promise<T> {
  const said: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => said.push(args.map(textOf).filter(Boolean).join(': '));
  try {
    return await work();
  } catch (error) {
    throw said.length > 0 ? new Error(said.join('; '), { cause: error }) : error;
  } finally {
    console.log = log;
  }
}

/** A logged value as words: a string, or an error's message (libheif-js logs its error objects). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/** Opens the primary image: its size is known before any pixel is decoded (for the pixel limit). */
export async function openHeif(file: string): Promise<HeifImage> {
  const { default: decode } = await import('heic-decode');
  const buffer = await readFile(file);
  const size = await oneAtATime(async () => {
    const images = await decode.all({ buffer });
    try {
      const primary = images[0];
      if (!primary) throw new Error('no image in the HEIF file');
      return { width: primary.width, height: primary.height };
    } finally {
      images.dispose();
    }
  });
  return {
    ...size,
    pixels: () =>
      oneAtATime(async () => {
        const { data } = await decode({ buffer });
        return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      }),
  };
}
