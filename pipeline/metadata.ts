import exifr from 'exifr';
import type { Sharp } from 'sharp';
import { dateTakenIso, EXIFR_OPTIONS, formatExif, hasAnyExif, UNKNOWN, type RawExif } from '../data/exif-display.ts';
import type { ExifDisplay } from '../data/manifests.ts';
import type { PrivacyOptions } from '../data/site-config.ts';
import { readMetadataBytes } from './exif-bytes.ts';
import { problem } from './messages.ts';
import { messageOf } from './problems.ts';

/** What the pipeline keeps of a photo's metadata. */
export interface PhotoMetadata {
  /** null when the file carries no EXIF at all. */
  exif: ExifDisplay | null;
  takenOn: string | null;
  /** The EXIF the display rendition keeps: only what the metadata panel shows (plus opted-in extras). */
  embed: EmbeddedExif;
  /** Set when the EXIF was present but unreadable. */
  warning?: string;
}

export type EmbeddedExif = NonNullable<Parameters<Sharp['withExif']>[0]>;

/** Stage (per photo): EXIF bytes read by us → display values, date and the tags to embed. */
export async function run(file: string, size: number, privacy: PrivacyOptions): Promise<PhotoMetadata> {
  const bytes = await readMetadataBytes(file, size);
  let raw: RawExif | undefined;
  try {
    raw = ((await exifr.parse(bytes, EXIFR_OPTIONS)) as RawExif | undefined) ?? undefined;
  } catch (error) {
    return { exif: null, takenOn: null, embed: {}, warning: problem.exifUnreadable(messageOf(error)) };
  }
  if (!raw || !hasAnyExif(raw)) return { exif: null, takenOn: null, embed: {} };
  const exif = formatExif(raw);
  const embed = embeddedExif(raw, exif);
  if (privacy.keepGps) Object.assign(embed, { IFD3: await gpsTags(bytes) });
  if (privacy.keepSerialNumbers) embed.IFD2 = { ...embed.IFD2, ...(await serialTags(bytes)) };
  return { exif, takenOn: dateTakenIso(raw) ?? null, embed };
}

/**
 * The panel's tags in the form libvips writes (rationals as `n/d`), so the site's
 * in-browser exifr fallback reads the same values from the display rendition. Nothing
 * else survives: no GPS, no serial numbers, no maker notes.
 */
export function embeddedExif(raw: RawExif, display: ExifDisplay): EmbeddedExif {
  const ifd0: Record<string, string> = {};
  const ifd2: Record<string, string> = {};
  const make = text(raw.Make);
  const model = text(raw.Model);
  if (make) ifd0.Make = make;
  if (model) ifd0.Model = model;
  // The normalised lens and ISO, not the raw tags: a raw `0.0 mm f/0.0` lens or an ISO of 0 would make
  // the in-browser fallback disagree with the index.
  const lens = display.lens !== UNKNOWN ? text(display.lens) : undefined;
  if (lens) ifd2.LensModel = lens;
  const focal = rational(raw.FocalLength);
  if (focal) ifd2.FocalLength = focal;
  const fNumber = rational(raw.FNumber);
  if (fNumber) ifd2.FNumber = fNumber;
  const exposure = rational(raw.ExposureTime);
  if (exposure) ifd2.ExposureTime = exposure;
  if (display.iso !== UNKNOWN) ifd2.ISOSpeedRatings = display.iso;
  // The panel's inputs when FNumber / ExposureTime are missing (APEX values).
  const apex = rational(raw.ApertureValue);
  if (apex && !fNumber) ifd2.ApertureValue = apex;
  const shutterApex = typeof raw.ShutterSpeedValue === 'number' && Number.isFinite(raw.ShutterSpeedValue) ? signedRational(raw.ShutterSpeedValue) : undefined;
  if (shutterApex && !exposure) ifd2.ShutterSpeedValue = shutterApex;
  // The day the panel shows may come from XMP; written back as EXIF so the browser fallback finds it.
  const day = dateTakenIso(raw);
  const taken = exifDateText(raw.DateTimeOriginal) ?? (day ? `${day.replaceAll('-', ':')} 00:00:00` : undefined);
  if (taken) ifd2.DateTimeOriginal = taken;
  const embed: EmbeddedExif = {};
  if (Object.keys(ifd0).length > 0) embed.IFD0 = ifd0;
  if (Object.keys(ifd2).length > 0) embed.IFD2 = ifd2;
  return embed;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Non-ASCII would be mangled by the EXIF ASCII type; NULs cut strings short.
  const clean = value.replaceAll('\0', '').replace(/[^\x20-\x7e]/g, '').trim();
  return clean.length > 0 ? clean : undefined;
}

function firstNumber(value: unknown): number | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isFinite(first) && first > 0 ? first : undefined;
}

/** 0.00025 → `1/4000`, 7.1 → `71/10`, 500 → `500/1`. */
export function rational(value: unknown): string | undefined {
  const n = firstNumber(value);
  if (n === undefined) return undefined;
  if (n < 1) {
    const inverse = 1 / n;
    if (Math.abs(inverse - Math.round(inverse)) < 1e-6 * inverse) return `1/${Math.round(inverse)}`;
  }
  for (const denominator of [1, 10, 100, 1000, 10000, 100000]) {
    const numerator = n * denominator;
    if (Math.abs(numerator - Math.round(numerator)) < 1e-6 && numerator < 2 ** 31) return `${Math.round(numerator)}/${denominator}`;
  }
  return `${Math.round(n * 100000)}/100000`;
}

function signedRational(value: number): string | undefined {
  const magnitude = rational(Math.abs(value));
  if (value === 0) return '0/1';
  return magnitude && value < 0 ? `-${magnitude}` : magnitude;
}

function exifDateText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}):(\d{2}):(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?/.exec(value.trim());
  if (!match || match[1] === '0000') return undefined;
  return `${match[1]}:${match[2]}:${match[3]} ${match[4] ?? '00'}:${match[5] ?? '00'}:${match[6] ?? '00'}`;
}

/** Only when the owner opts in (privacy.keepGps). */
async function gpsTags(bytes: Buffer): Promise<Record<string, string>> {
  const gps = ((await exifr.parse(bytes, { exif: false, gps: true, translateValues: false, reviveValues: false, mergeOutput: true })) ?? {}) as RawExif;
  const tags: Record<string, string> = {};
  for (const key of ['GPSLatitude', 'GPSLongitude'] as const) {
    const value = gps[key];
    if (Array.isArray(value)) tags[key] = value.map((part) => rational(part) ?? '0/1').join(' ');
  }
  for (const key of ['GPSLatitudeRef', 'GPSLongitudeRef'] as const) {
    const value = text(gps[key]);
    if (value) tags[key] = value;
  }
  const altitude = rational(gps.GPSAltitude);
  if (altitude) tags.GPSAltitude = altitude;
  return tags;
}

/** Only when the owner opts in (privacy.keepSerialNumbers). */
async function serialTags(bytes: Buffer): Promise<Record<string, string>> {
  const raw = ((await exifr.parse(bytes, { pick: ['BodySerialNumber', 'LensSerialNumber'] })) ?? {}) as RawExif;
  const tags: Record<string, string> = {};
  for (const key of ['BodySerialNumber', 'LensSerialNumber'] as const) {
    const value = text(raw[key]);
    if (value) tags[key] = value;
  }
  return tags;
}
