import { describe, expect, it } from 'vitest';
import { growthByYear, lifeListRecordsSchema } from '../../data/life-records.ts';
import { parseSiteConfig } from '../../data/site-config.ts';
import { Problems } from '../plumbing/problems.ts';
import type { PublishedPhoto } from './manifests/published-photo.ts';
import { tripOutcomes } from '../../data/trips.ts';
import { outingSettingsOf, reportTrips } from './outing-settings.ts';

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
const life = { records, bySpecies: new Map(), source: 'ebird/MyEBirdData.csv' };

describe('outing settings and the trips report', () => {
  it('warns of a photo or checklist dated after today, with its source, and keeps the trips for the derivation', () => {
    const problems = new Problems();
    const site = parseSiteConfig({ owner: 'O', trips: [{ name: 'Arizona, June 2023', from: '2023-06-08', to: '2023-06-14' }] });
    const photos = [photo('Ducks/Mallard/a.jpg', '2023-06-09'), photo('Ducks/Mallard/b.jpg', '2030-05-05'), photo('Ducks/Mallard/c.jpg', null)];
    const settings = outingSettingsOf({ site, photos, life, today: '2025-11-25' }, problems);
    expect(settings).toEqual({ trips: [{ name: 'Arizona, June 2023', from: '2023-06-08', to: '2023-06-14' }], lastDay: '2025-11-25' });
    expect(problems.all.map((p) => [p.severity, p.path, p.reason])).toEqual([
      ['warning', 'ebird/MyEBirdData.csv', expect.stringContaining('dated 2031-01-01, after today (2025-11-25): it is on no outing until that day')],
      ['warning', 'life_list/Ducks/Mallard/b.jpg', "taken 2030-05-05 by the camera's clock, after today (2025-11-25): the photo is on no outing until that day (check the camera's date, or fix the capture date)"],
    ]);
  });

  it('names each trip that gets no page with its reason, and tells a published trip only that it shares days', () => {
    const problems = new Problems();
    const site = parseSiteConfig({
      owner: 'O',
      trips: [
        { name: 'Arizona, June 2023', from: '2023-06-10', to: '2023-06-12' },
        { name: 'Inner Loop', from: '2023-06-11', to: '2023-06-11' },
        { name: 'Desert', from: '2023-06-12', to: '2023-06-14' },
        { name: 'Winter', from: '2024-01-01', to: '2024-01-05' },
        { name: 'Arizona, June 2023', from: '2025-06-10', to: '2025-06-12' },
      ],
    });
    const days = ['2023-06-11', '2023-06-12', '2023-06-13', '2025-06-11'];
    reportTrips(tripOutcomes(site.trips, days), problems);
    expect(problems.all.map((p) => [p.path, p.reason])).toEqual([
      ['site.json', "trip 'Inner Loop' has all its days in the earlier trip 'Arizona, June 2023', which keeps them, so it has no page"],
      ['site.json', "trip 'Desert' overlaps trip 'Arizona, June 2023': their shared days stay with 'Arizona, June 2023'"],
      ['site.json', "trip 'Winter' (2024-01-01 to 2024-01-05) covers no day with photos or checklists, so it has no page"],
      ['site.json', "trip 'Arizona, June 2023' has the same page address as trip 'Arizona, June 2023', so it has no page: give it another name"],
    ]);
  });

  it('passes on publishing.checklistLinks, off unless the owner turns it on', () => {
    const settingsFor = (publishing: object) => outingSettingsOf({ site: parseSiteConfig({ owner: 'O', publishing }), photos: [], life, today: '2025-11-25' }, new Problems());
    expect(settingsFor({}).checklistLinks).toBeUndefined();
    expect(settingsFor({ checklistLinks: true }).checklistLinks).toBe(true);
  });
});
