import type { ExifDisplay } from './manifest-schemas.ts';
import { tagText } from './tag-text.ts';

/**
 * The one place where raw EXIF becomes display values, for every photo the pipeline
 * reads, whichever reader read it. Pure: no Node or DOM APIs, no Date objects. Long
 * because every display rule is here, each next to the others it must agree with.
 *
 * Input: a flat object of EXIF tag names → raw values: ExifTool's reading
 * (pipeline/photos/exiftool.ts `toRawExif`, which puts ExifTool's maker-note LensID in `Lens`),
 * or, on a machine where ExifTool cannot run, what `exifr.parse(bytes, EXIFR_OPTIONS)`
 * returns (IFD0, EXIF and XMP merged, values not revived; pipeline/photos/exifr-fallback.ts).
 *
 * Decisions worth knowing (each has a test):
 * - Camera: Make + Model, the make left out when the model already starts with
 *   one of its brand words ('NIKON CORPORATION' + 'NIKON D5000' → 'NIKON D5000',
 *   'EASTMAN KODAK COMPANY' + 'KODAK CX7530' → 'KODAK CX7530'); otherwise the make
 *   is shown without its company-form words ('SEIKO EPSON CORP.' + 'PhotoPC 3100Z'
 *   → 'SEIKO EPSON PhotoPC 3100Z', 'OLYMPUS IMAGING CORP.' + 'E-M10' → 'OLYMPUS E-M10').
 *   No table of brand names to maintain: only legal/descriptive suffixes are dropped.
 * - Lens: EXIF LensModel → XMP lens (exifr merges aux:Lens as `Lens`) → LensInfo
 *   ('18-55 mm f/3.5-5.6') → Unknown. A lens made only of zeros ('0.0 mm f/0.0',
 *   written for manual lenses) or without any letter (a number) is not a lens name.
 * - Aperture and shutter speed fall back to the APEX values (ApertureValue,
 *   ShutterSpeedValue) when FNumber / ExposureTime are missing or 0, as exiftool does.
 * - Shutter speed: up to 1/3 s as '1/N s' (N rounded), longer as decimal seconds
 *   ('0.8 s', '2 s', '2.5 s'), the convention camera displays use.
 * - Date taken: the first valid day among DateTimeOriginal → DateCreated
 *   (XMP photoshop:DateCreated) → CreateDate (EXIF DateTimeDigitized, or XMP
 *   xmp:CreateDate) → DateTimeDigitized (XMP exif:DateTimeDigitized), read from the
 *   text ('YYYY:MM:DD …' or ISO 'YYYY-MM-DD…'), so no time zone can shift the day.
 *   Never ModifyDate/DateTime: that is when the file was last edited, not taken.
 *   '0000:00:00', impossible days and years before 1800 are Unknown. A Date object
 *   (exifr with reviveValues on) is refused rather than guessed: it was built in
 *   the parsing machine's time zone, which we cannot know here.
 */
export const UNKNOWN = 'Unknown';

export type RawExif = Record<string, unknown>;

/**
 * Options for `exifr.parse(bytes, EXIFR_OPTIONS)`, the pipeline's fallback reader (and the
 * tests that read renditions back). Every option is spelled out so it reads the same tags whatever exifr's defaults.
 */
export const EXIFR_OPTIONS = Object.freeze({
  // IFD0 (Make, Model) is always read: exifr cannot turn it off.
  exif: true,
  // XMP holds the lens name for many Nikon/Lightroom files (aux:Lens) and dates of EXIF-less exports.
  xmp: true,
  // Not needed for display, and keeps position data out of what we handle.
  gps: false,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  iptc: false,
  icc: false,
  jfif: false,
  // exifr reads a PNG's IHDR (size, bit depth) unless told not to; that is not metadata.
  ihdr: false,
  // One XMP segment is enough; several would make exifr read the whole file.
  multiSegment: false,
  // Keep dates as their raw 'YYYY:MM:DD HH:MM:SS' text: a revived Date is built in the
  // parsing machine's time zone and could shift the day.
  reviveValues: false,
  // Raw numbers (Orientation 6, not 'Rotate 90 CW'): nothing here needs the words.
  translateValues: false,
  translateKeys: true,
  sanitize: true,
  mergeOutput: true,
  // A broken segment is reported in `errors` instead of losing the rest of the tags.
  silentErrors: true,
});

