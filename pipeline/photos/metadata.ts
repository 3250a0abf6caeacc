import type { Sharp } from 'sharp';
import { dateTakenIso, formatExif, hasAnyExif, UNKNOWN, unreadableDateTaken, type RawExif } from '../../data/exif-display.ts';
import type { ExifDisplay } from '../../data/manifest-schemas.ts';
import type { PrivacyOptions } from '../../data/site-config.ts';
import { readWithExifr } from './exifr-fallback.ts';
import { ExiftoolTaskFailed, ExiftoolUnavailable } from './exiftool-process.ts';
import { locationOf, photoTextOf, readOptionsOf, readTags, textOf, toRawExif, type ExiftoolReading } from './exiftool.ts';
import { problem } from '../report/messages.ts';
import { messageOf } from '../../data/error-text.ts';

/** The photographer's own words, published as optional fields of the photo entry. */
interface PhotoText {
  title?: string;
  caption?: string;
  keywords?: string[];
  /** IPTC location names; only with privacy.publishLocationNames. */
  location?: string;
}

/** What the pipeline keeps of a photo's metadata. */
export interface PhotoMetadata {
  /** null when the file carries no camera metadata at all. */
  exif: ExifDisplay | null;
  takenOn: string | null;
  text: PhotoText;
  /** The EXIF the display rendition keeps: only what the metadata panel shows (plus opted-in extras). */
  embed: EmbeddedExif;
  /** Set when the metadata was present but (partly) unreadable: the photo is published with this warning. */
  warning?: string;
  /**
   * Set when exifr read the photo because ExifTool failed: why, and whether ExifTool cannot run
   * on this machine (`machine`) or failed on this photo alone (a timeout, a crash during its task).
   * Either is a failure of the tool, never cached as the photo's reading.
   */
  readByExifr?: { why: string; scope: 'machine' | 'photo' };
}

export type EmbeddedExif = NonNullable<Parameters<Sharp['withExif']>[0]>;

/**
 * Stage (per photo): ExifTool's reading → display values, date, the photographer's words and
 * the tags to embed; exifr's reading when ExifTool cannot run on this machine, or failed on this photo.
 * `alreadyRead`: this run's reading of the unchanged file with the same privacy options (the
 * placement's, pipeline/place/photo-facts.ts), so ExifTool reads each new photo once.
 */
export async function run(file: string, size: number, privacy: PrivacyOptions, alreadyRead?: ExiftoolReading): Promise<PhotoMetadata> {
  let reading;
  try {
    reading = alreadyRead ?? (await readTags(file, readOptionsOf(privacy)));
  } catch (error) {
    if (error instanceof ExiftoolUnavailable) return readWithFallback(file, size, { why: error.message, scope: 'machine' });
    if (error instanceof ExiftoolTaskFailed) return readWithFallback(file, size, { why: error.message, scope: 'photo' });
    throw error;
  }
  const { tags } = reading;
  const raw = toRawExif(tags);
  const warning = warningsOf(reading.error ? problem.exifUnreadable(reading.error) : reading.damage ? problem.exifDamaged(reading.damage) : undefined, raw);
  const words = photoTextOf(tags);
  const location = privacy.publishLocationNames ? locationOf(tags) : undefined;
  const text: PhotoText = { ...words, ...(location ? { location } : {}) };
  if (!hasAnyExif(raw)) return { exif: null, takenOn: null, text, embed: {}, ...(warning ? { warning } : {}) };
  const exif = formatExif(raw);
  const embed = embeddedExif(raw, exif);
  if (privacy.keepGps) Object.assign(embed, { IFD3: gpsTags(tags) });
  if (privacy.keepSerialNumbers) embed.IFD2 = { ...embed.IFD2, ...serialTags(tags) };
  return { exif, takenOn: dateTakenIso(raw) ?? null, text, embed, ...(warning ? { warning } : {}) };
}

/** The reading's own warning, and a capture date the photo gives that cannot be read (it would otherwise leave the photo off its outing in silence). */
function warningsOf(reading: string | undefined, raw: RawExif): string | undefined {
  const date = unreadableDateTaken(raw);
  return [reading, date === undefined ? undefined : problem.dateUnreadable(date)].filter(Boolean).join('; ') || undefined;
}

