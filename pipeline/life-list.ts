import type { Credit, Info, LifeListFolder, Manifests, PhotoEntry } from '../data/manifests.ts';
import { compareNames, FAV_TAG } from '../data/manifests.ts';
import { photoId } from '../data/paths.ts';
import type { SiteConfig } from '../data/site-config.ts';
import type { PhotoRecord } from './cache.ts';
import { problem } from './messages.ts';
import { LIFE_LIST_DIR, type PhotoPlan } from './plan.ts';
import type { Problems } from './problems.ts';
import { CREDITS_FILE, SITE_CONFIG_FILE } from './settings.ts';

/** A photo whose renditions all exist, ready to be listed. */
export interface PublishedPhoto {
  plan: PhotoPlan;
  record: PhotoRecord;
}

export interface DeriveInput {
  /** Sorted by folder, then file name. */
  photos: readonly PublishedPhoto[];
  /** Every usable folder, including empty ones. */
  folders: readonly string[][];
  site: SiteConfig;
  credits: ReadonlyMap<string, Credit>;
  problems: Problems;
}

/** Stage: published photos + folders + site.json → the five manifests (tree, covers, counts, ids, stats). */
export function run({ photos, folders, site, credits, problems }: DeriveInput): Manifests {
  const featured = resolveFeatured(photos, site, problems);
  const featuredSet = new Set(featured.map((p) => p.plan.relativePath));

  const numbers = new Map<string, number>();
  const perSpecies = new Map<string, number>();
  for (const photo of photos) {
    const n = (perSpecies.get(photo.plan.species) ?? 0) + 1;
    perSpecies.set(photo.plan.species, n);
    numbers.set(photo.plan.relativePath, n);
  }

  const birdPhotos: Manifests['birdPhotos'] = {};
  for (const photo of photos) {
    (birdPhotos[photo.plan.species] ??= []).push({
      id: numbers.get(photo.plan.relativePath)!,
      tags: featuredSet.has(photo.plan.relativePath) ? [FAV_TAG] : [],
    });
  }

  const entries: Record<string, PhotoEntry> = {};
  for (const photo of photos) {
    const entry = photoEntry(photo, numbers.get(photo.plan.relativePath)!, featuredSet.has(photo.plan.relativePath), credits.get(photo.plan.relativePath));
    entries[entry.id] = entry;
  }
  for (const file of credits.keys()) {
    if (!photos.some((p) => p.plan.relativePath === file)) problems.warning(CREDITS_FILE, problem.creditPhotoMissing(file));
  }

  const species = new Set(photos.map((p) => p.plan.species));
  const info: Info = {
    owner: site.owner,
    title: site.title ?? site.owner,
    description: site.description ?? '',
    gear: site.gear,
    featured: featured.map((p) => photoId(p.plan.relativePath)),
    stats: { speciesObserved: site.lifeCount ?? species.size, speciesPhotographed: species.size, photos: photos.length },
    publishing: {
      ...(site.publishing.baseUrl ? { baseUrl: site.publishing.baseUrl } : {}),
      basePath: site.publishing.basePath ?? basePathOf(site.publishing.baseUrl),
      ...(site.publishing.assetOrigin ? { assetOrigin: site.publishing.assetOrigin } : {}),
    },
  };

  return {
    birdPhotos,
    lifeListStructure: structureOf(photos, folders),
    coverPhotos: coversOf(photos, folders, featured, site, problems),
    photoIndex: { version: 1, photos: entries },
    info,
  };
}

function photoEntry(photo: PublishedPhoto, number: number, featured: boolean, credit: Credit | undefined): PhotoEntry {
  const { plan, record } = photo;
  const o = record.outputs;
  if (!o.display || !o.thumbnail || !o.sources || !o.placeholder || !record.width || !record.height) {
    throw new Error(`internal: ${plan.relativePath} has no complete record`);
  }
  return {
    id: photoId(plan.relativePath),
    source: plan.relativePath,
    species: plan.species,
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
    ...(record.text ?? {}),
  };
}

/** site.json's featured entries → photos, in the owner's order; an entry that matches nothing is a problem. */
export function resolveFeatured(photos: readonly PublishedPhoto[], site: SiteConfig, problems: Problems): PublishedPhoto[] {
  const found: PublishedPhoto[] = [];
  site.featured.forEach((entry, index) => {
    const match = photos.find(
      (p) => p.plan.species === entry.species && (p.plan.originalName === entry.file || p.plan.displayName === entry.file || p.plan.relativePath === entry.file),
    );
    if (!match) problems.error(SITE_CONFIG_FILE, problem.featuredMissing(index, entry.species, entry.file));
    else if (!found.includes(match)) found.push(match);
  });
  return found;
}

