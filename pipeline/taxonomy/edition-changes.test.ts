import { describe, expect, it } from 'vitest';
import { editionChanges, withOlderNames } from './edition-changes.ts';
import type { TaxonomySpecies } from './species.ts';
import { taxonomyFrom } from './taxonomy.ts';

const hawk = (code: string, englishName: string, scientificName: string, concept: string, sequence: number): TaxonomySpecies => ({
  code,
  concept,
  scientificName,
  englishName,
  otherEnglishNames: [],
  order: 'Accipitriformes',
  family: 'Accipitridae',
  familyEnglish: 'Hawks, Eagles, and Kites',
  sequence,
});
const gull = (code: string, englishName: string, scientificName: string, concept: string, sequence: number): TaxonomySpecies => ({
  ...hawk(code, englishName, scientificName, concept, sequence),
  order: 'Charadriiformes',
  family: 'Laridae',
  familyEnglish: 'Gulls, Terns, and Skimmers',
});

// As eBird did it: the goshawk split kept its code for the American one; Thayer's Gull lumped into Iceland Gull.
const before = [hawk('norgos', 'Northern Goshawk', 'Accipiter gentilis', 'avibase-A', 1), gull('icegul', 'Iceland Gull', 'Larus glaucoides', 'avibase-B', 2), gull('thagul', "Thayer's Gull", 'Larus thayeri', 'avibase-C', 3)];
const after = [hawk('norgos1', 'Eurasian Goshawk', 'Astur gentilis', 'avibase-D', 1), hawk('norgos', 'American Goshawk', 'Astur atricapillus', 'avibase-E', 2), gull('icegul', 'Iceland Gull', 'Larus glaucoides', 'avibase-F', 3)];

describe('editionChanges and withOlderNames', () => {
  it('between whole editions: a split that kept its code names both species, a lump names the species it went to', () => {
    const changes = editionChanges(before, after, { whole: true });
    expect(changes.reshaped).toEqual([
      { code: 'norgos', name: 'Northern Goshawk', now: 'American Goshawk', into: ['American Goshawk', 'Eurasian Goshawk'] },
      { code: 'icegul', name: 'Iceland Gull', now: 'Iceland Gull', into: ['Iceland Gull'] },
    ]);
    expect(changes.gone).toEqual([{ code: 'thagul', name: "Thayer's Gull", into: ['Iceland Gull'] }]);
    expect(changes.renamed).toEqual([]);
    expect(changes.unlisted).toEqual([]);
    const taxonomy = taxonomyFrom(withOlderNames(before, after, { whole: true }), 'test');
    // The split's old name is ambiguous (the ingest lists both), the lumped one finds its species.
    expect(taxonomy.match('Northern Goshawk')).toBeUndefined();
    expect(taxonomy.ambiguous('Northern Goshawk').map((s) => s.englishName)).toEqual(['Eurasian Goshawk', 'American Goshawk']);
    expect(taxonomy.match("Thayer's Gull")?.species.englishName).toBe('Iceland Gull');
  });

  it('against a partial list: a species it lacks is only unlisted, and no name is handed to a guessed successor', () => {
    const partial = [after[2]!];
    const changes = editionChanges(before, partial, { whole: false });
    expect(changes.gone).toEqual([]);
    expect(changes.unlisted).toEqual([
      { code: 'norgos', name: 'Northern Goshawk' },
      { code: 'thagul', name: "Thayer's Gull" },
    ]);
    // The publisher's own word (a concept changed) still counts; no successor is guessed.
    expect(changes.reshaped).toEqual([{ code: 'icegul', name: 'Iceland Gull', now: 'Iceland Gull', into: ['Iceland Gull'] }]);
    const taxonomy = taxonomyFrom(withOlderNames(before, partial, { whole: false }), 'test');
    expect(taxonomy.match("Thayer's Gull")).toBeUndefined();
  });

  it('a rename keeps the old name matching', () => {
    const jay = { ...hawk('gryjay', 'Gray Jay', 'Perisoreus canadensis', 'avibase-J', 1), order: 'Passeriformes', family: 'Corvidae', familyEnglish: 'Crows, Jays, and Magpies' };
    const renamed = { ...jay, englishName: 'Canada Jay' };
    expect(editionChanges([jay], [renamed], { whole: false }).renamed).toEqual([{ code: 'gryjay', from: 'Gray Jay', to: 'Canada Jay' }]);
    expect(withOlderNames([jay], [renamed], { whole: false })[0]!.otherEnglishNames).toEqual(['Gray Jay']);
  });
});