export function formatExif(raw: RawExif): ExifDisplay {
  return {
    camera: formatCamera(raw.Make, raw.Model),
    lens: formatLens(raw),
    focalLength: formatFocalLength(raw.FocalLength),
    aperture: formatAperture(raw.FNumber, raw.ApertureValue),
    iso: formatIso(raw),
    shutterSpeed: formatShutterSpeed(raw.ExposureTime, raw.ShutterSpeedValue),
    dateTaken: formatDay(dayTaken(raw)),
  };
}

/**
 * False when the file carries no metadata about the photograph (exifr found nothing,
 * or only tags describing the file's encoding: size, compression, resolution,
 * orientation). The site hides the metadata panel for such photos.
 */
export function hasAnyExif(raw: RawExif | undefined | null): boolean {
  if (!raw || typeof raw !== 'object') return false;
  return Object.entries(raw).some(([key, value]) => !ENCODING_TAGS.has(key) && key !== 'errors' && isPresent(value));
}

/** Day taken as 'YYYY-MM-DD' for sorting (the photo index's `takenOn`), or null when unknown. */
/**
 * The capture date a photo gives but that no rule can read ('0000:00:00 00:00:00', a camera
 * whose clock was never set): the first date tag's text, when no date tag holds a valid day.
 * Undefined when a day was read, or no date tag is there at all.
 */
export function unreadableDateTaken(raw: RawExif): string | undefined {
  if (dayTaken(raw)) return undefined;
  for (const key of DATE_TAGS) {
    const value = raw[key];
    const text = typeof value === 'string' ? tagText(value) : undefined;
    if (text) return text;
  }
  return undefined;
}

export function dateTakenIso(source: ExifDisplay | RawExif | undefined | null): string | null {
  if (!source) return null;
  const day = isExifDisplay(source) ? parseDay(source.dateTaken) : dayTaken(source);
  return day ? `${day.year}-${day.month}-${day.day}` : null;
}

// --- camera -----------------------------------------------------------------------

/** Words that name the company rather than the brand: 'NIKON CORPORATION', 'OLYMPUS OPTICAL CO.,LTD'. */
const COMPANY_WORDS = new Set(['corporation', 'corp', 'co', 'ltd', 'limited', 'inc', 'incorporated', 'company', 'ag', 'ab', 'gmbh', 'llc', 'plc', 'sa', 'kk', 'optical', 'imaging', 'computer', 'camera']);

function formatCamera(rawMake: unknown, rawModel: unknown): string {
  const make = tagText(rawMake);
  const model = tagText(rawModel);
  const brand = make ? brandOf(make) : undefined;
  if (!model) return brand ?? UNKNOWN;
  if (!brand) return model;
  const modelStartsWithBrand = [brand, ...brand.split(' ')].some((word) => word.length >= 2 && startsWithWord(model, word));
  return modelStartsWithBrand ? model : `${brand} ${model}`;
}

function brandOf(make: string): string {
  const words = make.split(/[\s,]+/).filter(Boolean);
  while (words.length > 1 && COMPANY_WORDS.has(words[words.length - 1]!.replace(/\./g, '').toLowerCase())) words.pop();
  return words.join(' ');
}

function startsWithWord(value: string, word: string): boolean {
  if (value.length < word.length || value.slice(0, word.length).toLowerCase() !== word.toLowerCase()) return false;
  const next = value.charAt(word.length);
  return next === '' || !/[\p{L}\p{N}]/u.test(next);
}

// --- lens -------------------------------------------------------------------------

