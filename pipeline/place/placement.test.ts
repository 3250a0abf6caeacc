import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../data/site-config.ts';
import { Problems } from '../plumbing/problems.ts';
import { taxonomyFrom, type TaxonomySpecies } from '../taxonomy/taxonomy.ts';
import type { PhotoFacts } from './photo-facts.ts';
import { place, taxonomyNeeded, type PlacementInput } from './placement.ts';

const species = (englishName: string, scientificName: string, order: string, family: string, familyEnglish: string, sequence: number, otherEnglishNames: string[] = []): TaxonomySpecies => ({
  code: scientificName,
  englishName,
  scientificName,
  order,
  family,
  familyEnglish,
  sequence,
  otherEnglishNames,
});

const taxonomy = taxonomyFrom(
  [
    species('Mallard', 'Anas platyrhynchos', 'Anseriformes', 'Anatidae', 'Ducks, Geese, and Waterfowl', 10),
    species('Canyon Wren', 'Catherpes mexicanus', 'Passeriformes', 'Troglodytidae', 'Wrens', 50),
    species('Rock Wren', 'Salpinctes obsoletus', 'Passeriformes', 'Troglodytidae', 'Wrens', 49),
    species('Canada Jay', 'Perisoreus canadensis', 'Passeriformes', 'Corvidae', 'Crows, Jays, and Magpies', 40, ['Gray Jay']),
    species('Osprey', 'Pandion haliaetus', 'Accipitriformes', 'Pandionidae', 'Osprey', 5),
  ],
  'Test checklist',
);

const settings = (() => {
  const site = parseSiteConfig({ owner: 'A' });
  return { renditions: site.renditions, privacy: site.privacy };
})();

function run(overrides: Partial<Omit<PlacementInput, 'facts'>> & { facts?: Record<string, Partial<PhotoFacts>> }) {
  const problems = new Problems();
  const facts = new Map(Object.entries(overrides.facts ?? {}).map(([k, v]) => [k, { keywords: [], hierarchicalKeywords: [], ...v }]));
  const result = place({
    lifeListFiles: [],
    lifeListDirs: [],
    inboxFiles: [],
    taxonomy,
    names: 'folders',
    minRating: 0,
    photosDir: '/photos',
    settings,
    problems,
    ...overrides,
    facts,
  });
  return {
    ...result,
    paths: result.photos.map((p) => `${p.source} -> ${p.plan.relativePath}`),
    problems: problems.all.map((p) => `${p.severity} ${p.path}: ${p.reason}`),
  };
}

