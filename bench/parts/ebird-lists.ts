import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { listsDataSchema } from '../../data/bird-lists.ts';
import { LISTS_ROUTE, listRoute, pageFile } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-paths.ts';
import { archiveSet } from '../lib/archive-set.ts';
import { runBuild } from '../lib/build.ts';
import { SMOKE_LIBRARY, type BenchOptions, type Log } from '../lib/context.ts';
import { writeEbirdExport } from '../lib/ebird-export.ts';
import { cleanup, scratchDir } from '../lib/ingest.ts';
import type { Row } from '../lib/report.ts';

/** The lists part of the export's rows: enough for every species to appear in most years and regions. */
const LISTS_ROWS = { full: 200_000, quick: 5_000, smoke: 500 };

/**
 * The lists (issue 18) at 800 species, 40 years and 60 regions: a 100-photo site built
 * without an export, then again after the export is added (the build time the lists add,
 * with the not-yet-photographed page and the species' sightings), and what the Lists page
 * and the largest list page cost a visitor: the page's HTML, its data file and (the Lists page)
 * its map files, gzip.
 */
export async function listsPoint(options: BenchOptions, log: Log): Promise<ListsMeasured> {
  const archive = options.smoke ? await archiveSet(...SMOKE_LIBRARY, log) : await archiveSet(100, 6, log);
  const dir = await scratchDir('ebird-lists');
  try {
    // The archive's photos, linked, and an export beside them.
    const photos = path.join(dir, 'photos');
    await fs.mkdir(photos);
    await fs.symlink(path.join(archive.dir, 'life_list'), path.join(photos, 'life_list'));
    await fs.copyFile(path.join(archive.dir, 'site.json'), path.join(photos, 'site.json'));
    const generated = path.join(dir, 'generated');
    const dist = path.join(dir, 'dist');
    log(`ebird: the ${archive.photos}-photo site built without an export`);
    await runBuild(photos, generated, dist);
    await fs.mkdir(path.join(photos, 'ebird'));
    const rowCount = options.smoke ? LISTS_ROWS.smoke : options.quick ? LISTS_ROWS.quick : LISTS_ROWS.full;
    await writeEbirdExport(path.join(photos, 'ebird', 'MyEBirdData.csv'), rowCount, 10, { everySpeciesCounts: true });
    log(`ebird: built again with an export of ${rowCount.toLocaleString('en')} rows`);
    const withExport = await runBuild(photos, generated, dist);

    const gz = async (file: string) => gzipSync(await fs.readFile(path.join(dist, file))).length;
    const costOf = async (route: string, data: string) => ({ html: await gz(pageFile(route)), data: await gz(data) });
    const lists = listsDataSchema.parse(JSON.parse(await fs.readFile(path.join(dist, siteDataPaths.lists), 'utf8')));
    const keys = [...lists.years.map((y) => y.key), ...lists.countries.flatMap((c) => [c.key, ...c.regions.map((r) => r.key)])];
    const listsPage = await costOf(LISTS_ROUTE, siteDataPaths.lists);
    // Each map's shapes, in a file of its own that only the Lists page fetches.
    const mapFiles = lists.maps ? [lists.maps.world, ...lists.maps.regions].map((m) => m.file) : [];
    let mapsBytes = 0;
    for (const file of mapFiles) mapsBytes += await gz(file);
    let largest = { key: '', html: 0, data: 0 };
    for (const key of keys) {
      const cost = await costOf(listRoute(key), siteDataPaths.list(key));
      if (cost.html + cost.data > largest.html + largest.data) largest = { key, ...cost };
    }
    const regions = lists.countries.reduce((n, c) => n + c.regions.length, 0);
    const shape = `${lists.life.observed} species, ${lists.years.length} years, ${lists.countries.length} countries, ${regions} states/provinces`;
    return { photos: archive.photos, shape, rowCount, newPages: keys.length + 2, listsPage: { ...listsPage, maps: mapsBytes, mapFiles: mapFiles.length }, largest, buildMs: withExport.wallMs };
  } finally {
    await cleanup(dir);
  }
}

/** The lists' figures: what the Lists page and the largest list page cost, and the build the export added. */
export interface ListsMeasured {
  photos: number;
  shape: string;
  rowCount: number;
  newPages: number;
  /** Its HTML, its data file and its map files (gzip bytes), and how many map files. Recorded runs before the maps had files of their own have none. */
  listsPage: { html: number; data: number; maps?: number; mapFiles?: number };
  largest: { key: string; html: number; data: number };
  buildMs: number;
}

export function listsRows(m: ListsMeasured, targeted: boolean): Row[] {
  return [
    {
      part: 'eBird lists',
      metric: 'Lists page with its map, gzip',
      value: (m.listsPage.html + m.listsPage.data + (m.listsPage.maps ?? 0)) / 1024,
      unit: 'KB',
      target: targeted ? { op: '<=', value: 60 } : undefined,
      note: `${m.shape}: HTML ${(m.listsPage.html / 1024).toFixed(1)} KB + its data file ${(m.listsPage.data / 1024).toFixed(1)} KB${m.listsPage.mapFiles === undefined ? '' : ` + ${m.listsPage.mapFiles} map files ${((m.listsPage.maps ?? 0) / 1024).toFixed(1)} KB`} (the app's shared scripts come after the first view)`,
    },
    {
      part: 'eBird lists',
      metric: 'largest list page, gzip',
      value: (m.largest.html + m.largest.data) / 1024,
      unit: 'KB',
      note: `/lists/${m.largest.key}/: HTML ${(m.largest.html / 1024).toFixed(1)} KB + data ${(m.largest.data / 1024).toFixed(1)} KB`,
    },
    {
      part: 'eBird lists',
      metric: 'build after adding the export',
      value: m.buildMs / 1000,
      unit: 's',
      note: `ingest (read ${m.rowCount.toLocaleString('en')} rows, derive the lists and maps) and the ${m.newPages} new pages; the ${m.photos} photos were already built`,
    },
  ];
}
