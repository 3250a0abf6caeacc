import { describe, expect, it } from 'vitest';
import { growthByYear, lifeListRecordsSchema } from '../../data/life-records.ts';
import { parseSiteConfig } from '../../data/site-config.ts';
import { Problems } from '../plumbing/problems.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';
import { outingSettingsOf } from './outings.ts';

/** Only what the stage reads of a published photo: its capture day and its path. */
const photo = (relativePath: string, takenOn: string | null) => ({ record: { takenOn }, plan: { relativePath } }) as unknown as PublishedPhoto;

const species = [{ commonName: 'Mallard', scientificName: 'Anas platyrhynchos', taxonOrder: 475, firstSeen: '2023-06-08' }];
const records = lifeListRecordsSchema.parse({
  observedCount: 1,
  species,
  growth: growthByYear(species),
  days: [
    { date: '2023-06-08', regions: ['US-AZ'], checklists: 1, minutes: 60, species: ['Anas platyrhynchos'] },
    { date: '2031-01-01', regions: ['US-AZ'], checklists: 1, minutes: 0, species: [] },
  ],
});

describe('outingSettingsOf', () => {
  it('warns of a photo or checklist dated after today, with its source, and keeps the trips for the derivation', () => {
    const problems = new Problems();
    const site = parseSiteConfig({ owner: 'O', trips: [{ name: 'Arizona, June 2023', from: '2023-06-08', to: '2023-06-14' }] });
    const settings = outingSettingsOf(
      { site, photos: [photo('Ducks/Mallard/a.jpg', '2023-06-09'), photo('Ducks/Mallard/b.jpg', '2030-05-05'), photo('Ducks/Mallard/c.jpg', null)], records, source: 'ebird/MyEBirdData.csv', today: '2025-11-25' },
      problems,
    );
    expect(settings).toEqual({ trips: [{ name: 'Arizona, June 2023', from: '2023-06-08', to: '2023-06-14' }], lastDay: '2025-11-25' });
    expect(problems.all.map((p) => [p.severity, p.path, p.reason])).toEqual([
      ['warning', 'ebird/MyEBirdData.csv', expect.stringContaining('dated 2031-01-01, after today')],
      ['warning', 'life_list/Ducks/Mallard/b.jpg', expect.stringContaining('after today (2025-11-25)')],
    ]);
  });

  it('warns of a trip that overlaps an earlier one, covers no outing, or has the same address as another', () => {
    const problems = new Problems();
    const site = parseSiteConfig({
      owner: 'O',
      trips: [
        { name: 'Arizona', from: '2023-06-08', to: '2023-06-10' },
        { name: 'Desert', from: '2023-06-09', to: '2023-06-12' },
        { name: 'Winter', from: '2024-01-01', to: '2024-01-05' },
        { name: 'arizona', from: '2025-01-01', to: '2025-01-02' },
      ],
    });
    outingSettingsOf({ site, photos: [photo('a/b.jpg', '2023-06-09')], records: undefined, source: undefined, today: '2025-11-25' }, problems);
    expect(problems.all.map((p) => [p.path, p.reason])).toEqual([
      ['site.json', "trip 'Desert' overlaps trip 'Arizona': their shared days stay with 'Arizona'"],
      ['site.json', "trip 'Winter' (2024-01-01 to 2024-01-05) covers no day with photos or checklists, so it has no page"],
      ['site.json', expect.stringContaining("trip 'arizona'")],
    ]);
  });

  it('passes on publishing.checklistLinks, off unless the owner turns it on', () => {
    const settingsFor = (publishing: object) => outingSettingsOf({ site: parseSiteConfig({ owner: 'O', publishing }), photos: [], records, source: undefined, today: '2025-11-25' }, new Problems());
    expect(settingsFor({}).checklistLinks).toBeUndefined();
    expect(settingsFor({ checklistLinks: true }).checklistLinks).toBe(true);
  });

  it('refuses a trip that ends before it starts, naming the field', () => {
    expect(() => parseSiteConfig({ owner: 'O', trips: [{ name: 'Backwards', from: '2023-06-10', to: '2023-06-08' }] })).toThrow(/from.*must not come after/);
  });
});
