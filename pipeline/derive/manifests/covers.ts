import type { SiteConfig } from '../../../data/site-config.ts';
import { problem } from '../../report/messages.ts';
import { LIFE_LIST_DIR } from '../../scan/plan.ts';
import type { Problems } from '../../plumbing/problems.ts';
import { SITE_CONFIG_FILE } from '../../setup/settings.ts';
import { ancestorsOf, groupByAncestor, hasKeyword, type PublishedPhoto } from './published-photo.ts';

/**
 * Folder path → cover thumbnail, for every folder with photos: the owner's override in site.json,
 * else a photo in its subtree with the cover keyword, else a featured photo in its subtree (the
 * wall's order), else its first photo (sorted).
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

  const coverKeyword = site.coverKeyword;
  const firstMarked = coverKeyword === null ? new Map<string, PublishedPhoto[]>() : groupByAncestor(photos.filter((p) => hasKeyword(p, coverKeyword)));
  const firstFeatured = groupByAncestor(featured);
  const firstPhoto = groupByAncestor(photos);
  const covers: Record<string, string> = {};
  for (const folder of [...folderPaths].sort()) {
    const cover = overrides.get(folder) ?? firstMarked.get(folder)?.[0] ?? firstFeatured.get(folder)?.[0] ?? firstPhoto.get(folder)?.[0];
    if (cover) covers[folder] = cover.plan.thumbnail;
  }
  return covers;
}

function isWithin(folder: readonly string[], prefix: string): boolean {
  const joined = folder.join('/');
  return joined === prefix || joined.startsWith(`${prefix}/`);
}

function trimSlashes(p: string): string {
  return p.replace(/^\/+|\/+$/g, '');
}

