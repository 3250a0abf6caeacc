import { describe, expect, it } from 'vitest';
import {
  birdPhotosSchema,
  childFolders,
  coverPhotosSchema,
  exifDisplaySchema,
  folderAt,
  imageFileSchema,
  infoSchema,
  isPhotoWall,
  isThumbnailName,
  lifeListStructureSchema,
  photoEntrySchema,
  photoIndexSchema,
  type LifeListFolder,
  type PhotoEntry,
} from './manifest-schemas.ts';
import { describeIssues, parseSiteConfig, SiteConfigError } from './site-config.ts';

/** A structure like the pipeline writes: orders → families → species walls. */
function sampleTree(): LifeListFolder {
  return lifeListStructureSchema.parse({
    file_count: 3,
    Strigiformes: {
      file_count: 1,
      Strigidae: {
        file_count: 1,
        "Tengmalm's Owl": { file_count: 1, files: ['owl.jpg', 'owl_lowq.jpg'] },
      },
    },
    anseriformes: {
      file_count: 2,
      Anatidae: {
        file_count: 2,
        'Wood Duck': { file_count: 2, files: ['a.jpg', 'a_lowq.jpg', 'b.jpg', 'b_lowq.jpg'] },
        Mallard: { file_count: 0, files: [] },
      },
    },
    Accipitriformes: { file_count: 0 },
  });
}

describe('childFolders', () => {
  it('lists sub-folders only, sorted alphabetically without regard to case', () => {
    expect(childFolders(sampleTree()).map(([name]) => name)).toEqual(['Accipitriformes', 'anseriformes', 'Strigiformes']);
  });

  it('sorts numbers in names by value and ignores accents when ordering', () => {
    const folder = lifeListStructureSchema.parse({
      file_count: 0,
      'Group 10': { file_count: 0 },
      'Group 2': { file_count: 0 },
      Éperviers: { file_count: 0 },
      Faucons: { file_count: 0 },
      Aigles: { file_count: 0 },
    });
    expect(childFolders(folder).map(([name]) => name)).toEqual(['Aigles', 'Éperviers', 'Faucons', 'Group 2', 'Group 10']);
  });

  it('never lists files or file_count, and a wall has no children', () => {
    const wall = folderAt(sampleTree(), ['anseriformes', 'Anatidae', 'Wood Duck'])!;
    expect(childFolders(wall)).toEqual([]);
  });
});

describe('isPhotoWall', () => {
  it('is true for exactly two keys, one of them files', () => {
    expect(isPhotoWall({ file_count: 1, files: ['a.jpg', 'a_lowq.jpg'] })).toBe(true);
    expect(isPhotoWall({ file_count: 0, files: [] })).toBe(true);
  });

  it('is false for any other shape', () => {
    expect(isPhotoWall({ file_count: 0 })).toBe(false);
    expect(isPhotoWall({ file_count: 1, Child: { file_count: 1 } })).toBe(false);
    expect(isPhotoWall({ file_count: 1, files: ['a.jpg'], Child: { file_count: 0 } })).toBe(false);
    expect(isPhotoWall(sampleTree())).toBe(false);
  });
});

describe('folderAt', () => {
  it('follows names down from the root', () => {
    const tree = sampleTree();
    expect(folderAt(tree, [])).toBe(tree);
    expect(folderAt(tree, ['Strigiformes', 'Strigidae', "Tengmalm's Owl"])?.files).toEqual(['owl.jpg', 'owl_lowq.jpg']);
  });

  it('is undefined for a name that does not exist, in any letter case mismatch', () => {
    expect(folderAt(sampleTree(), ['Passeriformes'])).toBeUndefined();
    expect(folderAt(sampleTree(), ['strigiformes'])).toBeUndefined();
    expect(folderAt(sampleTree(), ['Strigiformes', 'Strigidae', "Tengmalm's Owl", 'deeper'])).toBeUndefined();
  });

  it('never treats the reserved keys as folders', () => {
    const tree = sampleTree();
    expect(folderAt(tree, ['file_count'])).toBeUndefined();
    expect(folderAt(tree, ['anseriformes', 'Anatidae', 'Wood Duck', 'files'])).toBeUndefined();
  });

  it('never follows inherited object keys', () => {
    const tree = sampleTree();
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype']) {
      expect(folderAt(tree, [key]), key).toBeUndefined();
    }
  });

  it('finds a real folder named like an inherited key', () => {
    const tree = lifeListStructureSchema.parse(JSON.parse('{"file_count":1,"constructor":{"file_count":1,"files":["a.jpg","a_lowq.jpg"]}}'));
    expect(folderAt(tree, ['constructor'])?.file_count).toBe(1);
  });
});

