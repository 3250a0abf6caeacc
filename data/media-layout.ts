import { LIFE_LIST_DIR, renditionNames, stemOf } from './manifest-layout.ts';
import type { MediaKind } from './media-schemas.ts';

/**
 * Where a recording's or a clip's published files go, from its path under life_list/ alone:
 * one pure function, so the ingest plans every output (and its cache entry) before it runs
 * ffmpeg, and a test checks the names without a disk. Media renditions have a folder of their
 * own, `media/`, mirroring the Life List's folders: `x.m4a` never meets a photo's `x.jpg`.
 */

export const MEDIA_DIR = 'media';

/** Extensions of recordings and clips, matched in any letter case. */
export const RECORDING_EXTENSIONS = ['.wav', '.wave', '.bwf', '.flac', '.mp3', '.m4a', '.aac', '.ogg', '.oga', '.opus'] as const;
export const CLIP_EXTENSIONS = ['.mp4', '.mov', '.m4v'] as const;

/** A file's kind by its extension: a recording, a clip, or neither (a photo, a sidecar, anything else). */
export function mediaKindOf(fileName: string): MediaKind | undefined {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  if ((RECORDING_EXTENSIONS as readonly string[]).includes(ext)) return 'recording';
  if ((CLIP_EXTENSIONS as readonly string[]).includes(ext)) return 'clip';
  return undefined;
}

export interface RecordingPaths {
  kind: 'recording';
  /** AAC in M4A. */
  audio: string;
  /** The spectrogram, WebP. */
  spectrogram: string;
}

export interface ClipPaths {
  kind: 'clip';
  /** H.264 + AAC in MP4. */
  video: string;
  /** The poster frame as a photo's renditions: the lightbox's still (JPEG), the tile's thumbnail, the srcset files. */
  poster: string;
  thumbnail: string;
  source: (width: number, format: string) => string;
}

export type MediaPaths = RecordingPaths | ClipPaths;

/**
 * The site-relative paths of a recording's or clip's renditions, from its path under life_list/
 * as placed (`Passeriformes/Wrens/Canyon Wren/ZOOM0001.WAV`) and its kind.
 */
export function mediaPaths(relativePath: string, kind: MediaKind): MediaPaths {
  const parts = relativePath.normalize('NFC').replaceAll('\\', '/').split('/').filter((p) => p.length > 0);
  const fileName = parts.pop() ?? '';
  const stem = stemOf(fileName);
  const dir = [MEDIA_DIR, ...parts].join('/');
  if (kind === 'recording') return { kind, audio: `${dir}/${stem}.m4a`, spectrogram: `${dir}/${stem}.spectrogram.webp` };
  const poster = `${stem}.poster`;
  return {
    kind,
    video: `${dir}/${stem}.mp4`,
    poster: `${dir}/${renditionNames.display(poster)}`,
    thumbnail: `${dir}/${renditionNames.thumbnail(poster)}`,
    source: (width, format) => `${dir}/${renditionNames.source(poster, width, format)}`,
  };
}

/** Two media files in one folder publish under one name when their stems are the same (any case): the key that tells. */
export function mediaNameKey(relativePath: string): string {
  const parts = relativePath.replaceAll('\\', '/').split('/');
  const fileName = parts.pop() ?? '';
  return `${MEDIA_DIR}:${[...parts, stemOf(fileName)].join('/')}`.toLowerCase();
}

/** The MIME types a `<source type>` names. */
export const MEDIA_TYPES = {
  m4a: 'audio/mp4; codecs="mp4a.40.2"',
  /** H.264 High profile; `avc1.640028` is level 4.0, enough for 1080p at 30 fps. */
  mp4: (hasSound: boolean) => (hasSound ? 'video/mp4; codecs="avc1.640028, mp4a.40.2"' : 'video/mp4; codecs="avc1.640028"'),
} as const;

export { LIFE_LIST_DIR };
