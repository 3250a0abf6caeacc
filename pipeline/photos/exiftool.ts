import { exiftool, ExiftoolTaskFailed, ExiftoolUnavailable, givenUp, unlessStuck } from './exiftool-process.ts';
import type { RawExif } from '../../data/exif-display.ts';
import { tagText } from '../../data/tag-text.ts';
import { fullMessageOf } from '../../data/error-text.ts';
import { MEDIA_TAGS } from '../media/media-tags.ts';

/**
 * The pipeline's metadata reader: ExifTool (the vendored Perl build that ships with
 * `exiftool-vendored`), kept running in batch mode (`-stay_open`) so each photo costs
 * one request, not a Perl start-up. Chosen over exifr by measurement: see
 * pipeline/README.md "Metadata reader".
 *
 * This module only asks ExifTool for tags and renames them to the keys
 * `formatExif` (data/exif-display.ts) reads; every display rule lives there.
 */

/** Tags asked for; `#` = ExifTool's numeric value (no print conversion), e.g. FNumber 7.1, ExposureTime 0.0125. */
const PANEL_TAGS = [
  'Make',
  'Model',
  // LensID is ExifTool's composite: EXIF LensModel, XMP, or the maker notes' lens ID looked up in its tables.
  'LensID',
  'LensModel',
  'Lens',
  'LensInfo#',
  'FocalLength#',
  'FNumber#',
  // ExifTool converts the APEX values: ApertureValue# is an f-number, ShutterSpeedValue# seconds.
  'ApertureValue#',
  // Printed, not numeric: Pentax maker notes keep an index there (ISO# 9 for ISO 200).
  'ISO',
  'ExposureTime#',
  'ShutterSpeedValue#',
  'DateTimeOriginal',
  'DateCreated',
  'CreateDate',
  'DateTimeDigitized',
  // The photographer's own words (see photoTextOf).
  'XMP-dc:Title',
  'XMP-dc:Description',
  'XMP-dc:Subject',
  'IPTC:Headline',
  'IPTC:Caption-Abstract',
  'IPTC:Keywords',
] as const;

/** IPTC/XMP location names: read only when the owner opts in (privacy.publishLocationNames). */
const LOCATION_TAGS = ['IPTC:Sub-location', 'IPTC:City', 'IPTC:Province-State', 'IPTC:Country-PrimaryLocationName', 'XMP-iptcCore:Location', 'XMP-photoshop:City', 'XMP-photoshop:State', 'XMP-photoshop:Country'] as const;
/** Only when the owner opts in (privacy.keepGps). */
const GPS_TAGS = ['GPSLatitude#', 'GPSLongitude#', 'GPSAltitude#'] as const;
/** Only when the owner opts in (privacy.keepSerialNumbers). */
const SERIAL_TAGS = ['SerialNumber', 'LensSerialNumber'] as const;

export interface ReadOptions {
  /** A recording or clip: its own dates, device and keywords too (pipeline/media/media-tags.ts). */
  media?: boolean;
  gps?: boolean;
  serialNumbers?: boolean;
  locationNames?: boolean;
}

export interface ExiftoolReading {
  /** ExifTool's tags (keys without group), as its JSON gives them. */
  tags: Record<string, unknown>;
  /** ExifTool's `Error` for this file (e.g. 'File format error'), if any. */
  error?: string;
  /** ExifTool's warnings that say part of the metadata was damaged and skipped ('Bad IFD2 directory'). */
  damage?: string;
}

/** Warnings that mean tags were lost, not notes such as 'IPTCDigest is not current'. */
const DAMAGE_WARNING = /\b(bad|wrong|truncated|corrupt|invalid|error|unreadable|missing)\b/i;

/**
 * A photo's one reading: what the metadata panel shows and what places the photo (keywords,
 * rating), so that the placement's reading of a new photo also serves its camera data
 * (pipeline/place/photo-facts.ts hands it on to the photo stage).
 */
export async function readTags(file: string, options: ReadOptions = {}): Promise<ExiftoolReading> {
  const wanted = new Set<string>([...PANEL_TAGS, ...PLACEMENT_TAGS]);
  if (options.locationNames) for (const tag of LOCATION_TAGS) wanted.add(tag);
  if (options.gps) for (const tag of GPS_TAGS) wanted.add(tag);
  if (options.serialNumbers) for (const tag of SERIAL_TAGS) wanted.add(tag);
  if (options.media) for (const tag of MEDIA_TAGS) wanted.add(tag);
  return readTagList(file, [...wanted]);
}

/** The reading options the owner's privacy settings ask for: opted-in tags only. */
export function readOptionsOf(privacy: { keepGps: boolean; keepSerialNumbers: boolean; publishLocationNames: boolean }): ReadOptions {
  return { gps: privacy.keepGps, serialNumbers: privacy.keepSerialNumbers, locationNames: privacy.publishLocationNames };
}

/**
 * What places a photo on the Life List and decides whether it is published, as Lightroom,
 * darktable and Capture One write it, in the photo or in its `.xmp` sidecar: keywords (flat and
 * Lightroom's hierarchy), the star rating (-1 = rejected), title and caption, and the day taken.
 */
const PLACEMENT_TAGS = [
  'XMP-dc:Subject',
  'IPTC:Keywords',
  'XMP-lr:HierarchicalSubject',
  // Numeric: -1 is Lightroom's and darktable's 'rejected'.
  'Rating#',
  'XMP-dc:Title',
  'XMP-dc:Description',
  'IPTC:Headline',
  'IPTC:Caption-Abstract',
  'DateTimeOriginal',
  'DateCreated',
  'CreateDate',
] as const;

/** A `.xmp` sidecar's reading: it holds no camera data. */
export function readPlacementTags(file: string): Promise<ExiftoolReading> {
  return readTagList(file, [...PLACEMENT_TAGS]);
}

