import type { Credit } from '../../../data/manifest-schemas.ts';
import type { MediaEntry, MediaIndex } from '../../../data/media-schemas.ts';
import { photoId } from '../../../data/paths.ts';
import type { MediaRecord } from '../../media/media-cache.ts';
import type { PhotoFacts } from '../../place/photo-facts.ts';
import type { PhotoPlan } from '../../scan/plan.ts';
import type { TaxonName } from './photo-index.ts';

/** A recording or clip whose renditions all exist, ready to be listed. */
export interface PublishedMedia {
  plan: PhotoPlan;
  record: MediaRecord;
  /** The original, relative to the photos folder (`life_list/…`, `inbox/…`). */
  source: string;
  facts?: PhotoFacts | undefined;
}

/**
 * media-index.json: every published recording and clip by its id (the same function as a photo's
 * id, on its path as placed), with its renditions, length, day, device, credit and the owner's words.
 * A credit names it as it names a photo: by its path under life_list/ as placed, or by where it
 * lies under the photos folder (`inbox/2024-05-01/ZOOM0001.WAV`).
 */
export function mediaIndexOf(media: readonly PublishedMedia[], credits: ReadonlyMap<string, Credit>, taxonNames: ReadonlyMap<string, TaxonName> = new Map()): MediaIndex {
  const entries: Record<string, MediaEntry> = {};
  for (const item of media) {
    const entry = mediaEntry(item, credits.get(item.plan.relativePath) ?? credits.get(item.source), taxonNames.get(item.plan.species));
    entries[entry.id] = entry;
  }
  return { version: 1, media: entries };
}

function mediaEntry({ plan, record, facts }: PublishedMedia, credit: Credit | undefined, taxon: TaxonName | undefined): MediaEntry {
  const m = record.made;
  if (!m) throw new Error(`internal: ${plan.relativePath} has no renditions`);
  const title = facts?.title;
  const caption = facts?.caption;
  const keywords = facts?.keywords.filter((k) => k.trim() !== '');
  const common = {
    id: photoId(plan.relativePath),
    source: plan.relativePath,
    species: plan.species,
    ...(taxon ? { scientificName: taxon.scientificName, ...(taxon.localName ? { localName: taxon.localName } : {}) } : {}),
    folder: plan.folder,
    fileName: plan.originalName,
    durationSeconds: m.durationSeconds,
    takenOn: record.takenOn ?? null,
    addedAt: record.addedAt,
    ...(record.device ? { device: record.device } : {}),
    ...(credit ? { credit } : {}),
    ...(title ? { title } : {}),
    ...(caption ? { caption } : {}),
    ...(keywords && keywords.length > 0 ? { keywords } : {}),
  };
  if (record.kind === 'recording') {
    if (!m.audio || !m.spectrogram) throw new Error(`internal: ${plan.relativePath} has no complete recording`);
    return { kind: 'recording', ...common, audio: m.audio, spectrogram: m.spectrogram, ...(m.gainDb ? { gainDb: m.gainDb } : {}) };
  }
  if (!m.video || !m.width || !m.height || m.hasSound === undefined || !m.placeholder || !m.thumbnail || !m.poster || !m.sources) throw new Error(`internal: ${plan.relativePath} has no complete clip`);
  return { kind: 'clip', ...common, width: m.width, height: m.height, video: m.video, hasSound: m.hasSound, placeholder: m.placeholder, thumbnail: m.thumbnail, poster: m.poster, sources: m.sources };
}
