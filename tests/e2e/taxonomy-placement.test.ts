import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema } from '../../data/manifest-schemas.ts';
import { CREDITS_ROUTE, lifeListRoute, speciesRoute } from '../../data/paths.ts';
import { buildSite } from '../../web/prerender/build-site.ts';
import { runCli } from '../../harness/ingest-tree.ts';
import { sharedTaxonomyAbsent, SKIP_MESSAGE, startTaxonomyServer, type TaxonomyServer } from '../../harness/taxonomy-server.ts';
import { appReady, launchBrowser, walkingTabs } from '../../harness/browser.ts';
import { cardName, pageUrl } from '../../harness/site-url.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';

/**
 * A Lightroom user's export, placed by the real eBird/Clements v2025 taxonomy (11,167 species),
 * fetched by `npm run taxonomy -- --update` from a loopback server in the eBird API's layout over
 * the older edition the library had been ingested with: keywords written by ExifTool into the photos and into `.xmp`
 * sidecars, as Lightroom writes them. Each photo lands on its species' page, in Chromium.
 */
const DAY = '2024-05-01';
/** The edition the library had before: 'Gray Jay', as eBird called the Canada Jay until 2018 (a hand-made extract). */
const OLDER_EDITION = [
  'TAXON_ORDER,CATEGORY,SPECIES_CODE,TAXON_CONCEPT_ID,PRIMARY_COM_NAME,SCI_NAME,ORDER,FAMILY,SPECIES_GROUP,REPORT_AS',
  '21102,species,gryjay,avibase-2F8E2F6E,Gray Jay,Perisoreus canadensis,Passeriformes,"Corvidae (Crows, Jays, and Magpies)",,',
].join('\n');

const EMPTY_XMP = '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

let work: string;
let out: string;
let taxonomyServer: TaxonomyServer;
let site: StaticServer;
let browser: Browser;
let update: Awaited<ReturnType<typeof runCli>>;
const url = (route: string) => pageUrl(site.url, route);

if (sharedTaxonomyAbsent) console.warn(SKIP_MESSAGE);

beforeAll(async () => {
  if (sharedTaxonomyAbsent) return;
  work = await mkdtemp(join(tmpdir(), 'taxonomy-placement-'));
  const photos = join(work, 'photos');
  const inbox = join(photos, 'inbox', DAY);
  await mkdir(inbox, { recursive: true });
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    /** A small JPEG of its own colour, with ExifTool's `tags` written into it (or into a sidecar beside it). */
    const photo = async (name: string, tags: string[], sidecarTags?: string[]) => {
      const file = join(inbox, name);
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: name.charCodeAt(4) * 20, g: 90, b: 120 } } })
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: `${DAY.replaceAll('-', ':')} 07:30:00` } })
        .toFile(file);
      if (tags.length > 0) await exiftool.write(file, {}, { writeArgs: ['-overwrite_original', ...tags] });
      if (sidecarTags) {
        // ExifTool edits a sidecar that exists: an empty packet first, as a photo editor creates one.
        const sidecar = file.replace(/\.jpg$/, '.xmp');
        await writeFile(sidecar, EMPTY_XMP);
        await exiftool.write(sidecar, {}, { writeArgs: ['-overwrite_original', ...sidecarTags] });
      }
    };
    await photo('IMG_1.jpg', ['-XMP-lr:HierarchicalSubject=Birds|Wrens|Canyon Wren', '-XMP-dc:Subject=Canyon Wren', '-XMP-xmp:Rating=4', '-XMP-dc:Title=Canyon Wren singing']);
    await photo('IMG_2.jpg', ['-IPTC:Keywords=Salpinctes obsoletus', '-XMP-xmp:Rating=3', '-XMP-dc:Title=Rock Wren on a boulder']);
    // The sidecar wins over the photo: the jay is named only there, by its older name, beside a word that is no bird.
    await photo('IMG_3.jpg', ['-XMP-dc:Subject=sunrise'], ['-XMP-dc:Subject=Gray Jay', '-XMP-dc:Subject=feeder', '-XMP-xmp:Rating=5', '-XMP-dc:Title=Jay at the feeder']);
    await photo('IMG_4.jpg', ['-XMP-dc:Subject=Mallard', '-XMP-dc:Subject=Wood Duck', '-XMP-dc:Subject=Arizona', '-XMP-dc:Title=Mixed flock on the pond']);
    await photo('IMG_5.jpg', ['-XMP-dc:Subject=Mallard', '-XMP-xmp:Rating=-1', '-XMP-dc:Title=Rejected mallard']);
    await photo('IMG_6.jpg', ['-XMP-dc:Subject=Arizona', '-XMP-dc:Title=Only a landscape']);
  } finally {
    await exiftool.end();
  }
  await writeFile(join(photos, 'site.json'), JSON.stringify({ owner: 'Lightroom Birder' }));
  await writeFile(join(work, 'eBird_taxonomy_v2017.csv'), OLDER_EDITION);
  // One species: a partial list, taken only on purpose.
  expect((await runCli(['taxonomy', '--photos', photos, '--from', join(work, 'eBird_taxonomy_v2017.csv'), '--partial'])).code).toBe(0);
  // An ingest under the older edition publishes the jay as 'Gray Jay' (the others name no species it knows).
  await runCli(['ingest', '--photos', photos, '--out', join(work, 'generated'), '--quiet']);

  taxonomyServer = await startTaxonomyServer();
  update = await runCli(['taxonomy', '--photos', photos, '--update', '--url', taxonomyServer.url, '--out', join(work, 'generated')]);
  out = join(work, 'dist');
  await buildSite({ photos, generated: join(work, 'generated'), out, quiet: true, nodeEnv: 'production' });
  site = await startStaticServer({ root: out });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await taxonomyServer?.close();
  if (work) await rm(work, { recursive: true, force: true });
});
/** A visitor's tab for each test (walkingTabs). */
const withTab = walkingTabs(() => browser);