let reads = 0;

/** How many files this process has asked ExifTool to read: tests count them, not time them. */
export function exiftoolReads(): number {
  return reads;
}

async function readTagList(file: string, tagList: readonly string[]): Promise<ExiftoolReading> {
  // Error and Warning are only reported when asked for alongside a tag list.
  const wanted = ['Error', 'Warning', ...tagList];
  reads++;
  const tool = await exiftool();
  let raw: Record<string, unknown>;
  try {
    raw = (await unlessStuck(tool.readRaw(file, { readArgs: ['-fast', ...wanted.map((t) => `-${t}`)], useMWG: false }))) as Record<string, unknown>;
  } catch (error) {
    // ExifTool reports a file's own trouble in the reading (`errors`); a thrown error is the tool's:
    // stuck, it is given up for the run; a task that failed (timed out, its process died) only for this photo.
    if (error instanceof ExiftoolUnavailable) throw givenUp(error);
    throw new ExiftoolTaskFailed(`ExifTool failed on this file (${fullMessageOf(error)})`);
  }
  const errors = Array.isArray(raw.errors) ? raw.errors.filter((e): e is string => typeof e === 'string' && e.length > 0) : [];
  const tags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (['SourceFile', 'errors', 'warnings', 'Error', 'Warning', 'ExifToolVersion'].includes(key)) continue;
    tags[key] = value;
  }
  const damage = (Array.isArray(raw.warnings) ? raw.warnings : [])
    .filter((w): w is string => typeof w === 'string' && DAMAGE_WARNING.test(w))
    .map((w) => w.replace(/^\[minor\]\s*/i, ''));
  return { tags, ...(errors.length > 0 ? { error: errors.join('; ') } : {}), ...(damage.length > 0 ? { damage: damage.join('; ') } : {}) };
}

/** ExifTool's tags under the names `formatExif` reads (EXIF tag names, as exifr gives them). */
export function toRawExif(tags: Record<string, unknown>): RawExif {
  const raw: RawExif = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') raw[key] = value;
  };
  put('Make', textOf(tags.Make));
  put('Model', textOf(tags.Model));
  // The lens the camera names (EXIF LensModel) first: ExifTool's LensID is a table look-up
  // that can drop words ('EF28-135mm f/3.5-5.6 IS USM' → 'Canon EF 28-135mm f/3.5-5.6 IS').
  // Then LensID, which names lenses recorded only in maker notes (Nikon, Pentax, Sony A-mount, Olympus);
  // 'Unknown (8D 44 …)' means ExifTool found an ID it has no name for.
  const lensId = textOf(tags.LensID);
  put('LensModel', textOf(tags.LensModel));
  put('Lens', (lensId && !/^unknown\b/i.test(lensId) ? lensId : undefined) ?? textOf(tags.Lens));
  put('LensInfo', tags.LensInfo === undefined ? undefined : String(tags.LensInfo));
  put('FocalLength', positive(tags.FocalLength));
  put('FNumber', positive(tags.FNumber) ?? positive(tags.ApertureValue));
  put('ExposureTime', positive(tags.ExposureTime) ?? positive(tags.ShutterSpeedValue));
  // Some cameras write several values (Olympus: '200 0'); the first is the speed used.
  put('ISO', positive(Array.isArray(tags.ISO) ? tags.ISO[0] : typeof tags.ISO === 'string' ? tags.ISO.trim().split(/[\s,]+/)[0] : tags.ISO));
  for (const key of ['DateTimeOriginal', 'DateCreated', 'CreateDate', 'DateTimeDigitized']) put(key, textOf(tags[key]));
  return raw;
}

/** Lightroom's hierarchical keywords, each as written ('Birds|Wrens|Canyon Wren'). */
export function hierarchicalKeywordsOf(tags: Record<string, unknown>): string[] {
  return [...new Set(listOf(tags.HierarchicalSubject))];
}

/** The star rating: 0 to 5, or -1 for a rejected photo; undefined when the photo has none. */
export function ratingOf(tags: Record<string, unknown>): number | undefined {
  const value = typeof tags.Rating === 'string' ? Number(tags.Rating) : tags.Rating;
  return typeof value === 'number' && Number.isInteger(value) && value >= -1 && value <= 5 ? value : undefined;
}

/** The photographer's title, caption and keywords (XMP first, then IPTC, as Lightroom writes both). */
export function photoTextOf(tags: Record<string, unknown>): { title?: string; caption?: string; keywords?: string[] } {
  const title = textOf(tags.Title) ?? textOf(tags.Headline);
  const caption = textOf(tags.Description) ?? textOf(tags['Caption-Abstract']);
  const keywords = [...new Set([...listOf(tags.Subject), ...listOf(tags.Keywords)])];
  return { ...(title ? { title } : {}), ...(caption ? { caption } : {}), ...(keywords.length > 0 ? { keywords } : {}) };
}

/** IPTC location names, most precise first, duplicates dropped: 'Ding Darling NWR, Sanibel, Florida, USA'. */
export function locationOf(tags: Record<string, unknown>): string | undefined {
  const parts = [
    textOf(tags['Sub-location']) ?? textOf(tags.Location),
    textOf(tags.City),
    textOf(tags['Province-State']) ?? textOf(tags.State),
    textOf(tags['Country-PrimaryLocationName']) ?? textOf(tags.Country),
  ].filter((p): p is string => p !== undefined);
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(', ') : undefined;
}

/** Text of a tag (tagText), and numbers as written: a Model '5300' comes back from ExifTool's JSON as a number. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : tagText(value);
}

function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.map(textOf).filter((v): v is string => v !== undefined);
}

function positive(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}