describe('isThumbnailName', () => {
  it("recognises the spec's lowq marker", () => {
    expect(isThumbnailName('owl_lowq.jpg')).toBe(true);
    expect(isThumbnailName('owl.jpg')).toBe(false);
  });
});

describe('lifeListStructureSchema', () => {
  it('accepts the nested structure the spec describes', () => {
    expect(lifeListStructureSchema.safeParse(sampleTree()).success).toBe(true);
  });

  it('rejects bad shapes, naming where', () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'file_count'],
      [{ file_count: -1 }, 'file_count'],
      [{ file_count: 1.5 }, 'file_count'],
      [{ file_count: 1, files: [''] }, 'files.0'],
      [{ file_count: 1, files: 'a.jpg' }, 'files'],
      [{ file_count: 1, Owls: { files: [] } }, 'Owls.file_count'],
      [{ file_count: 1, Owls: 'not a folder' }, 'Owls'],
    ];
    for (const [value, path] of cases) {
      const result = lifeListStructureSchema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      if (!result.success) expect(describeIssues(result.error).join('\n')).toContain(`${path}:`);
    }
  });
});

describe('birdPhotosSchema and coverPhotosSchema', () => {
  it('accept the spec shapes', () => {
    expect(birdPhotosSchema.safeParse({ 'Bald Eagle': [{ id: 1, tags: ['fav'] }, { id: 0, tags: [] }] }).success).toBe(true);
    expect(coverPhotosSchema.safeParse({ 'Accipitriformes/Accipitridae': 'life_list/Accipitriformes/Accipitridae/Bald Eagle/a_lowq.jpg' }).success).toBe(true);
  });

  it('reject bad ids, tags and empty paths', () => {
    expect(birdPhotosSchema.safeParse({ 'Bald Eagle': [{ id: -1, tags: [] }] }).success).toBe(false);
    expect(birdPhotosSchema.safeParse({ 'Bald Eagle': [{ id: 1.5, tags: [] }] }).success).toBe(false);
    expect(birdPhotosSchema.safeParse({ 'Bald Eagle': [{ id: 1, tags: 'fav' }] }).success).toBe(false);
    expect(birdPhotosSchema.safeParse({ '': [] }).success).toBe(false);
    expect(coverPhotosSchema.safeParse({ A: '' }).success).toBe(false);
  });
});

function samplePhoto(overrides: Partial<PhotoEntry> = {}): PhotoEntry {
  return {
    id: 'owl-1a2b3c4',
    source: "Strigiformes/Strigidae/Tengmalm's Owl/owl.jpg",
    species: "Tengmalm's Owl",
    folder: ['Strigiformes', 'Strigidae', "Tengmalm's Owl"],
    number: 1,
    fileName: 'owl.jpg',
    width: 3000,
    height: 2000,
    placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
    thumbnail: { path: "life_list/Strigiformes/Strigidae/Tengmalm's Owl/owl_lowq.jpg", width: 480, height: 320 },
    display: { path: "life_list/Strigiformes/Strigidae/Tengmalm's Owl/owl.jpg", width: 2048, height: 1365 },
    sources: [{ type: 'image/webp', files: [{ path: "life_list/Strigiformes/Strigidae/Tengmalm's Owl/owl-480.webp", width: 480, height: 320 }] }],
    featured: false,
    exif: { camera: 'Canon EOS R5', lens: 'Unknown', focalLength: '500 mm', aperture: 'f/7.1', iso: '800', shutterSpeed: '1/4000 s', dateTaken: '2024/05/06' },
    takenOn: '2024-05-06',
    addedAt: '2024-05-07T10:00:00.000Z',
    ...overrides,
  };
}

