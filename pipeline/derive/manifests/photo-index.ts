import type { Credit, PhotoEntry, PhotoIndex } from '../../../data/manifest-schemas.ts';
import { photoId } from '../../../data/paths.ts';
import { problem } from '../../report/messages.ts';
import type { Problems } from '../../plumbing/problems.ts';
import { CREDITS_FILE } from '../../setup/settings.ts';
import { wordsOf, type PublishedPhoto } from './published-photo.ts';

/** A species as the bird taxonomy knows it: its scientific name and its place in the field-guide sequence. */
export interface TaxonName {
  scientificName: string;
  sequence: number;
  /** Its name in the language site.json's `names` asks for. */
  localName?: { name: string; lang: string };
}

/** photo-index.json: every published photo by its id, with renditions, display metadata and credit. */
export function photoIndexOf(
  photos: readonly PublishedPhoto[],
  numbers: ReadonlyMap<string, number>,
  featured: ReadonlySet<string>,
  credits: ReadonlyMap<string, Credit>,
  problems: Problems,
  taxonNames: ReadonlyMap<string, TaxonName> = new Map(),
  /** The recordings' and clips' paths (as placed and as found): credits may name them too. */
  otherPublished: ReadonlySet<string> = new Set(),
): PhotoIndex {
  const entries: Record<string, PhotoEntry> = {};
  for (const photo of photos) {
    const path = photo.plan.relativePath;
    const entry = photoEntry(photo, numbers.get(path)!, featured.has(path), creditOf(photo, credits), taxonNames.get(photo.plan.species));
    entries[entry.id] = entry;
  }
  // A credit names a photo by its path under life_list/ as published, or by where it lies under the photos folder.
  const published = new Set(photos.flatMap((p) => [p.plan.relativePath, ...(p.source ? [p.source] : [])]));
  for (const file of credits.keys()) {
    if (!published.has(file) && !otherPublished.has(file)) problems.warning(CREDITS_FILE, problem.creditPhotoMissing(file));
  }
  return { version: 1, photos: entries };
}

function creditOf(photo: PublishedPhoto, credits: ReadonlyMap<string, Credit>): Credit | undefined {
  return credits.get(photo.plan.relativePath) ?? (photo.source ? credits.get(photo.source) : undefined);
}

function photoEntry(photo: PublishedPhoto, number: number, featured: boolean, credit: Credit | undefined, taxon: TaxonName | undefined): PhotoEntry {
  const { plan, record } = photo;
  const o = record.outputs;
  if (!o.display || !o.thumbnail || !o.sources || !o.placeholder || !record.width || !record.height) {
    throw new Error(`internal: ${plan.relativePath} has no complete record`);
  }
  return {
    id: photoId(plan.relativePath),
    source: plan.relativePath,
    species: plan.species,
    ...(taxon ? { scientificName: taxon.scientificName, taxonSequence: taxon.sequence, ...(taxon.localName ? { localName: taxon.localName } : {}) } : {}),
    folder: plan.folder,
    number,
    fileName: plan.displayName,
    width: record.width,
    height: record.height,
    placeholder: o.placeholder.value,
    thumbnail: o.thumbnail.value,
    display: o.display.value,
    sources: o.sources.value,
    ...(o.original?.value ? { original: o.original.value } : {}),
    featured,
    exif: record.exif ?? null,
    takenOn: record.takenOn ?? null,
    addedAt: record.addedAt,
    ...(credit ? { credit } : {}),
    ...wordsOf(photo),
  };
}

