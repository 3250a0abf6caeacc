import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { creditsDataSchema, siteDataPaths, speciesDataSchema } from '../../data/site-data-schemas.ts';
import { localToday } from '../../pipeline/plumbing/local-day.ts';
import { parseTaxonomyFile, taxonomyPath } from '../../pipeline/taxonomy/library-file.ts';
import { fixture, readJson, runCli } from '../../harness/ingest-tree.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';
import { realEdition, realTaxon } from '../../harness/taxonomy-editions.ts';
import { CHINESE, closedPortUrl, CUT_AT, sharedTaxonomyAbsent, SKIP_MESSAGE, SPANISH, startTaxonomyServer, type Mode, type TaxonomyServer } from '../../harness/taxonomy-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const JPEG = fixture('photos/epy_nikon-d3100_gps.jpg');
const EDITIONS = (year: number) => fileURLToPath(new URL(`../../pipeline/taxonomy/fixtures/edition-v${year}.csv`, import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'taxonomy-command-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A library of `photos` (path under the photos folder → a sidecar's keyword, or null for none), taken on `day` if given. */
async function library(name: string, photos: Record<string, string | null>, site: Record<string, unknown> = {}, day?: string): Promise<{ photosDir: string; outDir: string }> {
  const photosDir = path.join(root, name, 'photos');
  for (const [relative, keyword] of Object.entries(photos)) {
    const target = path.join(photosDir, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    if (day) {
      await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 110, b: 70 } } })
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: `${day.replaceAll('-', ':')} 08:00:00` } })
        .toFile(target);
    } else await copyFile(JPEG, target);
    if (keyword) await writeFile(target.replace(/\.jpg$/, '.xmp'), sidecar(keyword));
  }
  await writeFile(path.join(photosDir, 'site.json'), JSON.stringify({ owner: 'Test Owner', ...site }));
  return { photosDir, outDir: path.join(root, name, 'generated') };
}

/** A Lightroom-style sidecar: a keyword (a `|` makes it hierarchical), and a rating after a comma. */
const sidecar = (spec: string) => {
  const [keyword = '', rating] = spec.split(',').map((p) => p.trim());
  const subject = keyword.includes('|')
    ? `<lr:hierarchicalSubject><rdf:Bag><rdf:li>${keyword}</rdf:li></rdf:Bag></lr:hierarchicalSubject>`
    : `<dc:subject><rdf:Bag><rdf:li>${keyword}</rdf:li></rdf:Bag></dc:subject>`;
  return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"${rating ? ` xmp:Rating="${rating}"` : ''}>${subject}</rdf:Description></rdf:RDF></x:xmpmeta>`;
};

