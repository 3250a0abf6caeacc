import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureManifests } from './test/fixtures.tsx';
import { loadManifest, ManifestError, setManifestFetcher } from './manifests.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setManifestFetcher();
});

function stubFetch(respond: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => respond(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  setManifestFetcher();
  return fetchMock;
}

describe('manifest loader', () => {
  it('fetches a manifest from the base path, parses it with its schema and caches it for the session', async () => {
    const info = fixtureManifests().info;
    const fetchMock = stubFetch(() => Response.json(info));
    await expect(loadManifest('info')).resolves.toEqual(info);
    await loadManifest('info');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/info.json');
  });

  it('throws an error naming the file when it is missing, never an empty manifest', async () => {
    stubFetch(() => new Response('nope', { status: 404 }));
    await expect(loadManifest('coverPhotos')).rejects.toThrow(new ManifestError('life_list/cover_photos_full_paths.json', 'HTTP 404'));
  });

  it('throws when the file is not JSON or does not match its schema', async () => {
    stubFetch((url) => (url.endsWith('info.json') ? new Response('<html>') : Response.json({ version: 2, photos: {} })));
    await expect(loadManifest('info')).rejects.toThrow('Could not load info.json: the file is not JSON');
    await expect(loadManifest('photoIndex')).rejects.toThrow(/^Could not load photo-index\.json: not valid \(version: /);
  });

  it('retries after a failure instead of caching it', async () => {
    let attempt = 0;
    stubFetch(() => (++attempt === 1 ? new Response('', { status: 503 }) : Response.json({ Osprey: [{ id: 1, tags: [] }] })));
    await expect(loadManifest('birdPhotos')).rejects.toThrow('HTTP 503');
    await expect(loadManifest('birdPhotos')).resolves.toEqual({ Osprey: [{ id: 1, tags: [] }] });
  });

  it('reads through a replacement fetcher (used by the pre-render step in Node)', async () => {
    const fetcher = vi.fn(async (path: string) => (path === 'bird-photos.json' ? { Osprey: [] } : {}));
    setManifestFetcher(fetcher);
    await expect(loadManifest('birdPhotos')).resolves.toEqual({ Osprey: [] });
    expect(fetcher).toHaveBeenCalledWith('bird-photos.json');
  });

  it('names the file when the code that checks manifests cannot be downloaded, and tries again on the next load', async () => {
    vi.resetModules();
    let offline = true;
    vi.doMock('./manifest-schemas.ts', async (importOriginal) => {
      if (offline) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('./manifests.ts');
      fresh.setManifestFetcher(async () => fixtureManifests().info);
      await expect(fresh.loadManifest('info')).rejects.toThrow(/^Could not load info\.json: the site's code that checks it could not be loaded \(/);
      offline = false;
      await expect(fresh.loadManifest('info')).resolves.toEqual(fixtureManifests().info);
    } finally {
      vi.doUnmock('./manifest-schemas.ts');
      vi.resetModules();
    }
  });
});
