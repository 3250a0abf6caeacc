import type { PhotoFacts } from '../../place/photo-facts.ts';
import type { PhotoRecord } from '../../photos/cache.ts';
import type { PhotoPlan } from '../../scan/plan.ts';

/** A photo whose renditions all exist, ready to be listed. */
export interface PublishedPhoto {
  plan: PhotoPlan;
  record: PhotoRecord;
  /** The original, relative to the photos folder (`life_list/…`, `inbox/…`). */
  source?: string;
  /** Its keywords, rating and words, the sidecar's winning over the photo's own. */
  facts?: PhotoFacts | undefined;
}

/** The photographer's words as published: the photo's own, with its sidecar's title, caption and keywords winning. */
export function wordsOf(photo: PublishedPhoto): NonNullable<PhotoRecord['text']> {
  const own = photo.record.text ?? {};
  const facts = photo.facts;
  if (!facts?.sidecar) return own;
  return {
    ...own,
    ...(facts.title ? { title: facts.title } : {}),
    ...(facts.caption ? { caption: facts.caption } : {}),
    ...(facts.keywords.length > 0 ? { keywords: facts.keywords } : {}),
  };
}

/**
 * Whether the owner gave the photo this keyword (any case): as a plain keyword, or as the last
 * level of a hierarchical one (`Portfolio|featured`), the two ways Lightroom and darktable write it.
 */
export function hasKeyword(photo: PublishedPhoto, keyword: string): boolean {
  const wanted = keyword.trim().toLowerCase();
  const facts = photo.facts;
  if (!facts) return false;
  const leaves = facts.hierarchicalKeywords.map((k) => k.split('|').at(-1) ?? '');
  return [...facts.keywords, ...leaves].some((k) => k.trim().toLowerCase() === wanted);
}

/** Folder path → the photos in its subtree, in the photos' order: one pass, not one scan per folder. */
export function groupByAncestor<P extends { plan: { folder: readonly string[] } }>(photos: readonly P[]): Map<string, P[]> {
  const groups = new Map<string, P[]>();
  for (const photo of photos) {
    const folder = photo.plan.folder;
    for (let i = 1; i <= folder.length; i++) {
      const key = folder.slice(0, i).join('/');
      const group = groups.get(key);
      if (group) group.push(photo);
      else groups.set(key, [photo]);
    }
  }
  return groups;
}

/** Every folder path and all its ancestors, slash-joined. */
export function ancestorsOf(folders: ReadonlyArray<readonly string[]>): Set<string> {
  const all = new Set<string>();
  for (const folder of folders) {
    for (let i = 1; i <= folder.length; i++) all.add(folder.slice(0, i).join('/'));
  }
  return all;
}