function formatLens(raw: RawExif): string {
  for (const key of ['LensModel', 'Lens']) {
    const name = tagText(raw[key]);
    if (name && isLensName(name)) return name;
  }
  return lensFromInfo(raw.LensInfo) ?? UNKNOWN;
}

function isLensName(name: string): boolean {
  // A bare number (HP writes LensModel 1) names nothing.
  if (!/\p{L}/u.test(name)) return false;
  // '0.0 mm f/0.0' and the like: only units and zeros, written for lenses the camera cannot identify.
  const withoutUnits = name.replace(/mm|f\/|f(?=\d)/gi, '');
  return /\p{L}/u.test(withoutUnits) || /[1-9]/.test(name);
}

/** LensInfo: [min focal, max focal, f-number at min focal, f-number at max focal]; EXIF gives numbers, XMP a string of rationals. */
function lensFromInfo(value: unknown): string | undefined {
  const parts = typeof value === 'string' ? value.trim().split(/[\s,]+/).map(toNumber) : listOf(value)?.map(toNumber);
  if (!parts || parts.length < 2) return undefined;
  const [minFocal, maxFocal, minF, maxF] = parts.map((n) => (n !== undefined && n > 0 ? n : undefined));
  if (minFocal === undefined) return undefined;
  const focal = maxFocal === undefined || sameWhenShown(minFocal, maxFocal, focalDigits) ? mm(minFocal) : `${decimal(minFocal, focalDigits(minFocal))}-${mm(maxFocal)}`;
  if (minF === undefined) return focal;
  const aperture = maxF === undefined || sameWhenShown(minF, maxF, fNumberDigits) ? fNumber(minF) : `${fNumber(minF)}-${decimal(maxF, fNumberDigits(maxF))}`;
  return `${focal} ${aperture}`;
}

function sameWhenShown(a: number, b: number, digits: (n: number) => number): boolean {
  return decimal(a, digits(a)) === decimal(b, digits(b));
}

// --- exposure ---------------------------------------------------------------------

function formatFocalLength(value: unknown): string {
  const focal = toNumber(value);
  return focal !== undefined && focal > 0 ? mm(focal) : UNKNOWN;
}

/** Two decimals below 10 mm (phone lenses: '4.25 mm'), one above ('20.7 mm', '500 mm'). */
function focalDigits(focal: number): number {
  return focal < 10 ? 2 : 1;
}

function mm(focal: number): string {
  return `${decimal(focal, focalDigits(focal))} mm`;
}

function formatAperture(fNumberValue: unknown, apertureValue: unknown): string {
  const direct = toNumber(fNumberValue);
  if (direct !== undefined && direct > 0) return fNumber(direct);
  // APEX: f-number = 2^(Av / 2).
  const apex = toNumber(apertureValue);
  if (apex === undefined || Math.abs(apex) > 100) return UNKNOWN;
  const fromApex = 2 ** (apex / 2);
  return fromApex >= 0.5 && fromApex <= 1000 ? fNumber(fromApex) : UNKNOWN;
}

/** One decimal ('f/7.1', 'f/8'), two below f/1 where a tenth is a big step. */
function fNumberDigits(n: number): number {
  return n < 1 ? 2 : 1;
}

function fNumber(n: number): string {
  return `f/${decimal(n, fNumberDigits(n))}`;
}

function formatIso(raw: RawExif): string {
  for (const key of ['ISO', 'ISOSpeedRatings', 'PhotographicSensitivity']) {
    const value = raw[key];
    // Some cameras write several values (Olympus: [200, 0]); the first is the speed used.
    const first = toNumber(listOf(value)?.[0] ?? value);
    if (first !== undefined && first > 0) return String(Math.round(first));
  }
  return UNKNOWN;
}

/** Up to 1/3 s the photographer reads '1/N s'; longer exposures read as seconds. */
const LONGEST_FRACTION_SECONDS = 0.35;