/** `npm run taxonomy -- <args>`, as the owner runs it (the launcher and its bundle). */
function npmRunTaxonomy(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'taxonomy', '--', ...args], { cwd: ROOT, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const speciesOf = async (outDir: string) => Object.values(photoIndexSchema.parse(await readJson(path.join(outDir, 'public', 'photo-index.json'))).photos).map((p) => p.species).sort();

if (sharedTaxonomyAbsent) console.warn(SKIP_MESSAGE);
describe.skipIf(sharedTaxonomyAbsent)('npm run taxonomy against a loopback server serving the real v2025 taxonomy in the eBird API layout', () => {
  let server: TaxonomyServer;
  let photosDir: string;
  let good: string;
  beforeAll(async () => {
    server = await startTaxonomyServer({ es: SPANISH, zh_SIM: CHINESE });
    ({ photosDir } = await library('fetch', { 'life_list/Passeriformes/Wrens/Rock Wren/r.jpg': null }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("fetches it with a progress line and writes it into the library with its edition, source URL and the owner's day", async () => {
    const dayBefore = localToday();
    const run = await npmRunTaxonomy('--photos', photosDir, '--url', server.url);
    // The owner's calendar day, as the command writes it (either side of a midnight the run may straddle).
    const days = [dayBefore, localToday()];
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Fetching the bird taxonomy from ${server.url}`);
    const file = taxonomyPath(photosDir);
    expect(run.stdout).toContain(`${file}: eBird/Clements Checklist of Birds of the World, v2025, 11,167 species, from ${server.url} (`);
    good = await readFile(file, 'utf8');
    const { header, species } = parseTaxonomyFile(good, file);
    expect(header).toEqual({ source: 'eBird/Clements Checklist of Birds of the World', edition: 'v2025', from: server.url, retrieved: expect.toBeOneOf(days) });
    expect(species).toHaveLength(11_167);
  });

  it('keeps the edition it has unless asked to update, and says how', async () => {
    const before = server.requests.length;
    const run = await runCli(['taxonomy', '--photos', photosDir, '--url', server.url]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('holds eBird/Clements Checklist of Birds of the World, v2025');
    expect(run.stdout).toContain('npm run taxonomy -- --update');
    expect(server.requests.length).toBe(before);
  });

  const failures: Array<[string, Mode | 'offline', RegExp]> = [
    ['a download cut short', 'cut-short', /: the download stopped after [\d.]+ MB of [\d.]+ MB\. Offline\? .*; nothing was changed$/],
    ['a download that ends cleanly a third of the way', 'partial', /: only [\d,]+ species, not the whole taxonomy \(a cut-short download or file\?\); a partial list on purpose needs --partial\. Offline\? .*; nothing was changed$/],
    ['a whole body that ends part-way through a row (its Content-Length true to the cut)', 'truncated', /: 1 species row\(s\) unusable: +line [\d,]+: .+ is cut part-way \(\d+ of the 15 columns\); nothing was changed$/],
    ['a server error', 'server-error', /: the server answered 500 Internal Server Error\. Offline\? .*; nothing was changed$/],
    ['a page that is not a taxonomy', 'not-a-taxonomy', /: not a bird taxonomy this program reads \(the eBird API's CSV, the yearly eBird\/Clements CSV, auk's, or AviList's\); its first line has <!doctype html>.*; nothing was changed$/],
    ['no network', 'offline', /^http:\/\/127\.0\.0\.1:\d+\/v2\/ref\/taxonomy\/ebird\?fmt=csv: no connection \(ECONNREFUSED\)\. Offline\? Download the taxonomy elsewhere \(https:\/\/api\.ebird\.org\/v2\/ref\/taxonomy\/ebird\?fmt=csv, or the yearly eBird\/Clements CSV\) and import it with `npm run taxonomy -- --from <file>`; nothing was changed$/],
  ];
  it.each(failures)('%s: the good file survives, and one clear line says what happened', async (_, mode, line) => {
    const url = mode === 'offline' ? await closedPortUrl() : server.url;
    if (mode !== 'offline') server.mode = mode;
    try {
      const run = await runCli(['taxonomy', '--photos', photosDir, '--url', url, '--update']);
      expect(run.code).toBe(2);
      expect(lines(run.stderr)).toEqual([`Fetching the bird taxonomy from ${url}`, expect.stringMatching(line)]);
      expect(run.stdout).toBe('');
      expect(await readFile(taxonomyPath(photosDir), 'utf8')).toBe(good);
    } finally {
      server.mode = 'taxonomy';
    }
  });

  it('never replaces the whole edition by a cut one, from a mirror (--from a URL) or a file: one line, nothing changed, the file byte for byte as it was', async () => {
    server.mode = 'truncated';
    let cutBody: Buffer;
    try {
      const response = await fetchOnNewConnection(server.url);
      expect(response.headers.get('content-length')).toBe(String(CUT_AT));
      cutBody = Buffer.from(await response.arrayBuffer());
    } finally {
      server.mode = 'taxonomy';
    }
    expect(cutBody.length).toBe(CUT_AT);
    const cutFile = path.join(root, 'cut.csv');
    await writeFile(cutFile, cutBody);
    // The same body cut back to its last whole row: a clean end that only the species count tells from a whole edition.
    const atARow = path.join(root, 'cut-at-a-row.csv');
    await writeFile(atARow, cutBody.subarray(0, cutBody.lastIndexOf('\n') + 1));
    // Nine tenths of the whole body, to a row: above the 9,000-species floor, well short of the edition it would replace.
    const whole = Buffer.from(await (await fetchOnNewConnection(server.url)).arrayBuffer());
    const mostOf = path.join(root, 'most-of-it.csv');
    await writeFile(mostOf, whole.subarray(0, whole.lastIndexOf('\n', Math.floor(whole.length * 0.9)) + 1));
    const rowCut = /^.+: 1 species row\(s\) unusable: +line [\d,]+: .+ is cut part-way \(\d+ of the 15 columns\); nothing was changed$/;
    const tooFew = /^.+cut-at-a-row\.csv: only [\d,]+ species, not the whole taxonomy \(a cut-short download or file\?\); a partial list on purpose needs --partial; nothing was changed$/;
    const refusals: Array<[string[], RegExp]> = [
      [['--from', server.url], rowCut],
      [['--from', cutFile], rowCut],
      // --partial takes a partial list, never a file cut part-way through a row.
      [['--from', cutFile, '--partial'], rowCut],
      [['--from', atARow], tooFew],
      [['--from', mostOf], /^.+most-of-it\.csv: only (9|10),\d{3} species where the whole edition it would replace has 11,167 species \(a cut-short download or file\?\); a partial list on purpose needs --partial; nothing was changed$/],
    ];
    server.mode = 'truncated';
    try {
      for (const [args, line] of refusals) {
        const run = await runCli(['taxonomy', '--photos', photosDir, ...args]);
        expect(run.code, args.join(' ')).toBe(2);
        expect(run.stdout).toBe('');
        expect(lines(run.stderr).slice(1)).toEqual([expect.stringMatching(line)]);
        expect(await readFile(taxonomyPath(photosDir), 'utf8')).toBe(good);
      }
    } finally {
      server.mode = 'taxonomy';
    }
  });

  it('takes a partial list only with --partial, says so, and never reads the species it lacks as splits or lumps', async () => {
    const atARow = path.join(root, 'cut-at-a-row.csv');
    const partial = await runCli(['taxonomy', '--photos', photosDir, '--from', atARow, '--partial']);
    expect(partial.code).toBe(0);
    const said = lines(partial.stdout);
    const species = parseTaxonomyFile(await readFile(taxonomyPath(photosDir), 'utf8'), 'taxonomy.tsv').species.length;
    expect(species).toBeLessThan(11_167 / 4);
    expect(said.slice(1, 3)).toEqual([
      `A partial list (${species.toLocaleString('en-US')} species), as --partial asked: species it does not list are not placed by it, and none is taken as split or lumped.`,
      'It replaces a whole edition (eBird/Clements Checklist of Birds of the World, v2025, 11,167 species); `npm run taxonomy -- --update` fetches a whole one again.',
    ]);
    expect(said.slice(4)).toEqual([
      '  not in the new list (a partial list is not compared as a whole edition, so this is no split or lump): Rock Wren (1 photo); their folders stay as they are, and inbox photos named by them wait for a taxonomy that has them',
      '  none of your species is renamed, split or lumped.',
    ]);
    expect(partial.stdout).not.toContain('Rename');

    // The whole edition again, fetched as the line says.
    const whole = await runCli(['taxonomy', '--photos', photosDir, '--url', server.url, '--update']);
    expect(whole.code).toBe(0);
    expect(whole.stdout).not.toContain('Rename');
    good = await readFile(taxonomyPath(photosDir), 'utf8');
    expect(parseTaxonomyFile(good, 'taxonomy.tsv').species).toHaveLength(11_167);
  });

  it('--locale es fetches the Spanish names as well, kept beside the English ones', async () => {
    const run = await runCli(['taxonomy', '--photos', photosDir, '--url', server.url, '--locale', 'es']);
    expect(run.code).toBe(0);
    expect(server.requests).toContain('/v2/ref/taxonomy/ebird?fmt=csv&locale=es');
    const { header, species } = parseTaxonomyFile(await readFile(taxonomyPath(photosDir), 'utf8'), 'taxonomy.tsv');
    expect(header.locale).toBe('es');
    const mallard = species.find((s) => s.code === 'mallar3');
    expect(mallard).toMatchObject({ englishName: 'Mallard', localName: SPANISH.mallar3 });
    expect(species.filter((s) => s.localName !== undefined)).toHaveLength(Object.keys(SPANISH).length);
  });

  it("--locale takes a BCP 47 tag and asks eBird with eBird's code for it (zh-Hans → zh_SIM); the file keeps the tag", async () => {
    const run = await runCli(['taxonomy', '--photos', photosDir, '--url', server.url, '--locale', 'zh-Hans']);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toContain('/v2/ref/taxonomy/ebird?fmt=csv&locale=zh_SIM');
    const { header, species } = parseTaxonomyFile(await readFile(taxonomyPath(photosDir), 'utf8'), 'taxonomy.tsv');
    expect(header.locale).toBe('zh-Hans');
    expect(species.find((s) => s.code === 'mallar3')).toMatchObject({ englishName: 'Mallard', localName: CHINESE.mallar3 });
    // eBird answers with the English name where the language has none: no local name, not a copy of the English one.
    expect(species.filter((s) => s.localName !== undefined)).toHaveLength(Object.keys(CHINESE).length);
  });

  it('--locale with something that is no language tag stops before any download, and changes nothing', async () => {
    const held = () => readFile(taxonomyPath(photosDir), 'utf8').catch(() => 'no file');
    const before = await held();
    const requests = server.requests.length;
    const run = await runCli(['taxonomy', '--photos', photosDir, '--url', server.url, '--locale', 'not a language']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--locale not a language is not a language tag: write it in BCP 47, such as de, es-MX, pt-BR or zh-Hans; nothing was changed');
    expect(server.requests.length).toBe(requests);
    expect(await held()).toBe(before);
  });

  it('"language": "es" names the birds in Spanish once the taxonomy has them, and the ingest says once how many it has no name for', async () => {
    const lib = await library('spanish', { 'life_list/Anseriformes/Ducks/Mallard/m.jpg': null, 'life_list/Passeriformes/Wrens/Rock Wren/r.jpg': null }, { language: 'es' });
    const none = await runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    expect(none.state.ingest!.problems.all.map((p) => p.reason)).toEqual(["site.json asks for species names in 'es', but the photos folder has no bird taxonomy yet: run `npm run taxonomy -- --locale es`"]);
    expect((await runCli(['taxonomy', '--photos', lib.photosDir, '--url', server.url])).code).toBe(0);
    const english = await runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    expect(english.state.ingest!.problems.all.map((p) => p.reason)).toEqual(["site.json asks for species names in 'es', but the library's taxonomy has none but English: run `npm run taxonomy -- --update --locale es`"]);
    expect((await runCli(['taxonomy', '--photos', lib.photosDir, '--url', server.url, '--locale', 'es'])).code).toBe(0);
    const spanish = await runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    expect(spanish.state.ingest!.problems.all.map((p) => [p.path, p.reason])).toEqual([['taxonomy', "1 of 2 species has no name in 'es' in the bird taxonomy, so the site shows its English name"]]);
    const mallard = speciesDataSchema.parse(await readJson(path.join(lib.outDir, 'public', siteDataPaths.species('Mallard'))));
    expect(mallard).toMatchObject({ species: 'Mallard', scientificName: 'Anas platyrhynchos', localName: { name: SPANISH.mallar3, lang: 'es' } });
    const wren = speciesDataSchema.parse(await readJson(path.join(lib.outDir, 'public', siteDataPaths.species('Rock Wren'))));
    expect(wren.localName).toBeUndefined();
  });

  it("README's worked example: on the first ingest, with a network, it is published and reported as the README says", async () => {
    const lib = await library(
      'readme',
      {
        'life_list/Canyon Wren/DSC_4409.jpg': null,
        'inbox/2023-06-10/IMG_0412.jpg': 'Birds|Wrens|Rock Wren, 4',
        'inbox/2023-06-10/IMG_0413.jpg': 'Rock Wren, -1',
        'inbox/2023-06-10/IMG_0415.jpg': 'sunrise, 3',
      },
      {},
      '2023-06-10',
    );
    await mkdir(path.join(lib.photosDir, 'ebird'));
    await copyFile(path.join(ROOT, 'photos', 'ebird', 'MyEBirdData.csv'), path.join(lib.photosDir, 'ebird', 'MyEBirdData.csv'));
    const variable = process.env.PORTFOLIO_TAXONOMY_URL;
    process.env.PORTFOLIO_TAXONOMY_URL = server.url;
    try {
      const run = await runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
      const index = photoIndexSchema.parse(await readJson(path.join(lib.outDir, 'public', 'photo-index.json')));
      expect(Object.values(index.photos).map((p) => p.folder.join('/')).sort()).toEqual(['Passeriformes/Wrens/Canyon Wren', 'Passeriformes/Wrens/Rock Wren']);
      // The README's report, line by line (a line it cuts with '…' is a prefix); its timing aside.
      const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
      const block = /`npm run ingest` publishes `Passeriformes\/Wrens\/Canyon Wren`[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(block).toBeDefined();
      const printed = lines(`${run.stderr}\n${run.stdout}`);
      for (const line of lines(block!)) {
        const expected = line.replace(/Done in [\d.]+ s/, 'Done in');
        const found = printed.some((p) => (expected.endsWith(' …') ? p.startsWith(expected.slice(0, -2)) : p.replace(/Done in [\d.]+ s/, 'Done in') === expected));
        expect(found, `the README's line\n${line}\nis not in what the ingest printed:\n${printed.join('\n')}`).toBe(true);
      }
    } finally {
      process.env.PORTFOLIO_TAXONOMY_URL = variable;
    }
  });

  it('the ingest of an inbox without a taxonomy fetches it once; offline it publishes the rest, reports the waiting photos once, and places them on the next ingest; a taxonomy deleted later loses no photo', async () => {
    const lib = await library('ingest', { 'life_list/Passeriformes/Wrens/Rock Wren/r.jpg': null, 'inbox/2024-05-01/IMG_1.jpg': 'Canada Jay', 'inbox/2024-05-01/IMG_2.jpg': 'Mallard' });
    const variable = process.env.PORTFOLIO_TAXONOMY_URL;
    const ingest = () => runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    try {
      process.env.PORTFOLIO_TAXONOMY_URL = await closedPortUrl();
      const offline = await ingest();
      expect(offline.code).toBe(1);
      expect(offline.stderr).toContain(`The bird taxonomy is not in ${taxonomyPath(lib.photosDir)} yet: fetching it once from ${process.env.PORTFOLIO_TAXONOMY_URL}`);
      const problems = offline.state.ingest!.problems.all.map((p) => `${p.severity} ${p.path}: ${p.reason}`);
      expect(problems).toEqual([expect.stringMatching(/^error inbox: 2 photos wait for the bird taxonomy, .*no connection \(ECONNREFUSED\).*Run `npm run taxonomy` when online, or `npm run taxonomy -- --from <file>`/)]);
      expect(await speciesOf(lib.outDir)).toEqual(['Rock Wren']);
      await expect(stat(taxonomyPath(lib.photosDir))).rejects.toThrow('ENOENT');

      process.env.PORTFOLIO_TAXONOMY_URL = server.url;
      const online = await ingest();
      expect(online.code).toBe(0);
      expect(online.stderr).toContain('fetching it once from');
      expect(await speciesOf(lib.outDir)).toEqual(['Canada Jay', 'Mallard', 'Rock Wren']);
      const credits = creditsDataSchema.parse(await readJson(path.join(lib.outDir, 'public', siteDataPaths.credits)));
      expect(credits.taxonomy).toEqual({ source: 'eBird/Clements Checklist of Birds of the World', edition: 'v2025', url: 'https://www.birds.cornell.edu/clementschecklist/' });

      const requests = server.requests.length;
      const again = await ingest();
      expect(again.code).toBe(0);
      expect(again.stderr).not.toContain('fetching');
      expect(server.requests.length).toBe(requests);

      // The library's taxonomy deleted, offline: the copy the last placement used keeps every photo published.
      await rm(path.join(lib.photosDir, 'taxonomy'), { recursive: true });
      process.env.PORTFOLIO_TAXONOMY_URL = await closedPortUrl();
      const deleted = await ingest();
      expect(deleted.code).toBe(0);
      expect(await speciesOf(lib.outDir)).toEqual(['Canada Jay', 'Mallard', 'Rock Wren']);
      expect(deleted.state.ingest!.problems.all.map((p) => `${p.severity} ${p.path}: ${p.reason}`)).toEqual([
        expect.stringMatching(/^warning taxonomy: the bird taxonomy could not be had \(.*no connection \(ECONNREFUSED\).*\); the copy the last ingest used \(eBird\/Clements Checklist of Birds of the World, v2025\) placed the photos, so none disappears\. Run `npm run taxonomy` to put it back$/),
      ]);
    } finally {
      process.env.PORTFOLIO_TAXONOMY_URL = variable;
    }
  });
});

describe.skipIf(sharedTaxonomyAbsent)('a new edition: the real v2025 (yearly eBird/Clements layout) after a past edition made from it', () => {
  /** The real v2025 as it was a few years before: the Canada Jay still 'Gray Jay', the goshawks one species, Thayer's Gull a species of its own. */
  const olderEdition = () =>
    realEdition({
      change: {
        gryjay: { common_name: 'Gray Jay' },
        norgos: { common_name: 'Northern Goshawk', scientific_name: 'Accipiter gentilis', taxon_concept_id: 'avibase-OLDGOSHK' },
        thagul: { category: 'species', common_name: "Thayer's Gull", scientific_name: 'Larus thayeri', report_as: '' },
        y00478: { taxon_concept_id: 'avibase-OLDICEGU' },
      },
      remove: ['norgos1'],
    });

  it('lists the renames, splits and lumps of your species with the photos each touches, keeps your photos, keeps old names matching, and follows the new names and order', async () => {
    const lib = await library(
      'edition',
      {
        'life_list/Gray Jay/jay.jpg': null,
        'life_list/Accipitriformes/Hawks/Northern Goshawk/gos.jpg': null,
        "life_list/Charadriiformes/Gulls/Thayer's Gull/gull.jpg": null,
        'life_list/Anseriformes/Ducks/Mallard/m.jpg': null,
      },
      { names: 'taxonomy' },
    );
    const editions = path.join(root, 'edition');
    await writeFile(path.join(editions, 'eBird_taxonomy_v2024.csv'), olderEdition());
    await writeFile(path.join(editions, 'eBird_taxonomy_v2025.csv'), realEdition());
    const ingest = () => runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    const first = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', path.join(editions, 'eBird_taxonomy_v2024.csv'), '--out', lib.outDir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('eBird/Clements Checklist of Birds of the World, v2024, 11,167 species, from eBird_taxonomy_v2024.csv');
    expect((await ingest()).code).toBe(0);
    expect(await speciesOf(lib.outDir)).toEqual(['Gray Jay', 'Mallard', 'Northern Goshawk', "Thayer's Gull"]);

    const update = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', path.join(editions, 'eBird_taxonomy_v2025.csv'), '--out', lib.outDir]);
    expect(update.code).toBe(0);
    expect(lines(update.stdout).slice(1)).toEqual([
      'Changes from eBird/Clements Checklist of Birds of the World, v2024 to eBird/Clements Checklist of Birds of the World, v2025 (1 new species in all), for your species:',
      `  renamed: Gray Jay → Canada Jay (gryjay; 1 photo); folders and keywords named 'Gray Jay' keep matching, and "names": "taxonomy" shows 'Canada Jay'`,
      "  split or lumped: Thayer's Gull (thagul; 1 photo) is no longer a species; probably now Iceland Gull. 'Thayer's Gull' now finds Iceland Gull",
      '  split or lumped: Northern Goshawk (norgos; 1 photo) keeps its code but not its extent (its taxon concept changed); now American Goshawk or Eurasian Goshawk. Rename its folders and keywords to the species each photo shows',
    ]);

    const after = await ingest();
    // Every photo is still published: the renamed and the lumped species under their new names, the split one under the owner's.
    expect(await speciesOf(lib.outDir)).toEqual(['Canada Jay', 'Iceland Gull', 'Mallard', 'Northern Goshawk']);
    const problems = after.state.ingest!.problems.all.map((p) => `${p.path}: ${p.reason}`);
    expect(problems).toContainEqual(
      "life_list/Accipitriformes/Hawks/Northern Goshawk: 'Northern Goshawk' is no longer one species in eBird/Clements Checklist of Birds of the World, v2025: it may be Eurasian Goshawk or American Goshawk (a split), so it stays as it is, without a scientific name. Rename the folder to the species your photos show",
    );
    // The Life List's taxonomic order is the new edition's.
    const index = photoIndexSchema.parse(await readJson(path.join(lib.outDir, 'public', 'photo-index.json')));
    const sequence = Object.fromEntries(Object.values(index.photos).map((p) => [p.species, p.taxonSequence]));
    const realSequence = (code: string) => Number(realTaxon(code).taxonomic_order);
    expect(sequence).toMatchObject({ Mallard: realSequence('mallar3'), 'Canada Jay': realSequence('gryjay'), 'Iceland Gull': realSequence('y00478') });
  });

  it('reports a rename that touches only keyworded photos (hierarchical, scientific, in sidecars) and the eBird export, and the next ingest follows it', async () => {
    const lib = await library('keyworded', {
      'inbox/2024-05-01/IMG_1.jpg': 'Birds|Passeriformes|Cardinalidae|Northern Cardinal',
      'inbox/2024-05-01/IMG_2.jpg': 'Cardinalis cardinalis',
      'inbox/2024-05-01/IMG_3.jpg': 'Canada Jay',
    });
    await mkdir(path.join(lib.photosDir, 'ebird'));
    const ebirdExport = await readFile(path.join(ROOT, 'photos', 'ebird', 'MyEBirdData.csv'), 'utf8');
    await writeFile(path.join(lib.photosDir, 'ebird', 'MyEBirdData.csv'), ebirdExport);
    const cardinalRecords = ebirdExport.split('\n').filter((row) => row.split(',')[1] === 'Northern Cardinal').length;
    expect(cardinalRecords).toBeGreaterThan(0);
    const editions = path.join(root, 'keyworded');
    await writeFile(path.join(editions, 'eBird_taxonomy_v2025.csv'), realEdition());
    await writeFile(path.join(editions, 'eBird_taxonomy_v2026.csv'), realEdition({ change: { norcar: { common_name: 'Common Cardinal' } } }));
    expect((await runCli(['taxonomy', '--photos', lib.photosDir, '--from', path.join(editions, 'eBird_taxonomy_v2025.csv')])).code).toBe(0);
    const ingest = () => runCli(['ingest', '--photos', lib.photosDir, '--out', lib.outDir, '--concurrency', '2']);
    expect((await ingest()).code).toBe(0);
    expect(await speciesOf(lib.outDir)).toEqual(['Canada Jay', 'Northern Cardinal', 'Northern Cardinal']);

    const update = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', path.join(editions, 'eBird_taxonomy_v2026.csv'), '--out', lib.outDir]);
    expect(update.code).toBe(0);
    expect(lines(update.stdout).slice(1)).toEqual([
      'Changes from eBird/Clements Checklist of Birds of the World, v2025 to eBird/Clements Checklist of Birds of the World, v2026, for your species:',
      `  renamed: Northern Cardinal → Common Cardinal (norcar; 2 photos, ${cardinalRecords} eBird records); folders and keywords named 'Northern Cardinal' keep matching, and "names": "taxonomy" shows 'Common Cardinal'`,
    ]);
    expect((await ingest()).code).toBe(0);
    expect(await speciesOf(lib.outDir)).toEqual(['Canada Jay', 'Common Cardinal', 'Common Cardinal']);
  });
});

describe('npm run taxonomy -- --from, when the file cannot be used', () => {
  it('names the file and why in one line, and writes nothing', async () => {
    const lib = await library('bad-from', { 'life_list/Passeriformes/Wrens/Rock Wren/r.jpg': null });
    const missing = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', path.join(root, 'no-such.csv')]);
    expect(missing.code).toBe(2);
    expect(lines(missing.stderr).at(-1)).toMatch(/no-such\.csv cannot be read \(.*ENOENT.*\); nothing was changed$/);
    const notCsv = path.join(root, 'notes.csv');
    await writeFile(notCsv, 'Name,Latin\nCanada Jay,Perisoreus canadensis\n');
    const other = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', notCsv]);
    expect(other.code).toBe(2);
    expect(lines(other.stderr).at(-1)).toBe(`${notCsv}: not a bird taxonomy this program reads (the eBird API's CSV, the yearly eBird/Clements CSV, auk's, or AviList's); its first line has Name, Latin; nothing was changed`);
    const locale = await runCli(['taxonomy', '--photos', lib.photosDir, '--from', EDITIONS(2024), '--partial', '--locale', 'es']);
    expect(locale.code).toBe(2);
    expect(lines(locale.stderr).at(-1)).toBe(`--locale needs the eBird API's taxonomy (an https URL in its layout); ${EDITIONS(2024)} is not one; nothing was changed`);
    await expect(stat(taxonomyPath(lib.photosDir))).rejects.toThrow('ENOENT');
  });
});
