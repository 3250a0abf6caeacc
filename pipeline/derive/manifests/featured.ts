import type { SiteConfig } from '../../../data/site-config.ts';
import { problem } from '../../report/messages.ts';
import type { Problems } from '../../plumbing/problems.ts';
import { SITE_CONFIG_FILE } from '../../setup/settings.ts';
import type { PublishedPhoto } from './published-photo.ts';

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

