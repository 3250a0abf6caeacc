import type { FavouritesOptions, SiteConfig } from '../../../data/site-config.ts';
import { problem } from '../../report/messages.ts';
import type { Problems } from '../../plumbing/problems.ts';
import { SITE_CONFIG_FILE } from '../../setup/settings.ts';
import { hasKeyword, type PublishedPhoto } from './published-photo.ts';

/** The home wall's size (the spec's 32 featured photos). */
const HOME_WALL_SIZE = 32;

/**
 * The home wall: site.json's featured entries in the owner's order, then the photos the owner
 * marked as favourites (keyword or rating, `favourites`), newest first, until the wall holds
 * HOME_WALL_SIZE photos. A listed photo is never dropped for a marked one.
 */
export function resolveFeatured(photos: readonly PublishedPhoto[], site: SiteConfig, problems: Problems): PublishedPhoto[] {
  const listed = listedFeatured(photos, site, problems);
  const room = HOME_WALL_SIZE - listed.length;
  if (room <= 0) return listed;
  const onWall = new Set(listed.map(originalOf));
  const marked: PublishedPhoto[] = [];
  for (const photo of [...photos].filter((p) => isFavourite(p, site.favourites)).sort(newestFirst)) {
    // A photo of a mixed flock is published once per species: the wall shows it once.
    if (marked.length === room || onWall.has(originalOf(photo))) continue;
    onWall.add(originalOf(photo));
    marked.push(photo);
  }
  return [...listed, ...marked];
}

/** site.json's featured entries → photos, in the owner's order; an entry that matches nothing is a problem. */
function listedFeatured(photos: readonly PublishedPhoto[], site: SiteConfig, problems: Problems): PublishedPhoto[] {
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

function isFavourite(photo: PublishedPhoto, favourites: FavouritesOptions): boolean {
  if (favourites.keyword !== null && hasKeyword(photo, favourites.keyword)) return true;
  const rating = photo.facts?.rating;
  return favourites.minRating !== undefined && rating !== undefined && rating >= favourites.minRating;
}

/** Newest day taken first (undated last), then the newest added, then by path so the order is stable. */
function newestFirst(a: PublishedPhoto, b: PublishedPhoto): number {
  const day = (p: PublishedPhoto) => p.record.takenOn ?? '';
  return descending(day(a), day(b)) || descending(a.record.addedAt, b.record.addedAt) || (a.plan.relativePath < b.plan.relativePath ? -1 : 1);
}

function descending(a: string, b: string): number {
  return a === b ? 0 : a < b ? 1 : -1;
}

function originalOf(photo: PublishedPhoto): string {
  return photo.source ?? photo.plan.relativePath;
}
