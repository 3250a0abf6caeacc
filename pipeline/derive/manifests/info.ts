import type { Info, TaxonomyCredit } from '../../../data/manifest-schemas.ts';
import { photoId } from '../../../data/paths.ts';
import type { SiteConfig } from '../../../data/site-config.ts';
import type { LifeListLinks } from '../../../data/site-data-derivation.ts';
import { basePathOf } from '../../../data/publishing.ts';
import type { PublishedPhoto } from './published-photo.ts';

/**
 * info.json: the owner's public settings and the stats. The life count is site.json's
 * `lifeCount` when set (the owner's word wins), else the eBird export's, else the species folders'.
 */
export function infoOf(photos: readonly PublishedPhoto[], featured: readonly PublishedPhoto[], site: SiteConfig, life?: LifeListLinks, taxonomy?: TaxonomyCredit, media: { recordings: number; clips: number } = { recordings: 0, clips: 0 }): Info {
  const species = new Set(photos.map((p) => p.plan.species));
  const lifeList = life && {
    observed: life.records.observedCount,
    photographed: new Set([...life.bySpecies.values()].map((s) => s.scientificName)).size,
    growth: life.records.growth,
  };
  return {
    owner: site.owner,
    language: site.language,
    title: site.title ?? site.owner,
    description: site.description ?? '',
    gear: site.gear,
    featured: featured.map((p) => photoId(p.plan.relativePath)),
    stats: {
      speciesObserved: site.lifeCount ?? lifeList?.observed ?? species.size,
      speciesPhotographed: species.size,
      photos: photos.length,
      ...(media.recordings > 0 ? { recordings: media.recordings } : {}),
      ...(media.clips > 0 ? { clips: media.clips } : {}),
      ...(lifeList ? { lifeList } : {}),
    },
    ...(taxonomy ? { taxonomy } : {}),
    publishing: {
      ...(site.publishing.baseUrl ? { baseUrl: site.publishing.baseUrl } : {}),
      basePath: site.publishing.basePath ?? basePathOf(site.publishing.baseUrl),
      ...(site.publishing.assetOrigin ? { assetOrigin: site.publishing.assetOrigin } : {}),
      ...(site.publishing.host ? { host: site.publishing.host } : {}),
    },
  };
}
