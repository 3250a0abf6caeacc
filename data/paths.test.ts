import { describe, expect, it } from 'vitest';
import { assetUrl, decodeLifeListPath, encodeLifeListPath, folderNameProblem, lifeListRoute, pageFolderPath, pageKey, photoAppRoute, photoId, photoShareRoute, recordingAnchor, recordingRoute, servedFile, slugWithHash, speciesRoute, withoutPageExtension } from './paths.ts';

const ID_PATTERN = /^[a-z0-9-]+$/;

describe('photoId', () => {
  it('is stable: the same path always gives the same id', () => {
    const path = 'Passeriformes/Corvidae/Blue Jay/IMG_0001.jpg';
    expect(photoId(path)).toBe(photoId(path));
    expect(photoId(path)).toMatch(/^img-0001-[a-z0-9]{7,}$/);
  });

  it('differs for the same file name in two folders', () => {
    const a = photoId('Anseriformes/Anatidae/Mallard/IMG_0001.jpg');
    const b = photoId('Anseriformes/Anatidae/Wood Duck/IMG_0001.jpg');
    expect(a).not.toBe(b);
    expect(a.startsWith('img-0001-')).toBe(true);
    expect(b.startsWith('img-0001-')).toBe(true);
  });

  it('differs when only the extension differs', () => {
    expect(photoId('A/B/C/owl.jpg')).not.toBe(photoId('A/B/C/owl.png'));
  });

  it('slugs accented and apostrophe names readably', () => {
    expect(photoId("Strigiformes/Strigidae/Tengmalm's Owl/Chouette de Tengmalm à l'affût.jpg")).toMatch(/^chouette-de-tengmalm-a-l-affut-[a-z0-9]+$/);
    expect(photoId('A/B/Rüppell’s Vulture/Ærø ß.JPG')).toMatch(ID_PATTERN);
  });

  it('matches /^[a-z0-9-]+$/ for any name, with a fallback slug when nothing is left', () => {
    const names = ['鳥.jpg', '...jpg', '#1 ?%.jpg', 'no-extension', '   .jpg', 'UPPER CASE.JPEG', 'emoji 🦉.jpg'];
    for (const name of names) expect(photoId(`A/B/C/${name}`), name).toMatch(ID_PATTERN);
    expect(photoId('A/B/C/鳥.jpg')).toMatch(/^photo-/);
  });

  it('never leaves a dash at either end of the slug, even when a long name is cut', () => {
    const long = `${'a'.repeat(39)} bcd.jpg`; // the 40-character cut falls right after the space's dash
    expect(photoId(`X/${long}`)).toMatch(/^a{39}-[a-z0-9]+$/);
    expect(photoId('X/--owl--.jpg')).toMatch(/^owl-[a-z0-9]+$/);
  });

  it('gives the same id to NFC and NFD spellings and to backslash paths', () => {
    const nfc = 'Galliformes/Phasianidae/Perdrix grise/perdrix-été.jpg'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(photoId(nfd)).toBe(photoId(nfc));
    expect(photoId('A\\B\\C\\x.jpg')).toBe(photoId('A/B/C/x.jpg'));
  });
});