describe.skipIf(sharedTaxonomyAbsent)('an inbox placed by the real taxonomy, fetched from a loopback eBird API', () => {
  it('the update reports the rename from the older edition', () => {
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('eBird/Clements Checklist of Birds of the World, v2025, 11,167 species');
    // The jay is named only in a sidecar's keywords, by its older name: still the owner's, and counted.
    expect(update.stdout).toContain(`renamed: Gray Jay → Canada Jay (gryjay; 1 photo)`);
  });

  const pages: Array<[string, string, string]> = [
    ['a hierarchical keyword', 'Canyon Wren', 'Canyon Wren singing'],
    ['a scientific name', 'Rock Wren', 'Rock Wren on a boulder'],
    ["an older English name, in the sidecar", 'Canada Jay', 'Jay at the feeder'],
    ['one of two species on a photo', 'Mallard', 'Mixed flock on the pond'],
    ['the other of two species on a photo', 'Wood Duck', 'Mixed flock on the pond'],
  ];
  it.each(pages)('%s puts the photo on the species page of %s', async (_, species, title) => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(speciesRoute(species)));
      await appReady(page);
      await expect.poll(() => page.getByRole('img', { name: title }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  });

  it("files the species under the taxonomy's order and family, with its scientific name", async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(lifeListRoute(['Passeriformes', 'Wrens'])));
      await appReady(page);
      await expect.poll(() => page.locator('main').getByRole('link', { name: cardName('Canyon Wren') }).count()).toBe(1);
      await expect.poll(() => page.locator('main').getByRole('link', { name: cardName('Rock Wren') }).count()).toBe(1);
      await page.goto(url(speciesRoute('Canada Jay')));
      await appReady(page);
      await expect.poll(() => page.locator('main i[lang="la"]').textContent()).toBe('Perisoreus canadensis');
      expect(errors).toEqual([]);
    });
  });

  it('publishes neither the rejected photo nor the one that names no bird', async () => {
    const index = photoIndexSchema.parse(JSON.parse(await readFile(join(work, 'generated', 'public', 'photo-index.json'), 'utf8')));
    const titles = Object.values(index.photos).map((p) => p.title).sort();
    expect(titles).toEqual(['Canyon Wren singing', 'Jay at the feeder', 'Mixed flock on the pond', 'Mixed flock on the pond', 'Rock Wren on a boulder']);
  });

  it("credits the taxonomy's source and edition on the Credits page", async () => {
    await withTab(async ({ page, errors }) => {
      await page.goto(url(CREDITS_ROUTE));
      await appReady(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Bird names' }).count()).toBe(1);
      await expect.poll(() => page.locator('main').textContent()).toContain('eBird/Clements Checklist of Birds of the World, v2025.');
      expect(errors).toEqual([]);
    });
  });
});
