import { FAV_TAG, type BirdPhotos } from '../../../data/manifest-schemas.ts';
import type { PublishedPhoto } from './published-photo.ts';

/** Each photo's 1-based number within its species, in the photos' (sorted) order. */
export function numberPhotos(photos: readonly PublishedPhoto[]): Map<string, number> {
  const numbers = new Map<string, number>();
  const perSpecies = new Map<string, number>();
  for (const photo of photos) {
    const n = (perSpecies.get(photo.plan.species) ?? 0) + 1;
    perSpecies.set(photo.plan.species, n);
    numbers.set(photo.plan.relativePath, n);
  }
  return numbers;
}

/** bird-photos.json: species → `{ id, tags }` per photo, `fav` on the featured ones. */
export function birdPhotosOf(photos: readonly PublishedPhoto[], numbers: ReadonlyMap<string, number>, featured: ReadonlySet<string>): BirdPhotos {
  const birdPhotos: BirdPhotos = {};
  for (const photo of photos) {
    (birdPhotos[photo.plan.species] ??= []).push({
      id: numbers.get(photo.plan.relativePath)!,
      tags: featured.has(photo.plan.relativePath) ? [FAV_TAG] : [],
    });
  }
  return birdPhotos;
}
