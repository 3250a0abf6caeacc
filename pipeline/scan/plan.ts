import { createHash } from 'node:crypto';
import type { ImageSource } from '../../data/manifest-schemas.ts';
import { LIFE_LIST_DIR, ORIGINALS_DIR, renditionNames, stemOf } from '../../data/manifest-layout.ts';
import type { PrivacyOptions, RenditionOptions } from '../../data/site-config.ts';

/**
 * Plan before doing: a photo's path under life_list/ plus the settings give every
 * output path and every cache key. Pure (no disk), so it is tested on its own.
 */

export interface PlanSettings {
  renditions: RenditionOptions;
  privacy: PrivacyOptions;
}

export type SourceFormat = RenditionOptions['formats'][number];

interface PlannedSource {
  format: SourceFormat;
  width: number;
  path: string;
}

export interface PhotoPlan {
  /** Path of the original under life_list/, slash-separated. */
  relativePath: string;
  /** Folder names from the Life List root down to the species folder. */
  folder: string[];
  species: string;
  /** The original's file name, e.g. `IMG_0093.JPG`. */
  originalName: string;
  stem: string;
  /** File names as listed in the structure manifest's leaf `files`. */
  displayName: string;
  thumbnailName: string;
  /** Site-relative paths of the outputs (relative to the public folder). */
  display: string;
  thumbnail: string;
  sources: PlannedSource[];
  /** Present only when the owner publishes originals. */
  original: string | undefined;
}

export { LIFE_LIST_DIR, ORIGINALS_DIR, stemOf };

export const MIME_TYPES: Record<SourceFormat, ImageSource['type']> = { webp: 'image/webp', avif: 'image/avif' };

function splitRelativePath(relativePath: string): { folder: string[]; originalName: string } {
  const parts = relativePath.replaceAll('\\', '/').split('/').filter((p) => p.length > 0);
  const originalName = parts.pop() ?? '';
  return { folder: parts, originalName };
}

export function planPhoto(relativePath: string, settings: PlanSettings): PhotoPlan {
  const { folder, originalName } = splitRelativePath(relativePath);
  const normalisedPath = [...folder, originalName].join('/');
  const stem = stemOf(originalName);
  const dir = [LIFE_LIST_DIR, ...folder].join('/');
  const displayName = renditionNames.display(stem);
  const thumbnailName = renditionNames.thumbnail(stem);
  const sources: PlannedSource[] = [];
  for (const format of settings.renditions.formats) {
    for (const width of uniqueSorted(settings.renditions.srcsetWidths)) {
      sources.push({ format, width, path: `${dir}/${renditionNames.source(stem, width, format)}` });
    }
  }
  return {
    relativePath: normalisedPath,
    folder,
    species: folder[folder.length - 1] ?? '',
    originalName,
    stem,
    displayName,
    thumbnailName,
    display: `${dir}/${displayName}`,
    thumbnail: `${dir}/${thumbnailName}`,
    sources,
    // Originals live in their own tree: `x.jpg` would otherwise collide with its display rendition.
    original: settings.privacy.publishOriginals ? `${ORIGINALS_DIR}/${LIFE_LIST_DIR}/${normalisedPath}` : undefined,
  };
}

function uniqueSorted(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The outputs of a photo that can be made (and cached) separately. */
export const OUTPUT_KINDS = ['display', 'thumbnail', 'sources', 'placeholder', 'original'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/**
 * Bump when the code that makes an output changes in a way that should redo it
 * (e.g. which EXIF tags the display keeps).
 */
const OUTPUT_CODE_VERSION: Record<OutputKind, number> = { display: 2, thumbnail: 1, sources: 3, placeholder: 1, original: 1 };

/**
 * A key per output kind made of exactly the settings that shape it, so changing a
 * setting redoes exactly the outputs it affects. Every small rendition is derived
 * from the display-size decode, so the display's long edge shapes all of them.
 */
export function outputKeys(settings: PlanSettings): Record<OutputKind, string> {
  const r = settings.renditions;
  const p = settings.privacy;
  return {
    display: hashOf(['display', OUTPUT_CODE_VERSION.display, r.displayLongEdge, r.jpegQuality, p.keepGps, p.keepSerialNumbers]),
    thumbnail: hashOf(['thumbnail', OUTPUT_CODE_VERSION.thumbnail, r.displayLongEdge, r.thumbnailLongEdge, r.jpegQuality]),
    sources: hashOf([
      'sources',
      OUTPUT_CODE_VERSION.sources,
      r.displayLongEdge,
      uniqueSorted(r.srcsetWidths),
      r.formats,
      r.formats.includes('webp') ? r.webpQuality : null,
      r.formats.includes('avif') ? r.avifQuality : null,
    ]),
    placeholder: hashOf(['placeholder', OUTPUT_CODE_VERSION.placeholder, r.displayLongEdge]),
    original: hashOf(['original', OUTPUT_CODE_VERSION.original, p.publishOriginals]),
  };
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

/** Bump when what is read from a photo's metadata changes (e.g. a new display field). */
export const OUTPUT_CODE_METADATA = 'metadata-2';

/** What was read from a photo depends on the code and on the settings that choose what is read. */
export function metadataKeyOf(settings: PlanSettings): string {
  return `${OUTPUT_CODE_METADATA};locations=${settings.privacy.publishLocationNames}`;
}
