import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childFolders, infoSchema, isPhotoWall, lifeListStructureSchema, photoIndexSchema, birdPhotosSchema, type LifeListFolder, type PhotoEntry } from '../data/manifest-schemas.ts';

/**
 * Names for the E2E tests come from the built site's own manifests, never from
 * the sample photos' names, so the tests hold when the owner replaces them.
 */
export function readSite(distDir: string) {
  const read = (path: string): unknown => JSON.parse(readFileSync(join(distDir, path), 'utf8'));
  const index = photoIndexSchema.parse(read('photo-index.json'));
  const info = infoSchema.parse(read('info.json'));
  const structure = lifeListStructureSchema.parse(read('life_list/life_list_structure.json'));
  const birdPhotos = birdPhotosSchema.parse(read('bird-photos.json'));
  const photos = Object.values(index.photos);

  /** The first visible folder at each level down to a photo wall. */
  function firstPathToWall(): string[] {
    const path: string[] = [];
    let folder: LifeListFolder = structure;
    while (!isPhotoWall(folder)) {
      const next = childFolders(folder).find(([, child]) => child.file_count > 0);
      if (!next) throw new Error('the sample Life List has no photo wall');
      path.push(next[0]);
      folder = next[1];
    }
    return path;
  }

  const bySpecies = new Map<string, PhotoEntry[]>();
  for (const photo of photos) bySpecies.set(photo.species, [...(bySpecies.get(photo.species) ?? []), photo]);
  const speciesWithMostPhotos = [...bySpecies.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!speciesWithMostPhotos) throw new Error('the sample site has no photos');

  /** A species' photos in the order its page shows them (bird-photos.json, id 0 skipped). */
  function speciesPage(species: string): PhotoEntry[] {
    return (birdPhotos[species] ?? [])
      .filter((entry) => entry.id !== 0)
      .flatMap((entry) => photos.filter((p) => p.species === species && p.number === entry.id));
  }

  /** For the lightbox: a species with two or more photos whose first one has camera metadata. */
  const lightboxSpecies = [...bySpecies.keys()].find((species) => {
    const shown = speciesPage(species);
    return shown.length >= 2 && shown[0]?.exif;
  });
  const photoWithoutExif = photos.find((p) => p.exif === null);

  return { index, info, structure, birdPhotos, photos, firstPathToWall, bySpecies, speciesWithMostPhotos, speciesPage, lightboxSpecies, photoWithoutExif };
}
