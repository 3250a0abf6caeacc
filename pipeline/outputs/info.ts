import type { Info } from '../../data/manifests.ts';
import { photoId } from '../../data/paths.ts';
import type { SiteConfig } from '../../data/site-config.ts';
import { basePathOf } from '../../data/publishing.ts';
import type { PublishedPhoto } from './published-photo.ts';

/** info.json: the owner's public settings and the stats. */
export function infoOf(photos: readonly PublishedPhoto[], featured: readonly PublishedPhoto[], site: SiteConfig): Info {
  const species = new Set(photos.map((p) => p.plan.species));
  return {
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
}