describe('photo index schemas', () => {
  it('accept a complete entry, with or without EXIF', () => {
    expect(photoEntrySchema.safeParse(samplePhoto()).success).toBe(true);
    expect(photoEntrySchema.safeParse(samplePhoto({ exif: null, takenOn: null })).success).toBe(true);
  });

  it('reject a bad id, date, size or unknown key', () => {
    expect(photoEntrySchema.safeParse(samplePhoto({ id: 'Owl 1' })).success).toBe(false);
    expect(photoEntrySchema.safeParse(samplePhoto({ takenOn: '2024/05/06' })).success).toBe(false);
    expect(photoEntrySchema.safeParse(samplePhoto({ width: 0 })).success).toBe(false);
    expect(photoEntrySchema.safeParse(samplePhoto({ number: 0 })).success).toBe(false);
    expect(photoEntrySchema.safeParse(samplePhoto({ addedAt: 'yesterday' })).success).toBe(false);
    expect(photoEntrySchema.safeParse({ ...samplePhoto(), gps: [1, 2] }).success).toBe(false);
  });

  it('reject asset paths that leave the site or are absolute', () => {
    for (const path of ['/life_list/a.jpg', 'life_list/../secret.jpg', 'life_list\\a.jpg', '']) {
      expect(imageFileSchema.safeParse({ path, width: 1, height: 1 }).success, path).toBe(false);
    }
  });

  it('exif display values are exactly the seven panel fields', () => {
    const exif = samplePhoto().exif!;
    expect(exifDisplaySchema.safeParse(exif).success).toBe(true);
    expect(exifDisplaySchema.safeParse({ ...exif, serialNumber: '123' }).success).toBe(false);
    const { lens: _lens, ...withoutLens } = exif;
    expect(exifDisplaySchema.safeParse(withoutLens).success).toBe(false);
  });

  it('require every index key to equal its photo id', () => {
    const photo = samplePhoto();
    expect(photoIndexSchema.safeParse({ version: 1, photos: { [photo.id]: photo } }).success).toBe(true);
    expect(photoIndexSchema.safeParse({ version: 1, photos: { 'other-key': photo } }).success).toBe(false);
    expect(photoIndexSchema.safeParse({ version: 2, photos: {} }).success).toBe(false);
  });
});

describe('infoSchema', () => {
  const info = {
    owner: 'A. Birder',
    title: 'Birds',
    description: '',
    gear: ['Canon EOS R5'],
    featured: ['owl-1a2b3c4'],
    stats: { speciesObserved: 308, speciesPhotographed: 33, photos: 46 },
    publishing: { basePath: '/' },
  };

  it('accepts the info manifest', () => {
    expect(infoSchema.safeParse(info).success).toBe(true);
  });

  it('rejects negative counts and unknown keys', () => {
    expect(infoSchema.safeParse({ ...info, stats: { ...info.stats, photos: -1 } }).success).toBe(false);
    expect(infoSchema.safeParse({ ...info, extra: true }).success).toBe(false);
  });
});

describe('parseSiteConfig', () => {
  it('fills defaults from a minimal file', () => {
    const config = parseSiteConfig({ owner: 'A. Birder' });
    expect(config.gear).toEqual([]);
    expect(config.featured).toEqual([]);
    expect(config.renditions.displayLongEdge).toBe(2048);
    expect(config.renditions.srcsetWidths).toEqual([360, 480, 720, 960]);
    expect(config.privacy).toEqual({ publishOriginals: false, keepGps: false, keepSerialNumbers: false, publishLocationNames: false });
    expect(config.publishing).toEqual({ checklistLinks: false });
  });

  it('lists every bad key by its path, unknown keys included, in one error', () => {
    let error: unknown;
    try {
      parseSiteConfig(
        {
          owner: '',
          titel: 'typo',
          gear: 'Canon',
          featured: [{ species: 'Bald Eagle', file: 'a.jpg' }, { species: 'Owl' }],
          renditions: { displayLongEdge: 10, bogus: 1, formats: ['gif'] },
          privacy: { keepGps: 'yes' },
          publishing: { basePath: 'portfolio', baseUrl: 'not a url', host: 'heroku' },
        },
        'photos/site.json',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteConfigError);
    const { problems, message } = error as SiteConfigError;
    const paths = problems.map((p) => p.slice(0, p.indexOf(':')));
    expect(paths.sort()).toEqual(
      [
        'owner',
        'titel',
        'gear',
        'featured.1.file',
        'renditions.displayLongEdge',
        'renditions.bogus',
        'renditions.formats.0',
        'privacy.keepGps',
        'publishing.basePath',
        'publishing.baseUrl',
        'publishing.host',
      ].sort(),
    );
    expect(problems).toContain('titel: unknown key');
    expect(problems).toContain('renditions.bogus: unknown key');
    expect(message).toMatch(/^photos\/site\.json is not valid:/);
    for (const problem of problems) expect(message).toContain(problem);
  });

  it('takes a known static host, and names the ones it knows when given another', () => {
    expect(parseSiteConfig({ owner: 'A', publishing: { host: 'cloudflare-pages' } }).publishing.host).toBe('cloudflare-pages');
    expect(() => parseSiteConfig({ owner: 'A', publishing: { host: 'Cloudflare' } })).toThrow(/publishing\.host: .*cloudflare-pages.*github-pages.*netlify.*vercel.*bucket/);
  });

  it('names the top level when the file is not an object', () => {
    expect(() => parseSiteConfig([], 'x.json')).toThrow(/\(top level\)/);
    expect(() => parseSiteConfig(null)).toThrow(SiteConfigError);
  });
});
