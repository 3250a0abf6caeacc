import { describe, expect, it } from 'vitest';
import { lifeListStructureSchema } from '../../data/manifest-schemas.ts';
import { photoId } from '../../data/paths.ts';
import { parseSiteConfig, privacyOptionsSchema, renditionOptionsSchema, type SiteConfigInput } from '../../data/site-config.ts';
import type { PhotoRecord } from '../photos/cache.ts';
import * as manifestsStage from './manifests.ts';
import { basePathOf } from '../../data/publishing.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';
import type { PhotoFacts } from '../place/photo-facts.ts';
import { place } from '../place/placement.ts';
import { checkLifeList } from '../scan/photo-list.ts';
import { planPhoto, type PlanSettings } from '../scan/plan.ts';
import { Problems } from '../plumbing/problems.ts';

const settings: PlanSettings = { renditions: renditionOptionsSchema.parse({}), privacy: privacyOptionsSchema.parse({}) };

function published(relativePath: string): PublishedPhoto {
  const plan = planPhoto(relativePath, settings);
  const file = (path: string) => ({ path, width: 4, height: 3 });
  const record: PhotoRecord = {
    size: 1,
    mtimeMs: 1,
    fingerprint: 'x',
    addedAt: '2024-01-01T00:00:00.000Z',
    width: 4000,
    height: 3000,
    exif: null,
    takenOn: null,
    outputs: {
      display: { key: 'k', value: file(plan.display) },
      thumbnail: { key: 'k', value: file(plan.thumbnail) },
      sources: { key: 'k', value: [{ type: 'image/webp', files: [file(plan.sources[0]!.path)] }] },
      placeholder: { key: 'k', value: 'hash' },
    },
  };
  return { plan, record };
}

function derive(paths: string[], folders: string[][], site: Partial<SiteConfigInput> = {}, marks: Record<string, Mark> = {}) {
  const problems = new Problems();
  const manifests = manifestsStage.run({
    photos: paths.map((p) => withMark(published(p), marks[p])),
    folders,
    site: parseSiteConfig({ owner: 'Owner', ...site }),
    credits: new Map(),
    problems,
  });
  return { manifests, problems: problems.all };
}

/** What the owner set on a photo in Lightroom or darktable, as the facts stage reads it. */
interface Mark {
  keywords?: string[];
  hierarchical?: string[];
  rating?: number;
  takenOn?: string;
}

function withMark(photo: PublishedPhoto, mark: Mark | undefined): PublishedPhoto {
  if (!mark) return photo;
  const facts: PhotoFacts = { keywords: mark.keywords ?? [], hierarchicalKeywords: mark.hierarchical ?? [], ...(mark.rating !== undefined ? { rating: mark.rating } : {}) };
  return { ...photo, facts, record: { ...photo.record, takenOn: mark.takenOn ?? null } };
}

const PHOTOS = ['Birds/Ducks/Mallard/a.jpg', 'Birds/Ducks/Mallard/b.jpg', 'Birds/Ducks/Teal/c.jpg', 'Birds/Hawks/Osprey/d.jpg'];
const FOLDERS = [['Birds'], ['Birds', 'Ducks'], ['Birds', 'Ducks', 'Mallard'], ['Birds', 'Ducks', 'Teal'], ['Birds', 'Hawks'], ['Birds', 'Hawks', 'Osprey'], ['Birds', 'Owls'], ['Empty']];

describe('structure', () => {
  it('counts photos in every subtree, writes 0 for empty folders and lists leaf files with their _lowq names', () => {
    const { manifests } = derive(PHOTOS, FOLDERS);
    const structure = lifeListStructureSchema.parse(manifests.lifeListStructure);
    expect(structure).toEqual({
      file_count: 4,
      Birds: {
        file_count: 4,
        Ducks: {
          file_count: 3,
          Mallard: { file_count: 2, files: ['a.jpg', 'a_lowq.jpg', 'b.jpg', 'b_lowq.jpg'] },
          Teal: { file_count: 1, files: ['c.jpg', 'c_lowq.jpg'] },
        },
        Hawks: { file_count: 1, Osprey: { file_count: 1, files: ['d.jpg', 'd_lowq.jpg'] } },
        Owls: { file_count: 0, files: [] },
      },
      Empty: { file_count: 0, files: [] },
    });
  });
});