describe('a species folder put directly in life_list/', () => {
  it('goes under its order (scientific name) and family (English name) from the taxonomy', () => {
    const { paths, folders, problems } = run({ lifeListFiles: ['Canyon Wren/a.jpg'], lifeListDirs: ['Canyon Wren'] });
    expect(paths).toEqual(['life_list/Canyon Wren/a.jpg -> Passeriformes/Wrens/Canyon Wren/a.jpg']);
    expect(folders).toEqual([['Passeriformes'], ['Passeriformes', 'Wrens'], ['Passeriformes', 'Wrens', 'Canyon Wren']]);
    expect(problems).toEqual([]);
  });

  it("joins the owner's own order and family folders, named by scientific or English name, and leaves their tree as it is", () => {
    const { paths, folders } = run({
      lifeListFiles: ['Canyon Wren/a.jpg', 'Mallard/m.jpg', 'Passeriformes/Troglodytidae/Rock Wren/r.jpg', 'Ducks/Anatinae/Teal/t.jpg'],
      lifeListDirs: ['Canyon Wren', 'Mallard', 'Passeriformes', 'Passeriformes/Troglodytidae', 'Passeriformes/Troglodytidae/Rock Wren', 'Ducks', 'Ducks/Anatinae', 'Ducks/Anatinae/Teal'],
    });
    expect(paths).toEqual([
      'life_list/Mallard/m.jpg -> Anseriformes/Ducks, Geese, and Waterfowl/Mallard/m.jpg',
      'life_list/Ducks/Anatinae/Teal/t.jpg -> Ducks/Anatinae/Teal/t.jpg',
      'life_list/Canyon Wren/a.jpg -> Passeriformes/Troglodytidae/Canyon Wren/a.jpg',
      'life_list/Passeriformes/Troglodytidae/Rock Wren/r.jpg -> Passeriformes/Troglodytidae/Rock Wren/r.jpg',
    ]);
    expect(folders.map((f) => f.join('/'))).not.toContain('Canyon Wren');
    expect(folders.map((f) => f.join('/'))).toContain('Ducks/Anatinae/Teal');
  });

  it('joins a species folder the owner already has for the same species', () => {
    const { paths, problems } = run({
      lifeListFiles: ['Passeriformes/Wrens/Canyon Wren/a.jpg', 'catherpes mexicanus/b.jpg'],
      lifeListDirs: ['Passeriformes', 'Passeriformes/Wrens', 'Passeriformes/Wrens/Canyon Wren', 'catherpes mexicanus'],
    });
    expect(paths).toEqual(['life_list/Passeriformes/Wrens/Canyon Wren/a.jpg -> Passeriformes/Wrens/Canyon Wren/a.jpg', 'life_list/catherpes mexicanus/b.jpg -> Passeriformes/Wrens/Canyon Wren/b.jpg']);
    expect(problems).toEqual([]);
  });

  it('stays where it is, with the closest names, when the taxonomy does not know it', () => {
    const { paths, problems } = run({ lifeListFiles: ['Canyon Wern/a.jpg'], lifeListDirs: ['Canyon Wern'] });
    expect(paths).toEqual(['life_list/Canyon Wern/a.jpg -> Canyon Wern/a.jpg']);
    expect(problems).toEqual([expect.stringMatching(/^warning life_list\/Canyon Wern: 'Canyon Wern' is not a species of Test checklist \(closest: Canyon Wren, /)]);
  });

  it('is left alone without a taxonomy (a library of nested folders only)', () => {
    const { paths } = run({ taxonomy: undefined, lifeListFiles: ['A/B/Canyon Wren/a.jpg'], lifeListDirs: ['A', 'A/B', 'A/B/Canyon Wren'] });
    expect(paths).toEqual(['life_list/A/B/Canyon Wren/a.jpg -> A/B/Canyon Wren/a.jpg']);
  });
});

describe('an inbox photo', () => {
  it('goes to the species its keywords name, at any level of a hierarchy, whatever the letter case', () => {
    const { paths, problems } = run({
      inboxFiles: ['2024-05-01/IMG_1.jpg', '2024-05-01/IMG_2.jpg'],
      facts: {
        'inbox/2024-05-01/IMG_1.jpg': { keywords: ['flight', 'canyon wren', 'Arizona'] },
        'inbox/2024-05-01/IMG_2.jpg': { hierarchicalKeywords: ['Places|USA|Arizona', 'Birds|Wrens|Salpinctes obsoletus'] },
      },
    });
    expect(paths).toEqual(['inbox/2024-05-01/IMG_1.jpg -> Passeriformes/Wrens/Canyon Wren/IMG_1.jpg', 'inbox/2024-05-01/IMG_2.jpg -> Passeriformes/Wrens/Rock Wren/IMG_2.jpg']);
    expect(problems).toEqual([]);
  });

  it('naming two species (a mixed flock) is published on both species', () => {
    const { paths } = run({ inboxFiles: ['flock.jpg'], facts: { 'inbox/flock.jpg': { keywords: ['Mallard', 'Osprey'] } } });
    expect(paths).toEqual(['inbox/flock.jpg -> Accipitriformes/Osprey/Osprey/flock.jpg', 'inbox/flock.jpg -> Anseriformes/Ducks, Geese, and Waterfowl/Mallard/flock.jpg']);
  });

  it("joins the owner's species folder, and takes a free name when its own is taken there", () => {
    const { paths, problems } = run({
      lifeListFiles: ['Birds/Wrens/Canyon Wren/IMG_1.jpg'],
      lifeListDirs: ['Birds', 'Birds/Wrens', 'Birds/Wrens/Canyon Wren'],
      inboxFiles: ['a/IMG_1.jpg', 'b/IMG_1.JPG'],
      facts: { 'inbox/a/IMG_1.jpg': { keywords: ['Canyon Wren'] }, 'inbox/b/IMG_1.JPG': { keywords: ['Canyon Wren'] } },
    });
    expect(paths).toEqual([
      'inbox/a/IMG_1.jpg -> Birds/Wrens/Canyon Wren/IMG_1-2.jpg',
      'inbox/b/IMG_1.JPG -> Birds/Wrens/Canyon Wren/IMG_1-3.JPG',
      'life_list/Birds/Wrens/Canyon Wren/IMG_1.jpg -> Birds/Wrens/Canyon Wren/IMG_1.jpg',
    ]);
    expect(problems).toEqual([
      "warning inbox/a/IMG_1.jpg: published as 'IMG_1-2.jpg' in 'life_list/Birds/Wrens/Canyon Wren', since 'IMG_1.jpg' is already there",
      "warning inbox/b/IMG_1.JPG: published as 'IMG_1-3.JPG' in 'life_list/Birds/Wrens/Canyon Wren', since 'IMG_1.JPG' is already there",
    ]);
  });

  it('naming no species is not published and is given back for the report', () => {
    const { photos, unplaced } = run({ inboxFiles: ['x.jpg', 'y.jpg'], facts: { 'inbox/x.jpg': { keywords: ['sunset'], takenOn: '2024-05-01' } } });
    expect(photos).toEqual([]);
    expect(unplaced).toEqual([
      { path: 'inbox/x.jpg', keywords: ['sunset'], takenOn: '2024-05-01' },
      { path: 'inbox/y.jpg', keywords: [] },
    ]);
  });
});

describe('ratings', () => {
  const files = ['A/S/rejected.jpg', 'A/S/unrated.jpg', 'A/S/two.jpg', 'A/S/five.jpg'];
  const facts = { 'life_list/A/S/rejected.jpg': { rating: -1 }, 'life_list/A/S/two.jpg': { rating: 2 }, 'life_list/A/S/five.jpg': { rating: 5 } };

  it('a rejected photo is never published', () => {
    const { photos, leftOut } = run({ lifeListFiles: files, lifeListDirs: ['A', 'A/S'], facts });
    expect(photos.map((p) => p.plan.originalName)).toEqual(['five.jpg', 'two.jpg', 'unrated.jpg']);
    expect(leftOut).toEqual({ rejected: 1, belowRating: 0 });
  });

  it('publishing.minRating leaves out what is rated lower (unrated counts as 0), in the inbox too', () => {
    const { photos, leftOut } = run({
      lifeListFiles: files,
      lifeListDirs: ['A', 'A/S'],
      inboxFiles: ['low.jpg', 'high.jpg'],
      facts: { ...facts, 'inbox/low.jpg': { keywords: ['Mallard'], rating: 1 }, 'inbox/high.jpg': { keywords: ['Mallard'], rating: 3 } },
      minRating: 2,
    });
    expect(photos.map((p) => p.plan.originalName).sort()).toEqual(['five.jpg', 'high.jpg', 'two.jpg']);
    expect(leftOut).toEqual({ rejected: 1, belowRating: 2 });
  });
});

describe('names', () => {
  const input = { lifeListFiles: ['Birds/Corvids/Gray Jay/j.jpg'], lifeListDirs: ['Birds', 'Birds/Corvids', 'Birds/Corvids/Gray Jay'] };

  it("keeps the owner's spelling by default, and says what the species is now called", () => {
    const { paths, problems } = run(input);
    expect(paths).toEqual(['life_list/Birds/Corvids/Gray Jay/j.jpg -> Birds/Corvids/Gray Jay/j.jpg']);
    expect(problems).toEqual([expect.stringMatching(/^warning life_list\/Birds\/Corvids\/Gray Jay: 'Gray Jay' is now called 'Canada Jay' in Test checklist; the site shows your folder's name/)]);
  });

  it('"names": "taxonomy" shows the current English name', () => {
    const { paths, folders } = run({ ...input, names: 'taxonomy' });
    expect(paths).toEqual(['life_list/Birds/Corvids/Gray Jay/j.jpg -> Birds/Corvids/Canada Jay/j.jpg']);
    expect(folders.map((f) => f.join('/'))).toEqual(['Birds', 'Birds/Corvids', 'Birds/Corvids/Canada Jay']);
  });

  it('a nested species folder the taxonomy does not know is reported with the closest names', () => {
    const { problems } = run({ lifeListFiles: ['Birds/Wrens/Canon Wren/c.jpg'], lifeListDirs: ['Birds', 'Birds/Wrens', 'Birds/Wrens/Canon Wren'] });
    expect(problems).toEqual([expect.stringMatching(/^warning life_list\/Birds\/Wrens\/Canon Wren: species folder 'Canon Wren' is not a species of Test checklist \(closest: Canyon Wren/)]);
  });
});

describe('the keywords of an inbox photo', () => {
  it('ignore words that are not birds, and a hierarchy level that is a family', () => {
    const { unplaced, photos } = run({ inboxFiles: ['d/x.jpg'], facts: { 'inbox/d/x.jpg': { keywords: ['Wrens', 'Arizona', '2024'], hierarchicalKeywords: ['Birds|Wrens'] } } });
    expect(photos).toEqual([]);
    expect(unplaced.map((u) => u.path)).toEqual(['inbox/d/x.jpg']);
  });
});

describe('an inbox photo keyworded with the former name of a split species', () => {
  it('is not published, and the report names the species it may be', () => {
    const split = taxonomyFrom(
      [
        species('California Scrub-Jay', 'Aphelocoma californica', 'Passeriformes', 'Corvidae', 'Crows, Jays, and Magpies', 1, ['Western Scrub-Jay']),
        species("Woodhouse's Scrub-Jay", 'Aphelocoma woodhouseii', 'Passeriformes', 'Corvidae', 'Crows, Jays, and Magpies', 2, ['Western Scrub-Jay']),
      ],
      'Test checklist',
    );
    const { photos, unplaced } = run({ taxonomy: split, inboxFiles: ['d/j.jpg'], facts: { 'inbox/d/j.jpg': { keywords: ['backyard'], hierarchicalKeywords: ['Birds|Jays|Western Scrub-Jay'] } } });
    expect(photos).toEqual([]);
    expect(unplaced).toEqual([{ path: 'inbox/d/j.jpg', keywords: ['backyard', 'Birds|Jays|Western Scrub-Jay'], ambiguous: { name: 'Western Scrub-Jay', candidates: ['California Scrub-Jay', "Woodhouse's Scrub-Jay"] } }]);
  });
});

describe('without a taxonomy', () => {
  it('inbox photos wait (counted, not reported one by one as naming no species) and species folders stay where they are', () => {
    const { paths, unplaced, waiting } = run({
      taxonomy: undefined,
      lifeListFiles: ['Canyon Wren/a.jpg'],
      lifeListDirs: ['Canyon Wren'],
      inboxFiles: ['d/x.jpg', 'd/y.jpg', 'd/rejected.jpg'],
      facts: { 'inbox/d/x.jpg': { keywords: ['Mallard'] }, 'inbox/d/rejected.jpg': { keywords: ['Mallard'], rating: -1 } },
    });
    expect(paths).toEqual(['life_list/Canyon Wren/a.jpg -> Canyon Wren/a.jpg']);
    expect(unplaced).toEqual([]);
    expect(waiting).toBe(2);
  });

  it('is needed for an inbox photo, a species folder straight in life_list/, or names shown as the taxonomy has them', () => {
    expect(taxonomyNeeded(['Passeriformes/Wrens/Rock Wren/r.jpg'], [], 'folders')).toBe(false);
    expect(taxonomyNeeded(['Canyon Wren/a.jpg'], [], 'folders')).toBe(true);
    expect(taxonomyNeeded([], ['2024/x.jpg'], 'folders')).toBe(true);
    expect(taxonomyNeeded(['Passeriformes/Wrens/Rock Wren/r.jpg'], [], 'taxonomy')).toBe(true);
  });
});
