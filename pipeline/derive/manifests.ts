import type { Credit, Manifests, TaxonomyCredit } from '../../data/manifest-schemas.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import type { LifeListLinks } from '../../data/site-data-derivation.ts';
import { birdPhotosOf, numberPhotos } from './manifests/bird-photos.ts';
import { coversOf } from './manifests/covers.ts';
import { resolveFeatured } from './manifests/featured.ts';
import { infoOf } from './manifests/info.ts';
import { photoIndexOf, type TaxonName } from './manifests/photo-index.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';
import { structureOf } from './manifests/structure.ts';
import type { Problems } from '../plumbing/problems.ts';

export interface DeriveInput {
  /** Sorted by folder, then file name. */
  photos: readonly PublishedPhoto[];
  /** Every usable folder, including empty ones. */
  folders: readonly string[][];
  site: SiteConfig;
  credits: ReadonlyMap<string, Credit>;
  /** The eBird life list matched to the species folders (derive/life-list.ts); absent without an export. */
  life?: LifeListLinks | undefined;
  /** Species name → scientific name and field-guide sequence, from the bird taxonomy where it knows the name. */
  taxonNames?: ReadonlyMap<string, TaxonName>;
  /** The taxonomy those names come from, for the credits. */
  taxonomy?: TaxonomyCredit;
  problems: Problems;
  /** The recordings' and clips' paths (as placed and as found), which credits.tsv may name. */
  mediaPaths?: ReadonlySet<string>;
  /** Published recordings and clips, for info.json's stats. */
  mediaCounts?: { recordings: number; clips: number };
}

/** Stage: published photos + folders + site.json → the five manifests, each made by its own module in derive/manifests/. */
export function run({ photos, folders, site, credits, life, taxonNames, taxonomy, problems, mediaPaths, mediaCounts }: DeriveInput): Manifests {
  const featured = resolveFeatured(photos, site, problems);
  const featuredSet = new Set(featured.map((p) => p.plan.relativePath));
  const numbers = numberPhotos(photos);
  return {
    birdPhotos: birdPhotosOf(photos, numbers, featuredSet),
    lifeListStructure: structureOf(photos, folders),
    coverPhotos: coversOf(photos, folders, featured, site, problems),
    photoIndex: photoIndexOf(photos, numbers, featuredSet, credits, problems, taxonNames, mediaPaths),
    info: infoOf(photos, featured, site, life, taxonomy, mediaCounts),
  };
}