describe('covers', () => {
  it('uses the first photo of each subtree when nothing is featured or overridden, and none for empty folders', () => {
    const { manifests } = derive(PHOTOS, FOLDERS);
    expect(manifests.coverPhotos).toEqual({
      Birds: 'life_list/Birds/Ducks/Mallard/a_lowq.jpg',
      'Birds/Ducks': 'life_list/Birds/Ducks/Mallard/a_lowq.jpg',
      'Birds/Ducks/Mallard': 'life_list/Birds/Ducks/Mallard/a_lowq.jpg',
      'Birds/Ducks/Teal': 'life_list/Birds/Ducks/Teal/c_lowq.jpg',
      'Birds/Hawks': 'life_list/Birds/Hawks/Osprey/d_lowq.jpg',
      'Birds/Hawks/Osprey': 'life_list/Birds/Hawks/Osprey/d_lowq.jpg',
    });
  });

  it('prefers an override, then a featured photo in the subtree (owner order)', () => {
    const { manifests, problems } = derive(PHOTOS, FOLDERS, {
      featured: [
        { species: 'Osprey', file: 'd.jpg' },
        { species: 'Mallard', file: 'b.jpg' },
      ],
      covers: { 'Birds/Ducks': 'Birds/Ducks/Teal/c.jpg' },
    });
    expect(problems).toEqual([]);
    expect(manifests.coverPhotos.Birds).toBe('life_list/Birds/Hawks/Osprey/d_lowq.jpg');
    expect(manifests.coverPhotos['Birds/Ducks']).toBe('life_list/Birds/Ducks/Teal/c_lowq.jpg');
    expect(manifests.coverPhotos['Birds/Ducks/Mallard']).toBe('life_list/Birds/Ducks/Mallard/b_lowq.jpg');
  });

  it('reports overrides that point at nothing or outside their folder, and falls back', () => {
    const { manifests, problems } = derive(PHOTOS, FOLDERS, {
      covers: { 'Birds/Hawks': 'Birds/Ducks/Teal/c.jpg', Nowhere: 'Birds/Ducks/Teal/c.jpg' },
    });
    expect(problems.map((p) => `${p.path}: ${p.reason}`)).toEqual([
      "site.json: cover override for folder 'Birds/Hawks' points at 'Birds/Ducks/Teal/c.jpg', which is not a published photo in that folder",
      "site.json: cover override for folder 'Nowhere': no such folder in life_list/",
    ]);
    expect(manifests.coverPhotos['Birds/Hawks']).toBe('life_list/Birds/Hawks/Osprey/d_lowq.jpg');
  });
});

describe('bird photos, featured list and stats', () => {
  it('numbers each species from 1, tags fav, keeps the owner order and reports unknown featured entries', () => {
    const { manifests, problems } = derive(PHOTOS, FOLDERS, {
      featured: [
        { species: 'Mallard', file: 'b.jpg' },
        { species: 'Teal', file: 'zzz.jpg' },
        { species: 'Osprey', file: 'd.jpg' },
      ],
      lifeCount: 308,
    });
    expect(manifests.birdPhotos).toEqual({
      Mallard: [
        { id: 1, tags: [] },
        { id: 2, tags: ['fav'] },
      ],
      Teal: [{ id: 1, tags: [] }],
      Osprey: [{ id: 1, tags: ['fav'] }],
    });
    expect(manifests.info.featured).toEqual([photoId('Birds/Ducks/Mallard/b.jpg'), photoId('Birds/Hawks/Osprey/d.jpg')]);
    expect(problems.map((p) => p.reason)).toEqual(["featured entry 2 (species 'Teal', file 'zzz.jpg') matches no photo"]);
    expect(manifests.info.stats).toEqual({ speciesObserved: 308, speciesPhotographed: 3, photos: 4 });
    expect(manifests.photoIndex.photos[photoId('Birds/Ducks/Mallard/b.jpg')]).toMatchObject({ number: 2, featured: true, species: 'Mallard', fileName: 'b.jpg' });
  });

  it('counts species when the owner gives no life count, and derives the base path from the base URL', () => {
    const { manifests } = derive(PHOTOS, FOLDERS, { publishing: { baseUrl: 'https://example.org/portfolio' } });
    expect(manifests.info.stats.speciesObserved).toBe(3);
    expect(manifests.info.publishing).toEqual({ baseUrl: 'https://example.org/portfolio', basePath: '/portfolio/' });
    expect(basePathOf(undefined)).toBe('/');
  });
});

