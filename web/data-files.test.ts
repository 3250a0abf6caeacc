import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteDataPaths } from '../data/site-data-schemas.ts';
import { fixtureManifests } from './test/fixtures.tsx';
import { DataFileError, loadDataFile, setDataFetcher } from './data-files.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setDataFetcher();
});

function stubFetch(respond: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => respond(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  setDataFetcher();
  return fetchMock;
}

describe('data file loader', () => {
  it('fetches a file from the base path and caches it for the session', async () => {
    const info = fixtureManifests().info;
    const fetchMock = stubFetch(() => Response.json(info));
    await expect(loadDataFile('info', 'info.json')).resolves.toEqual(info);
    await loadDataFile('info', 'info.json');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/info.json');
  });

  it('throws an error naming the file and its status when it is missing, never empty data', async () => {
    stubFetch(() => new Response('nope', { status: 404 }));
    const path = siteDataPaths.species('Dodo');
    await expect(loadDataFile('species', path)).rejects.toThrow(new DataFileError(path, 'HTTP 404', 404));
    await expect(loadDataFile('species', path)).rejects.toMatchObject({ status: 404 });
  });

  it('throws when the file is not JSON, or not a JSON object', async () => {
    stubFetch((url) => (url.endsWith('info.json') ? new Response('<html>') : Response.json(['photos'])));
    await expect(loadDataFile('info', 'info.json')).rejects.toThrow('Could not load info.json: the file is not JSON');
    await expect(loadDataFile('home', siteDataPaths.home)).rejects.toThrow('Could not load site-data/home.json: not valid (not a JSON object)');
  });

  it("takes the build's files as they are in the browser, without loading the schemas; checks them with their schema through a replacement reader (the pre-render)", async () => {
    vi.resetModules();
    let schemasLoaded = 0;
    vi.doMock('./data-schemas.ts', async (importOriginal) => {
      schemasLoaded += 1;
      return importOriginal();
    });
    try {
      const fresh = await import('./data-files.ts');
      vi.stubGlobal('fetch', vi.fn(async () => Response.json({ photos: [] })));
      fresh.setDataFetcher();
      await expect(fresh.loadDataFile('home', siteDataPaths.home)).resolves.toEqual({ photos: [] });
      expect(schemasLoaded).toBe(0);
      fresh.setDataFetcher(async () => ({ photos: 'none' }));
      await expect(fresh.loadDataFile('home', siteDataPaths.home)).rejects.toThrow(/^Could not load site-data\/home\.json: not valid \(photos: /);
      expect(schemasLoaded).toBe(1);
    } finally {
      vi.doUnmock('./data-schemas.ts');
      vi.resetModules();
    }
  });

  it('retries after a failure instead of caching it', async () => {
    let attempt = 0;
    stubFetch(() => (++attempt === 1 ? new Response('', { status: 503 }) : Response.json({ photos: [] })));
    await expect(loadDataFile('home', siteDataPaths.home)).rejects.toThrow('HTTP 503');
    await expect(loadDataFile('home', siteDataPaths.home)).resolves.toEqual({ photos: [] });
  });

  it('reads through a replacement fetcher (used by the pre-render step in Node)', async () => {
    const fetcher = vi.fn(async (path: string) => (path === siteDataPaths.home ? { photos: [] } : {}));
    setDataFetcher(fetcher);
    await expect(loadDataFile('home', siteDataPaths.home)).resolves.toEqual({ photos: [] });
    expect(fetcher).toHaveBeenCalledWith(siteDataPaths.home);
  });

  it('names the file when the code that checks data files cannot be downloaded, and tries again on the next load', async () => {
    vi.resetModules();
    let offline = true;
    vi.doMock('./data-schemas.ts', async (importOriginal) => {
      if (offline) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('./data-files.ts');
      fresh.setDataFetcher(async () => fixtureManifests().info);
      await expect(fresh.loadDataFile('info', 'info.json')).rejects.toThrow(/^Could not load info\.json: the site's code that checks it could not be loaded \(/);
      offline = false;
      await expect(fresh.loadDataFile('info', 'info.json')).resolves.toEqual(fixtureManifests().info);
    } finally {
      vi.doUnmock('./data-schemas.ts');
      vi.resetModules();
    }
  });
});
