import type { Credit, Manifests } from '../data/manifests.ts';
import type { SiteConfig } from '../data/site-config.ts';
import type { LifeListLinks } from '../data/site-data-files.ts';
import { birdPhotosOf, numberPhotos } from './outputs/bird-photos.ts';
import { coversOf } from './outputs/covers.ts';
import { resolveFeatured } from './outputs/featured.ts';
import { infoOf } from './outputs/info.ts';
import { photoIndexOf } from './outputs/photo-index.ts';
import type { PublishedPhoto } from './outputs/published-photo.ts';
import { structureOf } from './outputs/structure.ts';
import type { Problems } from './problems.ts';

export interface DeriveInput {
  /** Sorted by folder, then file name. */
  photos: readonly PublishedPhoto[];
  /** Every usable folder, including empty ones. */
  folders: readonly string[][];
  site: SiteConfig;
  credits: ReadonlyMap<string, Credit>;
  /** The eBird life list matched to the species folders (outputs/life-records.ts); absent without an export. */
  life?: LifeListLinks | undefined;
  problems: Problems;
}

/** Stage: published photos + folders + site.json → the five manifests, each made by its own module in outputs/. */
export function run({ photos, folders, site, credits, life, problems }: DeriveInput): Manifests {
  const featured = resolveFeatured(photos, site, problems);
  const featuredSet = new Set(featured.map((p) => p.plan.relativePath));
  const numbers = numberPhotos(photos);
  return {
    birdPhotos: birdPhotosOf(photos, numbers, featuredSet),
    lifeListStructure: structureOf(photos, folders),
    coverPhotos: coversOf(photos, folders, featured, site, problems),
    photoIndex: photoIndexOf(photos, numbers, featuredSet, credits, problems),
    info: infoOf(photos, featured, site, life),
  };
}