describe('favourites and covers marked by keyword and rating', () => {
  const day = (n: number) => `2024-05-${String(n).padStart(2, '0')}`;
  /** 40 photos of one species, photo i taken on day i % 28 + 1. */
  const MANY = Array.from({ length: 40 }, (_, i) => `Birds/Ducks/Mallard/p${String(i).padStart(2, '0')}.jpg`);
  const wall = (m: ReturnType<typeof derive>['manifests']) => m.info.featured;

  it("puts site.json's list first in its order, then keyword-marked photos newest first, and keeps the wall at 32", () => {
    const marks = Object.fromEntries(MANY.map((p, i) => [p, { keywords: ['Featured'], takenOn: day((i % 28) + 1) }]));
    const { manifests, problems } = derive(MANY, [['Birds'], ['Birds', 'Ducks'], ['Birds', 'Ducks', 'Mallard']], { featured: [{ species: 'Mallard', file: 'p39.jpg' }, { species: 'Mallard', file: 'p00.jpg' }] }, marks);
    expect(problems).toEqual([]);
    const ids = wall(manifests);
    expect(ids).toHaveLength(32);
    expect(ids.slice(0, 2)).toEqual([photoId('Birds/Ducks/Mallard/p39.jpg'), photoId('Birds/Ducks/Mallard/p00.jpg')]);
    const days = ids.slice(2).map((id) => manifests.photoIndex.photos[id]!.takenOn!);
    expect(days).toEqual([...days].sort().reverse());
    expect(days[0]).toBe(day(28));
    expect(new Set(ids).size).toBe(32);
  });

  it('marks by a hierarchical keyword, by the keyword named in site.json, and by rating; unmarked photos stay off the wall', () => {
    const marks: Record<string, Mark> = {
      'Birds/Ducks/Mallard/a.jpg': { hierarchical: ['Portfolio|Best'], takenOn: day(1) },
      'Birds/Ducks/Mallard/b.jpg': { keywords: ['featured'], rating: 3, takenOn: day(9) },
      'Birds/Ducks/Teal/c.jpg': { rating: 4, takenOn: day(5) },
      'Birds/Hawks/Osprey/d.jpg': { rating: 5 },
    };
    const { manifests } = derive(PHOTOS, FOLDERS, { favourites: { keyword: 'best', minRating: 4 } }, marks);
    expect(wall(manifests)).toEqual(['Birds/Ducks/Teal/c.jpg', 'Birds/Ducks/Mallard/a.jpg', 'Birds/Hawks/Osprey/d.jpg'].map(photoId));
    expect(manifests.birdPhotos.Mallard).toEqual([
      { id: 1, tags: ['fav'] },
      { id: 2, tags: [] },
    ]);
    expect(wall(derive(PHOTOS, FOLDERS, {}, marks).manifests)).toEqual([photoId('Birds/Ducks/Mallard/b.jpg')]);
    expect(wall(derive(PHOTOS, FOLDERS, { favourites: { keyword: null } }, marks).manifests)).toEqual([]);
  });

  it('makes a cover-keyworded photo the cover of its species and the folders above, unless site.json names one', () => {
    const marks: Record<string, Mark> = { 'Birds/Ducks/Mallard/b.jpg': { keywords: ['COVER'] }, 'Birds/Ducks/Teal/c.jpg': { keywords: ['featured'] } };
    const { manifests, problems } = derive(PHOTOS, FOLDERS, { covers: { Birds: 'Birds/Hawks/Osprey/d.jpg' } }, marks);
    expect(problems).toEqual([]);
    expect(manifests.coverPhotos).toEqual({
      Birds: 'life_list/Birds/Hawks/Osprey/d_lowq.jpg',
      'Birds/Ducks': 'life_list/Birds/Ducks/Mallard/b_lowq.jpg',
      'Birds/Ducks/Mallard': 'life_list/Birds/Ducks/Mallard/b_lowq.jpg',
      'Birds/Ducks/Teal': 'life_list/Birds/Ducks/Teal/c_lowq.jpg',
      'Birds/Hawks': 'life_list/Birds/Hawks/Osprey/d_lowq.jpg',
      'Birds/Hawks/Osprey': 'life_list/Birds/Hawks/Osprey/d_lowq.jpg',
    });
    expect(derive(PHOTOS, FOLDERS, { coverKeyword: null }, marks).manifests.coverPhotos['Birds/Ducks']).toBe('life_list/Birds/Ducks/Teal/c_lowq.jpg');
  });
});