async function readWithFallback(file: string, size: number, readByExifr: NonNullable<PhotoMetadata['readByExifr']>): Promise<PhotoMetadata> {
  const read = { readByExifr, takenOn: null, text: {}, embed: {} };
  let reading;
  try {
    reading = await readWithExifr(file, size);
  } catch (error) {
    return { ...read, exif: null, warning: problem.exifUnreadable(messageOf(error)) };
  }
  const { raw, damage } = reading;
  const warning = warningsOf(damage ? problem.exifDamaged(damage) : undefined, raw);
  if (!hasAnyExif(raw)) return { ...read, exif: null, ...(warning ? { warning } : {}) };
  const exif = formatExif(raw);
  return { ...read, exif, takenOn: dateTakenIso(raw) ?? null, embed: embeddedExif(raw, exif), ...(warning ? { warning } : {}) };
}

/**
 * The panel's tags in the form libvips writes (rationals as `n/d`), kept in the display
 * rendition so a downloaded photo still says what took it. Nothing else survives: no GPS,
 * no serial numbers, no maker notes.
 */
function embeddedExif(raw: RawExif, display: ExifDisplay): EmbeddedExif {
  const ifd0: Record<string, string> = {};
  const ifd2: Record<string, string> = {};
  const make = text(raw.Make);
  const model = text(raw.Model);
  if (make) ifd0.Make = make;
  if (model) ifd0.Model = model;
  // The normalised lens and ISO, not the raw tags: a raw `0.0 mm f/0.0` lens or an ISO of 0 would make
  // the file disagree with the panel.
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
  // The day the panel shows may come from XMP; written back as EXIF, where every viewer looks.
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
  // A NUL ends an EXIF string (what follows is padding or junk); non-ASCII would be mangled by the EXIF ASCII type.
  const clean = value.split('\0')[0]!.replace(/[^\x20-\x7e]/g, '').trim();
  if (clean.length === 0) return undefined;
  // libvips reads a trailing '(…)' as its own format note and drops it: 'Minolta/Sony AF DT 18-70mm F3.5-5.6 (D)'
  // would lose '(D)'. A trailing space keeps it (readers trim it).
  return clean.endsWith(')') ? `${clean} ` : clean;
}

function firstNumber(value: unknown): number | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isFinite(first) && first > 0 ? first : undefined;
}

/** 0.00025 → `1/4000`, 7.1 → `71/10`, 500 → `500/1`. */
function rational(value: unknown): string | undefined {
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
  // EXIF text ('2009:05:05 02:48:04'), or XMP's ISO form ('2009-05-05T02:48:04.72-07:00') as exifr gives it: the time as written.
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(value.trim());
  if (!match || match[1] === '0000') return undefined;
  return `${match[1]}:${match[2]}:${match[3]} ${match[4] ?? '00'}:${match[5] ?? '00'}:${match[6] ?? '00'}`;
}

/** Only when the owner opts in (privacy.keepGps): ExifTool's signed decimal degrees as EXIF degrees/minutes/seconds. */
function gpsTags(tags: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  const coordinates = [
    ['GPSLatitude', 'GPSLatitudeRef', 'N', 'S'],
    ['GPSLongitude', 'GPSLongitudeRef', 'E', 'W'],
  ] as const;
  for (const [key, refKey, positive, negative] of coordinates) {
    const value = Number(tags[key]);
    if (tags[key] === undefined || !Number.isFinite(value)) continue;
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 1000);
    result[key] = `${degrees}/1 ${minutes}/1 ${seconds}/1000`;
    result[refKey] = value < 0 ? negative : positive;
  }
  const altitude = rational(Number(tags.GPSAltitude));
  if (altitude) result.GPSAltitude = altitude;
  return result;
}

/** Only when the owner opts in (privacy.keepSerialNumbers). */
function serialTags(tags: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  const body = text(textOf(tags.SerialNumber));
  const lens = text(textOf(tags.LensSerialNumber));
  if (body) result.BodySerialNumber = body;
  if (lens) result.LensSerialNumber = lens;
  return result;
}
