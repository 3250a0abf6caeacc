import { readFileSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LifeListRecords, LifeRecord } from '../../../data/life-records.ts';
import { closestNames, matchFolders, readLifeRecords } from './read-life-records.ts';

const record = (commonName: string, scientificName: string, taxonOrder: number): LifeRecord => ({ commonName, scientificName, taxonOrder, firstSeen: '2020-01-01', firstRegion: 'US-NC' });
const species = [
  record('Snow Goose', 'Anser caerulescens', 256),
  record('Mallard', 'Anas platyrhynchos', 472),
  record('Yellow-crowned Night-Heron', 'Nyctanassa violacea', 8760),
  record('Snowy Plover', 'Anarhynchus nivosus', 5400),
  record('Piping Plover', 'Charadrius melodus', 5410),
  record('Eurasian Nuthatch', 'Sitta europaea', 23000),
].sort((a, b) => a.taxonOrder - b.taxonOrder);
const records: LifeListRecords = { observedCount: species.length, species, growth: [{ year: 2020, added: species.length }] };

describe('matchFolders', () => {
  it('matches by normalised common name or scientific name, and lists the rest as not yet photographed', () => {
    const result = matchFolders(['Anseriformes/Ducks/Mallard', 'Pelecaniformes/Herons/Yellow-crowned Night Heron', 'Passeriformes/Nuthatches/Sitta europaea'], records, {});
    expect(result.problems).toEqual([]);
    expect(result.matches.map((m) => [m.folder, m.record.commonName, m.by])).toEqual([
      ['Anseriformes/Ducks/Mallard', 'Mallard', 'common name'],
      ['Pelecaniformes/Herons/Yellow-crowned Night Heron', 'Yellow-crowned Night-Heron', 'common name'],
      ['Passeriformes/Nuthatches/Sitta europaea', 'Eurasian Nuthatch', 'scientific name'],
    ]);
    expect(result.photographedCount).toBe(3);
    expect(result.notPhotographed.map((s) => s.commonName)).toEqual(['Snow Goose', 'Snowy Plover', 'Piping Plover']);
  });

  it('warns about a photographed species the export lacks, naming the folder and the closest eBird names', () => {
    const result = matchFolders(['Charadriiformes/Plovers/Snowy Plovre', 'Mallard'], records, {});
    expect(result.unmatched).toEqual(['Charadriiformes/Plovers/Snowy Plovre']);
    expect(result.problems).toEqual([
      {
        path: 'life_list/Charadriiformes/Plovers/Snowy Plovre',
        severity: 'warning',
        reason: expect.stringContaining("species 'Snowy Plovre' is not in the eBird export; closest eBird names: Snowy Plover, Snow Goose, Piping Plover"),
      },
    ]);
  });

  it('lets site.json map a folder explicitly, and warns about a map entry that matches nothing', () => {
    const config = { ebird: { names: { 'Wood Nuthatch': 'Eurasian Nuthatch', 'Western Snowy Plover': 'Snowy Plover Typo', Gone: 'Mallard' } } };
    const result = matchFolders(['Wood Nuthatch', 'Western Snowy Plover'], records, config);
    expect(result.matches.map((m) => [m.folder, m.record.commonName, m.by])).toEqual([['Wood Nuthatch', 'Eurasian Nuthatch', 'site.json']]);
    expect(result.problems).toEqual([
      { path: 'life_list/Western Snowy Plover', severity: 'warning', reason: expect.stringMatching(/^site\.json maps species 'Western Snowy Plover' to 'Snowy Plover Typo', which is not .*closest eBird names: Snowy Plover,/) },
      { path: 'site.json', severity: 'warning', reason: expect.stringContaining("maps 'Gone', which is no species folder") },
    ]);
  });

  it('counts a species once when two folders match it', () => {
    const result = matchFolders(['Yellow-crowned Night Heron', 'Nyctanassa violacea'], records, {});
    expect(result.matches).toHaveLength(2);
    expect(result.photographedCount).toBe(1);
  });

  it('closestNames compares with the common and the scientific name', () => {
    expect(closestNames('Sitta europea', species, 1)).toEqual(['Eurasian Nuthatch']);
  });
});

describe('matchFolders on the sample', () => {
  it('matches all 33 photographed species of the sample site to the sample export', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ebird-match-'));
    try {
      await fs.mkdir(path.join(dir, 'ebird'));
      await fs.writeFile(path.join(dir, 'ebird', 'MyEBirdData.csv'), readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/ebird/sample-MyEBirdData.csv')));
      const { records: sample } = await readLifeRecords(dir);
      const folders = readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/ebird/sample-species-folders.txt'), 'utf8').split('\n').filter(Boolean);
      expect(folders).toHaveLength(33);
      const result = matchFolders(folders, sample!, {});
      expect(result.problems).toEqual([]);
      expect(result.photographedCount).toBe(33);
      expect(result.notPhotographed).toHaveLength(153 - 33);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
