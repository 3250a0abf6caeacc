import * as z from 'zod/mini';
import { isoDateSchema } from './life-records.ts';
import { localNameSchema } from './local-name.ts';
import { creditSchema, imageFileSchema, imageSourceSchema } from './manifest-schemas.ts';
import { DAY } from './paths.ts';

/**
 * Recordings and clips: the owner's sounds and videos, placed as photos are (species folder,
 * own tree, inbox by keywords), published beside them. `media-index.json` is their complete
 * published index, as `photo-index.json` is the photos'; the spec's photo manifests
 * (bird-photos.json, life_list_structure.json, the covers) stay photos only.
 */

const nonEmpty = () => z.string().check(z.minLength(1));
const positiveInt = () => z.int().check(z.positive());

/** Site-relative path of a published file (no leading slash, not URL-encoded). */
const assetPath = z.string().check(
  z.minLength(1),
  z.refine((p) => !p.startsWith('/') && !p.includes('..') && !p.includes('\\'), 'must be a site-relative path'),
);

export const MEDIA_KINDS = ['recording', 'clip'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What every recording and clip has, whatever its kind. */
const mediaCommon = {
  /** From the file's path under the library, by the same function as a photo's id (data/paths.ts photoId). */
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  /** Path of the original under life_list/ (or where the scan found it), slash-separated. */
  source: nonEmpty(),
  species: nonEmpty(),
  scientificName: z.optional(nonEmpty()),
  localName: z.optional(localNameSchema),
  /** Folder names from the Life List root down to the species folder. */
  folder: z.array(nonEmpty()).check(z.minLength(1)),
  /** The original's file name, as the owner named it. */
  fileName: nonEmpty(),
  /** Length in seconds (from the decoded stream, not the container's claim). */
  durationSeconds: z.number().check(z.positive()),
  /** Day it was recorded, `YYYY-MM-DD`, from the file's own tags; null when unknown. */
  takenOn: z.nullable(z.string().check(z.regex(DAY))),
  /** When the pipeline first saw it (ISO 8601). */
  addedAt: z.iso.datetime(),
  /** The recorder, phone or camera, display-ready ('Sound Devices 702', 'Apple iPhone 15 Pro'); absent when the file does not say. */
  device: z.optional(nonEmpty()),
  credit: z.optional(creditSchema),
  title: z.optional(nonEmpty()),
  caption: z.optional(nonEmpty()),
  keywords: z.optional(z.array(nonEmpty())),
};

/** A published audio or video file. */
export const mediaFileSchema = z.strictObject({
  path: assetPath,
  /** The MIME type a `<source type>` names, with codecs: 'audio/mp4; codecs="mp4a.40.2"'. */
  type: nonEmpty(),
  bytes: positiveInt(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

const recordingEntrySchema = z.strictObject({
  kind: z.literal('recording'),
  ...mediaCommon,
  /** AAC in M4A, every browser's; more formats may follow it, the first a browser plays wins. */
  audio: z.array(mediaFileSchema).check(z.minLength(1)),
  /**
   * The spectrogram, birders' convention: time left to right, 0 Hz at the bottom up to
   * `maxFrequencyHz` at the top, linear, dark marks on a light ground.
   */
  spectrogram: z.strictObject({
    image: imageFileSchema,
    maxFrequencyHz: positiveInt(),
  }),
  /** Gain the published audio got because the original was very quiet (dB); absent when none. */
  gainDb: z.optional(z.number().check(z.positive())),
});
export type RecordingEntry = z.infer<typeof recordingEntrySchema>;

const clipEntrySchema = z.strictObject({
  kind: z.literal('clip'),
  ...mediaCommon,
  /** Size of the published video (after rotation, no taller than 1080 px). */
  width: positiveInt(),
  height: positiveInt(),
  /** H.264 + AAC in MP4, index first (fast start). */
  video: z.array(mediaFileSchema).check(z.minLength(1)),
  /** Whether the clip has sound. */
  hasSound: z.boolean(),
  /** The poster frame as a photo's renditions: the wall's tile and the lightbox's still before play. */
  placeholder: nonEmpty(),
  thumbnail: imageFileSchema,
  poster: imageFileSchema,
  sources: z.array(imageSourceSchema),
});
export type ClipEntry = z.infer<typeof clipEntrySchema>;

const mediaEntrySchema = z.discriminatedUnion('kind', [recordingEntrySchema, clipEntrySchema]);
export type MediaEntry = z.infer<typeof mediaEntrySchema>;

export const mediaIndexSchema = z
  .strictObject({
    version: z.literal(1),
    media: z.record(z.string(), mediaEntrySchema),
  })
  .check(z.refine((index) => Object.entries(index.media).every(([key, entry]) => key === entry.id), 'every key must equal its entry id'));
export type MediaIndex = z.infer<typeof mediaIndexSchema>;

// --- What a page carries of them (site-data files) ------------------------------------------

const pageMediaCommon = {
  id: mediaCommon.id,
  species: mediaCommon.species,
  localName: mediaCommon.localName,
  durationSeconds: mediaCommon.durationSeconds,
  takenOn: mediaCommon.takenOn,
  device: mediaCommon.device,
  credit: mediaCommon.credit,
  title: mediaCommon.title,
  caption: mediaCommon.caption,
  /** The day of the outing it was made on, which has its page (as a page photo's `outing`). */
  outing: z.optional(isoDateSchema),
};

export const pageRecordingSchema = z.strictObject({
  kind: z.literal('recording'),
  ...pageMediaCommon,
  audio: recordingEntrySchema.shape.audio,
  spectrogram: recordingEntrySchema.shape.spectrogram,
});
export type PageRecording = z.infer<typeof pageRecordingSchema>;

export const pageClipSchema = z.strictObject({
  kind: z.literal('clip'),
  ...pageMediaCommon,
  width: clipEntrySchema.shape.width,
  height: clipEntrySchema.shape.height,
  video: clipEntrySchema.shape.video,
  hasSound: clipEntrySchema.shape.hasSound,
  placeholder: clipEntrySchema.shape.placeholder,
  thumbnail: clipEntrySchema.shape.thumbnail,
  poster: clipEntrySchema.shape.poster,
  sources: clipEntrySchema.shape.sources,
});
export type PageClip = z.infer<typeof pageClipSchema>;

/** A page's recordings and clips; each list absent when empty, so a photos-only site's files stay as they were. */
export const pageMediaFields = {
  recordings: z.optional(z.array(pageRecordingSchema)),
  clips: z.optional(z.array(pageClipSchema)),
};

/** Counts beside a page's photo count; absent when zero. */
export const mediaCountFields = {
  recordingCount: z.optional(positiveInt()),
  clipCount: z.optional(positiveInt()),
};

/** A card's or a list row's counts beside its `photos`, named as it names them; absent when zero. */
export const mediaTallyFields = {
  recordings: z.optional(positiveInt()),
  clips: z.optional(positiveInt()),
};

/** The Credits page's line for a credited recording or clip. */
export const creditedMediaSchema = z.strictObject({
  id: mediaCommon.id,
  kind: z.enum(MEDIA_KINDS),
  species: mediaCommon.species,
  localName: mediaCommon.localName,
  fileName: mediaCommon.fileName,
  credit: creditSchema,
});
export type CreditedMedia = z.infer<typeof creditedMediaSchema>;