/** Nested folders with `file_count` everywhere (0 included) and `files` on leaves: display name then `_lowq` name per photo. */
export function structureOf(photos: readonly PublishedPhoto[], folders: readonly string[][]): LifeListFolder {
  const root: LifeListFolder = { file_count: photos.length };
  const allFolders = ancestorsOf([...folders, ...photos.map((p) => p.plan.folder)]);
  const inside = groupByAncestor(photos);
  const children = new Map<string, string[]>();
  for (const folder of allFolders) {
    const siblings = children.get(parentOf(folder)) ?? [];
    siblings.push(folder);
    children.set(parentOf(folder), siblings);
  }
  const byName = (a: string, b: string) => compareNames(lastName(a), lastName(b)) || (a < b ? -1 : 1);

  const build = (prefix: string): LifeListFolder => {
    const mine = inside.get(prefix) ?? [];
    const node: LifeListFolder = { file_count: mine.length };
    const below = children.get(prefix);
    if (!below) {
      node.files = mine.flatMap((p) => [p.plan.displayName, p.plan.thumbnailName]);
      return node;
    }
    for (const child of [...below].sort(byName)) node[lastName(child)] = build(child);
    return node;
  };
  for (const name of [...(children.get('') ?? [])].sort(byName)) root[name] = build(name);
  return root;
}

/** Every folder path and all its ancestors, slash-joined. */
function ancestorsOf(folders: ReadonlyArray<readonly string[]>): Set<string> {
  const all = new Set<string>();
  for (const folder of folders) {
    for (let i = 1; i <= folder.length; i++) all.add(folder.slice(0, i).join('/'));
  }
  return all;
}

/** Folder path → the photos in its subtree, in the photos' order: one pass, not one scan per folder. */
function groupByAncestor(photos: readonly PublishedPhoto[]): Map<string, PublishedPhoto[]> {
  const groups = new Map<string, PublishedPhoto[]>();
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

/**
 * Folder path → cover thumbnail, for every folder with photos: the owner's override,
 * else a featured photo in its subtree (owner's order), else its first photo (sorted).
 */
export function coversOf(
  photos: readonly PublishedPhoto[],
  folders: readonly string[][],
  featured: readonly PublishedPhoto[],
  site: SiteConfig,
  problems: Problems,
): Record<string, string> {
  const folderPaths = ancestorsOf([...folders, ...photos.map((p) => p.plan.folder)]);
  const overrides = new Map<string, PublishedPhoto>();
  for (const [folder, photoPath] of Object.entries(site.covers)) {
    const key = trimSlashes(folder);
    if (!folderPaths.has(key)) {
      problems.error(SITE_CONFIG_FILE, problem.coverFolderMissing(folder));
      continue;
    }
    const wanted = trimSlashes(photoPath).replace(new RegExp(`^${LIFE_LIST_DIR}/`), '');
    const match = photos.find((p) => p.plan.relativePath === wanted && isWithin(p.plan.folder, key));
    if (!match) problems.error(SITE_CONFIG_FILE, problem.coverPhotoMissing(folder, photoPath));
    else overrides.set(key, match);
  }

  const firstFeatured = groupByAncestor(featured);
  const firstPhoto = groupByAncestor(photos);
  const covers: Record<string, string> = {};
  for (const folder of [...folderPaths].sort()) {
    const cover = overrides.get(folder) ?? firstFeatured.get(folder)?.[0] ?? firstPhoto.get(folder)?.[0];
    if (cover) covers[folder] = cover.plan.thumbnail;
  }
  return covers;
}

function isWithin(folder: readonly string[], prefix: string): boolean {
  const joined = folder.join('/');
  return joined === prefix || joined.startsWith(`${prefix}/`);
}

function parentOf(folder: string): string {
  const i = folder.lastIndexOf('/');
  return i < 0 ? '' : folder.slice(0, i);
}

function lastName(folder: string): string {
  return folder.slice(folder.lastIndexOf('/') + 1);
}

function trimSlashes(p: string): string {
  return p.replace(/^\/+|\/+$/g, '');
}

export function basePathOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '/';
  const pathname = new URL(baseUrl).pathname;
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}