/** The scan's checks and the placement without the disk, for a Life List of the owner's folders only. */
function classify(files: string[], dirs: string[], problems: Problems) {
  const checked = checkLifeList(files, dirs, problems);
  const { photos, folders } = place({ lifeListFiles: checked.files, lifeListDirs: checked.dirs, inboxFiles: [], facts: new Map(), taxonomy: undefined, names: 'folders', minRating: 0, photosDir: '/photos', settings, problems });
  return { photos, folders };
}

describe('classify (the scan without the disk)', () => {
  const run = (files: string[], dirs: string[]) => {
    const problems = new Problems();
    const list = classify(files, dirs, problems);
    return { list, problems: problems.all.map((p) => `${p.path}: ${p.reason}`) };
  };

  it('keeps photos in leaf folders, sorted as the site sorts names', () => {
    const { list, problems } = run(['B/s/z.jpg', 'B/s/a.JPG', 'a/t/x.PNG', 'a/t/notes.txt'], ['B', 'B/s', 'a', 'a/t']);
    expect(problems).toEqual([]);
    expect(list.photos.map((p) => p.plan.relativePath)).toEqual(['a/t/x.PNG', 'B/s/a.JPG', 'B/s/z.jpg']);
    expect(list.folders).toEqual([['a'], ['a', 't'], ['B'], ['B', 's']]);
  });

  it('reports every kind of misplaced or misnamed photo and folder', () => {
    const { list, problems } = run(
      ['root.jpg', 'A/mid.jpg', 'A/S/ok.jpg', 'A/S/ok.png', 'A/S/flowquail.jpg', 'A/S/x.heic', 'B/S/dup.jpg', 'A/x+y/S2/p.jpg', 'A/files/S3/p.jpg'],
      ['A', 'A/S', 'B', 'B/S', 'A/x+y', 'A/x+y/S2', 'A/files', 'A/files/S3'],
    );
    // HEIC is a photo like any other.
    expect(list.photos.map((p) => p.plan.relativePath)).toEqual(['A/S/ok.jpg', 'A/S/x.heic']);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^life_list\/root.jpg: photo directly in life_list/),
        expect.stringMatching(/^life_list\/A\/mid.jpg: photo sits in a folder that also has sub-folders/),
        "life_list/A/S/ok.png: would publish as 'ok.jpg', like 'ok.jpg' in the same folder; rename one of them (this one is skipped)",
        expect.stringMatching(/^life_list\/A\/S\/flowquail.jpg: file name contains 'lowq'/),
        expect.stringMatching(/^life_list\/B\/S\/dup.jpg: species folder 'S' also exists at 'life_list\/A\/S'/),
        expect.stringMatching(/^life_list\/A\/x\+y: folder name contains '\+'/),
        expect.stringMatching(/^life_list\/A\/files: folder name 'files' is reserved/),
      ]),
    );
    expect(problems).toHaveLength(7);
  });
});
