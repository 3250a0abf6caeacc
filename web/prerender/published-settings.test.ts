import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPublishedSettings } from './published-settings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'published-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readPublishedSettings', () => {
  it('is undefined before the first ingest (no info.json)', () => {
    expect(readPublishedSettings(dir)).toBeUndefined();
  });

  it("reads the last ingest's publishing settings", async () => {
    await writeFile(join(dir, 'info.json'), JSON.stringify({ owner: 'A', title: 'A', description: '', gear: [], featured: [], stats: { speciesObserved: 0, speciesPhotographed: 0, photos: 0 }, publishing: { basePath: '/birds/', host: 'netlify' } }));
    expect(readPublishedSettings(dir)).toEqual({ basePath: '/birds/', host: 'netlify' });
  });

  it('stops with the path and the reason when info.json cannot be read, is not JSON or is not valid', async () => {
    await mkdir(join(dir, 'info.json'));
    expect(() => readPublishedSettings(dir)).toThrow(/info\.json could not be read \(EISDIR/);
    await rm(join(dir, 'info.json'), { recursive: true });
    await writeFile(join(dir, 'info.json'), '{"owner":');
    expect(() => readPublishedSettings(dir)).toThrow(/info\.json is not JSON .*npm run ingest/);
    await writeFile(join(dir, 'info.json'), '{"owner":"A"}');
    expect(() => readPublishedSettings(dir)).toThrow(/info\.json is not valid \(.*publishing.*\); run `npm run ingest` again/);
  });
});