function formatShutterSpeed(exposureTime: unknown, shutterSpeedValue: unknown): string {
  let seconds = toNumber(exposureTime);
  if (seconds === undefined || seconds <= 0) {
    // APEX: exposure time = 2^-Tv. Cameras write absurd Tv values (-2147483648) when unsure.
    const apex = toNumber(shutterSpeedValue);
    seconds = apex !== undefined && Math.abs(apex) < 100 ? 2 ** -apex : undefined;
  }
  if (seconds === undefined || !(seconds > 0) || !Number.isFinite(seconds)) return UNKNOWN;
  if (seconds < LONGEST_FRACTION_SECONDS) return `1/${Math.round(1 / seconds)} s`;
  return `${decimal(seconds, 1)} s`;
}

// --- date -------------------------------------------------------------------------

interface Day {
  year: string;
  month: string;
  day: string;
}

/** In order of meaning: when the shutter fired, then when the image was digitised. */
const DATE_TAGS = ['DateTimeOriginal', 'DateCreated', 'CreateDate', 'DateTimeDigitized'] as const;

function dayTaken(raw: RawExif): Day | undefined {
  for (const key of DATE_TAGS) {
    const day = parseDay(raw[key]);
    if (day) return day;
  }
  return undefined;
}

function formatDay(day: Day | undefined): string {
  return day ? `${day.year}/${day.month}/${day.day}` : UNKNOWN;
}

/** The day part of an EXIF ('2011:03:12 15:36:11'), ISO ('2011-03-12T15:36:11+01:00') or display ('2011/03/12') date text. */
function parseDay(value: unknown): Day | undefined {
  // A Date object is refused, not read: see the module comment.
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d{4})[:\-/](\d{2})[:\-/](\d{2})(?!\d)/.exec(tagText(value) ?? '');
  if (!match) return undefined;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1800 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// --- values -----------------------------------------------------------------------

/** A finite number from a number, a numeric string or an XMP rational string ('71/10'). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const rational = /^(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (rational) {
    const denominator = Number(rational[2]);
    return denominator === 0 ? undefined : Number(rational[1]) / denominator;
  }
  if (!/^-?\d+(?:\.\d+)?(?:e-?\d+)?$/i.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Elements of an array or a typed array (exifr returns Uint16Array for some lists), else undefined. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number>);
  return undefined;
}

/** At most `digits` decimals, trailing zeros dropped: 7.099999 → '7.1', 500.0 → '500'. */
function decimal(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return tagText(value) !== undefined;
  return true;
}

function isExifDisplay(source: ExifDisplay | RawExif): source is ExifDisplay {
  return ['camera', 'lens', 'focalLength', 'aperture', 'iso', 'shutterSpeed', 'dateTaken'].every((key) => typeof source[key as keyof typeof source] === 'string');
}

/**
 * Tags that describe how the file is encoded, not the photograph: any TIFF or
 * edited JPEG carries them, so alone they do not make a photo "have EXIF".
 */
const ENCODING_TAGS = new Set([
  // TIFF baseline image structure
  'NewSubfileType', 'SubfileType', 'ImageWidth', 'ImageLength', 'ImageHeight', 'BitsPerSample', 'Compression',
  'PhotometricInterpretation', 'FillOrder', 'StripOffsets', 'Orientation', 'SamplesPerPixel', 'RowsPerStrip',
  'StripByteCounts', 'XResolution', 'YResolution', 'PlanarConfiguration', 'ResolutionUnit', 'Predictor',
  'TileWidth', 'TileLength', 'TileOffsets', 'TileByteCounts', 'ExtraSamples', 'SampleFormat', 'JPEGTables',
  'YCbCrCoefficients', 'YCbCrSubSampling', 'YCbCrPositioning', 'ReferenceBlackWhite',
  // EXIF container bookkeeping (sharp and editors write these on any file)
  'ExifVersion', 'FlashpixVersion', 'ColorSpace', 'ComponentsConfiguration', 'ExifImageWidth', 'ExifImageHeight',
  'PixelXDimension', 'PixelYDimension', 'InteropIndex',
  // PNG IHDR, should exifr ever return it
  'BitDepth', 'ColorType', 'Filter', 'Interlace',
]);
