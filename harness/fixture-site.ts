import type { ExifDisplay, Manifests, PhotoEntry } from '../data/manifest-schemas.ts';
import { photoId } from '../data/paths.ts';
import { growthByYear, lifeListRecordsSchema, type LifeRecord } from '../data/life-records.ts';
import type { LifeListLinks } from '../data/site-data-derivation.ts';

/**
 * A tiny site with the edge cases the pages must handle: names with spaces,
 * commas, apostrophes and accents, an empty folder, an entry with id 0, a photo
 * whose metadata the pipeline could not read, and a photo without any EXIF.
 */
export const EXIF_WOOD_DUCK: ExifDisplay = {
  camera: 'Nikon Z8',
  lens: 'NIKKOR Z 180-600mm f/5.6-6.3 VR',
  focalLength: '600 mm',
  aperture: 'f/6.3',
  iso: '800',
  shutterSpeed: '1/2000 s',
  dateTaken: '2024/05/17',
};

function entry(folder: string[], file: string, number: number, extra: Partial<PhotoEntry> = {}): PhotoEntry {
  const source = [...folder, file].join('/');
  const dir = ['life_list', ...folder].join('/');
  const stem = file.replace(/\.[^.]+$/, '');
  return {
    id: photoId(source),
    source,
    species: folder.at(-1) ?? file,
    folder,
    number,
    fileName: `${stem}.jpg`,
    width: 3000,
    height: 2000,
    placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
    thumbnail: { path: `${dir}/${stem}_lowq.jpg`, width: 480, height: 320 },
    display: { path: `${dir}/${stem}.jpg`, width: 2048, height: 1365 },
    sources: [{ type: 'image/webp', files: [{ path: `${dir}/${stem}-480.webp`, width: 480, height: 320 }, { path: `${dir}/${stem}-960.webp`, width: 960, height: 640 }] }],
    featured: false,
    exif: EXIF_WOOD_DUCK,
    takenOn: '2024-05-17',
    addedAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const WOOD_DUCK = ['Anseriformes', 'Ducks, Geese, and Waterfowl', 'Wood Duck'];
export const MALLARD = ['Anseriformes', 'Ducks, Geese, and Waterfowl', 'Mallard'];
export const GULL = ['Charadriiformes', 'Gulls, Terns, and Skimmers', "Franklin's Gull"];
export const WARBLER = ['Passeriformes', 'Fauvettes et alliés', 'Ménétries’s Warbler'];

export const photos = {
  duckDrake: entry(WOOD_DUCK, 'drake.JPG', 1, { featured: true }),
  duckHen: entry(WOOD_DUCK, 'hen.jpg', 2, {
    exif: { ...EXIF_WOOD_DUCK, camera: 'Unknown', lens: 'Unknown', dateTaken: 'Unknown' },
    credit: { author: 'Jane Doe', licence: 'CC BY 4.0', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/', source: 'Example archive' },
  }),
  gull: entry(GULL, 'gull.jpg', 1, { exif: null, featured: true }),
  warbler: entry(WARBLER, 'warbler.jpg', 1),
  // Its metadata could not be read by the pipeline: the lightbox hides the panel.
  mallard: entry(MALLARD, 'flock.jpg', 1, { exif: null }),
};

/**
 * The shared fixtures are frozen: a test that changes one fails at once, rather than changing
 * what the tests after it read. A test changes the copies fixtureManifests() and its kin return.
 */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
deepFreeze(photos);

/** The fixture's manifests as the ingest writes them: a new copy on every call, the test's to change. */
export function fixtureManifests(): Manifests {
  const index = Object.fromEntries(Object.values(photos).map((p) => [p.id, structuredClone(p)]));
  return {
    birdPhotos: {
      'Wood Duck': [
        { id: 1, tags: ['fav'] },
        { id: 0, tags: [] },
        { id: 2, tags: [] },
      ],
      Mallard: [{ id: 1, tags: [] }],
      "Franklin's Gull": [{ id: 1, tags: ['fav'] }],
      'Ménétries’s Warbler': [{ id: 1, tags: [] }],
    },
    lifeListStructure: {
      file_count: 5,
      Anseriformes: {
        file_count: 3,
        'Ducks, Geese, and Waterfowl': {
          file_count: 3,
          'Wood Duck': { file_count: 2, files: ['drake.jpg', 'drake_lowq.jpg', 'hen.jpg', 'hen_lowq.jpg'] },
          Mallard: { file_count: 1, files: ['flock.jpg', 'flock_lowq.jpg'] },
        },
      },
      Charadriiformes: {
        file_count: 1,
        'Gulls, Terns, and Skimmers': { file_count: 1, "Franklin's Gull": { file_count: 1, files: ['gull.jpg', 'gull_lowq.jpg'] } },
      },
      Gruiformes: { file_count: 0, Cranes: { file_count: 0 } },
      Passeriformes: {
        file_count: 1,
        // Three keys (file_count, files, a sub-folder): folder cards, not a photo wall.
        'Fauvettes et alliés': { file_count: 1, files: ['stray.jpg', 'stray_lowq.jpg'], 'Ménétries’s Warbler': { file_count: 1, files: ['warbler.jpg', 'warbler_lowq.jpg'] } },
      },
    },
    coverPhotos: {
      Anseriformes: photos.duckDrake.thumbnail.path,
      'Anseriformes/Ducks, Geese, and Waterfowl': photos.duckHen.thumbnail.path,
      'Anseriformes/Ducks, Geese, and Waterfowl/Wood Duck': photos.duckDrake.thumbnail.path,
      Charadriiformes: photos.gull.thumbnail.path,
    },
    photoIndex: { version: 1, photos: index },
    info: {
      owner: 'Robin Fieldfare',
      title: 'Robin Fieldfare · Birds',
      description: 'Birds of the fixture.',
      gear: ['Old body with a telescope.', 'New body with two lenses.'],
      featured: [photos.gull.id, photos.duckDrake.id],
      stats: { speciesObserved: 308, speciesPhotographed: 4, photos: 5 },
      publishing: { basePath: '/' },
    },
  };
}

/**
 * An eBird life list for the fixture: Wood Duck, Mallard and Franklin's Gull are photographed
 * (Wood Duck before Mallard in taxonomic order, the reverse of alphabetical), two species are
 * not, and the warbler's folder is not in the export.
 */
export const LIFE_RECORDS = {
  woodDuck: { commonName: 'Wood Duck', scientificName: 'Aix sponsa', taxonOrder: 280, firstSeen: '2005-04-02', firstRegion: 'US-NC' },
  mallard: { commonName: 'Mallard', scientificName: 'Anas platyrhynchos', taxonOrder: 330, firstSeen: '2005-01-09', firstRegion: 'US-NC' },
  blackDuck: { commonName: 'American Black Duck', scientificName: 'Anas rubripes', taxonOrder: 340, firstSeen: '2007-12-30', firstRegion: 'US-MD' },
  crane: { commonName: 'Sandhill Crane', scientificName: 'Antigone canadensis', taxonOrder: 4100, firstSeen: '2007-02-11' },
  gull: { commonName: "Franklin's Gull", scientificName: 'Leucophaeus pipixcan', taxonOrder: 5500, firstSeen: '2010-05-20', firstRegion: 'US-KS' },
} satisfies Record<string, LifeRecord>;

deepFreeze(LIFE_RECORDS);
deepFreeze(EXIF_WOOD_DUCK);

export function fixtureLifeList(): LifeListLinks {
  const species = Object.values(LIFE_RECORDS).sort((a, b) => a.taxonOrder - b.taxonOrder);
  const records = lifeListRecordsSchema.parse({ observedCount: species.length, species, growth: growthByYear(species) });
  return {
    records,
    bySpecies: new Map([
      ['Wood Duck', LIFE_RECORDS.woodDuck],
      ['Mallard', LIFE_RECORDS.mallard],
      ["Franklin's Gull", LIFE_RECORDS.gull],
    ]),
    // As the ingest names them (pipeline/derive/ebird/region-names.ts).
    places: { names: { US: 'United States', 'US-NC': 'North Carolina', 'US-MD': 'Maryland', 'US-KS': 'Kansas' } },
  };
}

/** The fixture's manifests as the ingest writes them with the life list: info.json's stats come from it. */
export function fixtureManifestsWithLifeList(): Manifests {
  const manifests = fixtureManifests();
  const { records } = fixtureLifeList();
  manifests.info.stats = { ...manifests.info.stats, speciesObserved: records.observedCount, lifeList: { observed: records.observedCount, photographed: 3, growth: records.growth } };
  return manifests;
}


/**
 * The fixture site without an eBird export whose ingest found the species in the bird taxonomy:
 * its photos carry the taxonomy's sequence, in an order neither alphabetical nor the export's.
 * The warbler is not in the taxonomy.
 */
const TAXON_SEQUENCES: Readonly<Record<string, number>> = { "Franklin's Gull": 100, Mallard: 300, 'Wood Duck': 400 };

export function fixtureManifestsWithTaxonomy(): Manifests {
  const manifests = fixtureManifests();
  for (const [id, photo] of Object.entries(manifests.photoIndex.photos)) {
    const sequence = TAXON_SEQUENCES[photo.species];
    if (sequence !== undefined) manifests.photoIndex.photos[id] = { ...photo, taxonSequence: sequence };
  }
  return manifests;
}
