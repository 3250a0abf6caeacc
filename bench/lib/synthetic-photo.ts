import sharp from 'sharp';
import { pick, seededRandom } from './prng.ts';

/**
 * A seeded, camera-like JPEG: smooth sky gradient and out-of-focus blobs (bokeh),
 * a few hard-edged textured shapes (the "birds"), and luminance grain strong enough
 * that a 24 MP file at quality 92 weighs ~10 MB like a real camera file. The bytes
 * per pixel matter: JPEG entropy decoding, the largest cost of a thumbnail, scales with them.
 */
export interface SyntheticPhotoSpec {
  seed: number;
  width: number;
  height: number;
  /** EXIF orientation; 6 = the camera was turned (stored landscape, displayed portrait). */
  orientation: 1 | 6;
  quality: number;
  /** Amplitude of the grain; ~28 gives ~10 MB at 24 MP, quality 92. */
  grain: number;
}

const CAMERAS = [
  { make: 'Canon', model: 'Canon EOS R5', lens: 'RF100-500mm F4.5-7.1 L IS USM', focal: [100, 500] },
  { make: 'NIKON CORPORATION', model: 'NIKON Z 8', lens: 'NIKKOR Z 180-600mm f/5.6-6.3 VR', focal: [180, 600] },
  { make: 'SONY', model: 'ILCE-7RM5', lens: 'FE 200-600mm F5.6-6.3 G OSS', focal: [200, 600] },
  { make: 'OM Digital Solutions', model: 'OM-1', lens: 'M.Zuiko Digital ED 150-400mm F4.5 TC1.25x IS PRO', focal: [150, 400] },
] as const;
const APERTURES = ['56/10', '63/10', '71/10', '8/1', '4/1'] as const;
const EXPOSURES = ['1/250', '1/1000', '1/2000', '1/3200', '1/4000', '1/60'] as const;
const ISOS = ['100', '400', '800', '1600', '3200', '6400'] as const;

/** EXIF as a camera writes it (the fields the metadata panel shows), derived from the seed. */
function syntheticExif(seed: number): Record<string, Record<string, string>> {
  const random = seededRandom(seed ^ 0x5eed);
  const camera = pick(random, CAMERAS);
  const focal = Math.round(camera.focal[0] + random() * (camera.focal[1] - camera.focal[0]));
  const day = 1 + Math.floor(random() * 28);
  const month = 1 + Math.floor(random() * 12);
  const stamp = `20${20 + Math.floor(random() * 6)}:${pad(month)}:${pad(day)} ${pad(5 + Math.floor(random() * 12))}:${pad(Math.floor(random() * 60))}:${pad(Math.floor(random() * 60))}`;
  return {
    IFD0: { Make: camera.make, Model: camera.model, Software: 'bench synthetic camera' },
    IFD2: {
      LensModel: camera.lens,
      FNumber: pick(random, APERTURES),
      ExposureTime: pick(random, EXPOSURES),
      ISOSpeedRatings: pick(random, ISOS),
      FocalLength: `${focal}/1`,
      DateTimeOriginal: stamp,
    },
  };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export async function syntheticPhoto(spec: SyntheticPhotoSpec): Promise<Buffer> {
  const pixels = await backdrop(spec);
  drawShapes(pixels, spec);
  addGrain(pixels, spec);
  return sharp(pixels, { raw: { width: spec.width, height: spec.height, channels: 3 } })
    .jpeg({ quality: spec.quality })
    .withMetadata({ orientation: spec.orientation })
    .withExif(syntheticExif(spec.seed))
    .toBuffer();
}

/** Gradient and blobs drawn at 1/20 scale, then upscaled: smooth like an out-of-focus background. */
async function backdrop(spec: SyntheticPhotoSpec): Promise<Buffer> {
  const random = seededRandom(spec.seed);
  const w = Math.max(8, Math.round(spec.width / 20));
  const h = Math.max(8, Math.round(spec.height / 20));
  const top = [60 + random() * 120, 100 + random() * 120, 170 + random() * 80];
  const bottom = [40 + random() * 100, 80 + random() * 100, 30 + random() * 60];
  const blobs = Array.from({ length: 14 }, () => ({
    x: random() * w,
    y: random() * h,
    r: (0.03 + random() * 0.2) * w,
    color: [random() * 255, random() * 200, random() * 160],
    alpha: 0.3 + random() * 0.5,
  }));
  const small = Buffer.alloc(w * h * 3);
  const px = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = Math.min(1, Math.max(0, y / h + 0.08 * Math.sin(x / 37 + y / 53)));
      for (let c = 0; c < 3; c++) px[c] = top[c]! * (1 - t) + bottom[c]! * t;
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y) / blob.r;
        if (d >= 1) continue;
        const weight = blob.alpha * (1 - d * d);
        for (let c = 0; c < 3; c++) px[c] = px[c]! * (1 - weight) + blob.color[c]! * weight;
      }
      for (let c = 0; c < 3; c++) small[(y * w + x) * 3 + c] = px[c]!;
    }
  }
  return sharp(small, { raw: { width: w, height: h, channels: 3 } })
    .resize(spec.width, spec.height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** Hard-edged, striped ellipses: edges and texture like feathers against the blur. */
function drawShapes(pixels: Buffer, spec: SyntheticPhotoSpec): void {
  const random = seededRandom(spec.seed * 31 + 7);
  const { width, height } = spec;
  for (let s = 0; s < 5; s++) {
    const cx = random() * width;
    const cy = random() * height;
    const rx = (0.025 + random() * 0.08) * width;
    const ry = (0.02 + random() * 0.07) * height;
    const color = [random() * 90, random() * 90, random() * 90];
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(height, Math.ceil(cy + ry)); y++) {
      const dy = (y - cy) / ry;
      const half = rx * Math.sqrt(Math.max(0, 1 - dy * dy));
      for (let x = Math.max(0, Math.floor(cx - half)); x < Math.min(width, Math.ceil(cx + half)); x++) {
        const stripe = ((x * 7 + y * 3) >> 4) & 1 ? 25 : 0;
        const o = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) pixels[o + c] = color[c]! + stripe;
      }
    }
  }
}

/** Luminance grain plus a little chroma noise, as a camera sensor at ISO 800 gives. */
function addGrain(pixels: Buffer, spec: SyntheticPhotoSpec): void {
  let state = (spec.seed * 2654435761) | 1;
  const luma = spec.grain / 255;
  const chroma = spec.grain / 900;
  for (let p = 0; p < pixels.length; p += 3) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const l = ((state & 0xff) + ((state >>> 8) & 0xff) - 255) * luma;
    const c = (((state >>> 16) & 0xff) - 128) * chroma;
    for (let k = 0; k < 3; k++) {
      const v = pixels[p + k]! + l + (k === 1 ? -c : c);
      pixels[p + k] = v < 0 ? 0 : Math.min(v, 255);
    }
  }
}