describe('Life List paths', () => {
  const awkward = [
    ['Anseriformes', 'Ducks, Geese, and Waterfowl'],
    ["Tengmalm's Owl"],
    ['Strigiformes', 'Chouette de Tengmalm', 'Grand-duc d’Europe'],
    ['100% Owls', '#1 Birds', 'Who? What?'],
    ['Ærø', 'Пеночка', '鳥'],
    ['a/b'],
    ['Tom & Jerry\'s "Owl"'],
  ];

  it('round-trips names with spaces, commas, apostrophes, non-ASCII, #, ?, % through encode/decode', () => {
    for (const segments of awkward) expect(decodeLifeListPath(encodeLifeListPath(segments)), segments.join('|')).toEqual(segments);
  });

  it("joins segments with '+' and leaves no reserved URL character unencoded", () => {
    const encoded = encodeLifeListPath(['Ducks, Geese', '100% #1?']);
    expect(encoded).toBe('Ducks%2C%20Geese+100%25%20%231%3F');
    expect(encoded.split('+')).toHaveLength(2);
  });

  it('decodes what the browser puts in the location bar and an already-decoded router param', () => {
    expect(decodeLifeListPath('Anseriformes+Ducks%2C%20Geese')).toEqual(['Anseriformes', 'Ducks, Geese']);
    expect(decodeLifeListPath('Anseriformes+Ducks, Geese')).toEqual(['Anseriformes', 'Ducks, Geese']);
    // A lone '%' cannot be decoded: kept as written rather than crashing the page.
    expect(decodeLifeListPath('100% Owls')).toEqual(['100% Owls']);
  });

  it('decodes an empty or missing param to the root', () => {
    expect(decodeLifeListPath(undefined)).toEqual([]);
    expect(decodeLifeListPath('')).toEqual([]);
  });

  it('builds the routes', () => {
    expect(lifeListRoute([])).toBe('/life-list/');
    expect(lifeListRoute(['A b', 'C'])).toBe('/life-list/A%20b+C/');
    expect(speciesRoute('Bald Eagle')).toBe('/species/Bald%20Eagle/');
    expect(speciesRoute("Cooper's Hawk #2")).toBe("/species/Cooper's%20Hawk%20%232/");
    expect(photoShareRoute('owl-1x2y3z4')).toBe('/photo/owl-1x2y3z4/');
    expect(photoAppRoute('Bald Eagle', 'owl-1')).toBe('/species/Bald%20Eagle/?photo=owl-1');
    // A recording: its species page at its player, the page's own file on every host.
    expect(recordingRoute("Cooper's Hawk #2", 'call-1a2b3c4')).toBe("/species/Cooper's%20Hawk%20%232/#recording-call-1a2b3c4");
    expect(recordingAnchor('call-1a2b3c4')).toBe('recording-call-1a2b3c4');
  });

  it.each([
    ['/species/Bald%20Eagle/', '/species/Bald Eagle'],
    ['/species/Bald%20Eagle', '/species/Bald Eagle'],
    ['/species/Bald Eagle/index.html', '/species/Bald Eagle'],
    ['/species/Bald%20Eagle/index', '/species/Bald Eagle'],
    ['/species/Bald%20Eagle.html', '/species/Bald Eagle'],
    ['/birds/species/Bald%20Eagle/', '/species/Bald Eagle'],
    ['/birds/', '/'],
    ['/birds', '/'],
    ['/birds/index.html', '/'],
    ['/', '/'],
    ['/index.html', '/'],
    ['/life-list/A+B%2C%20C//', '/life-list/A+B, C'],
    ['/birdsong/', '/birdsong'],
    ['/species/%E0%A4%A/', '/species/%E0%A4%A'],
  ])('names every form of a page path one page, with or without the base path /birds/: %s is %s', (path, key) => {
    expect(pageKey(path, '/birds/')).toBe(key);
  });

  it.each([
    ['/info', '/info/'],
    ['/info.html', '/info/'],
    ['/info/index', '/info/'],
    ['/info/index.html', '/info/'],
    ['/species/Bald%20Eagle', '/species/Bald%20Eagle/'],
    ['/index.html', '/'],
  ])('spells %s in folder form as %s', (path, folder) => {
    expect(pageFolderPath(path)).toBe(folder);
  });

  it.each([
    ['/', '/', 'index.html'],
    ['/info/', '/', 'info/index.html'],
    ['/info', '/', 'info'],
    ['/species/Bald%20Eagle/', '/', 'species/Bald Eagle/index.html'],
    ['/assets/a.js', '/', 'assets/a.js'],
    ['/birds/', '/birds/', 'index.html'],
    ['/birds/a/../info/', '/birds/', 'info/index.html'],
    ['/info/', '/birds/', undefined],
    ['/birds/../x', '/birds/', undefined],
    ['/birds/%2E%2E/x', '/birds/', undefined],
    ['/%E0%A4%A/', '/', undefined],
  ])('names the file a plain host serves for %s under %s: %s', (path, base, file) => {
    expect(servedFile(path, base)).toBe(file);
  });

  it('keeps the base path of a site served at the root', () => {
    expect(pageKey('/birds/info/', '/')).toBe('/birds/info');
  });

  it('reads route parameters with or without the page extension', () => {
    expect(withoutPageExtension('Bald Eagle.html')).toBe('Bald Eagle');
    expect(withoutPageExtension('Bald Eagle')).toBe('Bald Eagle');
    expect(decodeLifeListPath('A%20b+C.html')).toEqual(['A b', 'C']);
  });

  it('gives every name a file-safe data key that keeps names apart', () => {
    expect(slugWithHash('Night-Heron')).toMatch(/^night-heron-[a-z0-9]{7}$/);
    expect(slugWithHash('Night-Heron')).not.toBe(slugWithHash('Night Heron'));
    expect(slugWithHash('Ménétries’s Warbler')).toMatch(/^menetries-s-warbler-/);
  });
});

describe('assetUrl', () => {
  it('percent-encodes each segment and keeps the slashes', () => {
    expect(assetUrl('/', 'life_list/Ducks, Geese/Wood Duck/a b_lowq.jpg')).toBe('/life_list/Ducks%2C%20Geese/Wood%20Duck/a%20b_lowq.jpg');
    expect(assetUrl('/', 'life_list/#1?/100%/x.jpg')).toBe('/life_list/%231%3F/100%25/x.jpg');
    expect(assetUrl('/', 'life_list/Ærø/x.jpg')).toBe('/life_list/%C3%86r%C3%B8/x.jpg');
  });

  it('joins the base with exactly one slash, under a sub-path or another origin', () => {
    expect(assetUrl('/portfolio/', 'photo-index.json')).toBe('/portfolio/photo-index.json');
    expect(assetUrl('/portfolio', 'photo-index.json')).toBe('/portfolio/photo-index.json');
    expect(assetUrl('https://cdn.example.org/birds/', 'life_list/a b.jpg')).toBe('https://cdn.example.org/birds/life_list/a%20b.jpg');
  });

  it('gives a URL the URL parser reads back to the same path', () => {
    const path = "life_list/Strigiformes/Tengmalm's Owl/chouette #2 ?.jpg";
    const url = new URL(assetUrl('https://example.org/', path));
    expect(url.hash).toBe('');
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(`/${path}`);
  });
});

describe('folderNameProblem', () => {
  it("rejects '+', the Life List path separator", () => {
    expect(folderNameProblem('Ducks+Geese')).toMatch(/'\+'/);
  });

  it('rejects the structure manifest keys', () => {
    expect(folderNameProblem('files')).toMatch(/reserved/);
    expect(folderNameProblem('file_count')).toMatch(/reserved/);
    expect(folderNameProblem('__proto__')).toMatch(/__proto__/);
  });

  it('rejects empty names and names with surrounding spaces', () => {
    expect(folderNameProblem('')).toMatch(/empty/);
    expect(folderNameProblem(' Owls')).toMatch(/space/);
    expect(folderNameProblem('Owls ')).toMatch(/space/);
  });

  it('accepts ordinary awkward names', () => {
    for (const name of ["Tengmalm's Owl", 'Ducks, Geese, and Waterfowl', 'Ærø', 'Files', 'constructor', '100% #1?']) {
      expect(folderNameProblem(name), name).toBeUndefined();
    }
  });
});
