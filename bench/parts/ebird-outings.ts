import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { OUTINGS_ROUTE, outingRoute, outingsYearRoute, pageFile } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-paths.ts';
import { archiveSet } from '../lib/archive-set.ts';
import { runBuild } from '../lib/build.ts';
import type { Log } from '../lib/context.ts';
import { EBIRD_HEADER, writeEbirdExport } from '../lib/ebird-export.ts';
import { cleanup, scratchDir } from '../lib/ingest.ts';
import type { Row } from '../lib/report.ts';

/** Rows of the outings' export: about 2,000 distinct days over its 40 years (one row, one checklist). */
const OUTINGS_ROWS = 2_200;
/** The big day appended to it: this many species on one day, the largest outing page. */
const BIG_DAY_SPECIES = 250;
/** And the busiest years a birder has: out every day, so the Outings page and a year page hold a card per day. */
const BUSY_YEARS = [2024, 2025];

/**
 * The outings at about 2,700 days in the field, two years out every day among them: the 100-photo site built without an export, then
 * with it (the build time the outings and lists add), what the Outings page and the largest
 * outing page cost a visitor (HTML and its data file, gzip; the photos come after), and which
 * pages a build redoes after one photo is added.
 */
export async function outingsPoint(log: Log): Promise<OutingsMeasured> {
  const archive = await archiveSet(100, 6, log);
  const dir = await scratchDir('ebird-outings');
  try {
    const photos = path.join(dir, 'photos');
    await fs.mkdir(photos);
    // The photos are copied (hard links), so one more can be added without touching the archive.
    await fs.cp(path.join(archive.dir, 'life_list'), path.join(photos, 'life_list'), { recursive: true });
    await fs.copyFile(path.join(archive.dir, 'site.json'), path.join(photos, 'site.json'));
    const generated = path.join(dir, 'generated');
    const dist = path.join(dir, 'dist');
    log('ebird: outings: the 100-photo site built without an export, then again with nothing changed');
    await runBuild(photos, generated, dist);
    // The baseline: a build of the same site with nothing to redo (its photos are built).
    const without = await runBuild(photos, generated, dist);
    await fs.mkdir(path.join(photos, 'ebird'));
    const exportFile = path.join(photos, 'ebird', 'MyEBirdData.csv');
    await writeEbirdExport(exportFile, OUTINGS_ROWS, 11);
    await fs.appendFile(exportFile, bigDay() + busyYears());
    log(`ebird: outings: built again with an export of ${OUTINGS_ROWS.toLocaleString('en')} rows, one day of ${BIG_DAY_SPECIES} species and a checklist every day of ${BUSY_YEARS.join(' and ')}`);
    const withExport = await runBuild(photos, generated, dist);

    const gz = async (file: string) => gzipSync(await fs.readFile(path.join(dist, file))).length;
    const index = outingsDataSchema.parse(JSON.parse(await fs.readFile(path.join(dist, siteDataPaths.outings), 'utf8')));
    const outings = index.years.reduce((n, y) => n + y.count, 0);
    const indexCost = { html: await gz(pageFile(OUTINGS_ROUTE)), data: await gz(siteDataPaths.outings) };
    let largest = { key: '', html: 0, data: 0, species: 0 };
    for (const file of await fs.readdir(path.join(dist, 'site-data', 'outings'))) {
      const key = file.replace(/\.json$/, '');
      if (key.startsWith('year-')) continue;
      const data = await gz(siteDataPaths.outing(key));
      if (data <= largest.data) continue;
      const page = outingDataSchema.parse(JSON.parse(await fs.readFile(path.join(dist, siteDataPaths.outing(key)), 'utf8')));
      largest = { key, html: await gz(pageFile(outingRoute(key))), data, species: page.species.length };
    }
    let largestYear = { year: 0, outings: 0, html: 0, data: 0 };
    for (const { year, count } of index.years.filter((y) => !y.outings)) {
      const data = await gz(siteDataPaths.outingsYear(year));
      if (data > largestYear.data) largestYear = { year, outings: count, html: await gz(pageFile(outingsYearRoute(year))), data };
    }

    // One photo more, on the day of an existing one: which pages does the build redo?
    const before = await pageTimes(dist);
    const folder = path.join(photos, 'life_list', archive.speciesFolders[0]!);
    const first = (await fs.readdir(folder)).find((f) => /\.jpe?g$/i.test(f))!;
    await fs.copyFile(path.join(folder, first), path.join(folder, `added-${first}`));
    const incremental = await runBuild(photos, generated, dist);
    const after = await pageTimes(dist);
    const redone = [...after].filter(([file, time]) => before.get(file) !== time).map(([file]) => file);

    return { outings, years: index.years.length, split: index.years.some((y) => !y.outings), indexCost, largest, ...(largestYear.outings > 0 && { largestYear }), withoutMs: without.wallMs, withMs: withExport.wallMs, incrementalMs: incremental.wallMs, redone };
  } finally {
    await cleanup(dir);
  }
}

/** What the outings part measured (the results keep it; its rows are derived from it alone). */
export interface OutingsMeasured {
  outings: number;
  years: number;
  split: boolean;
  indexCost: { html: number; data: number };
  largest: { key: string; html: number; data: number; species: number };
  /** The largest page of one year of the split Outings page (recorded runs before the busy years have none). */
  largestYear?: { year: number; outings: number; html: number; data: number };
  withoutMs: number;
  withMs: number;
  incrementalMs: number;
  /** Pages rewritten by the build after one photo was added. */
  redone: string[];
}

export function outingsRows(m: OutingsMeasured): Row[] {
  return [
    {
      part: 'eBird outings',
      metric: `Outings page at ${m.outings.toLocaleString('en')} outings, gzip`,
      value: (m.indexCost.html + m.indexCost.data) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 40 },
      note: `HTML ${(m.indexCost.html / 1024).toFixed(1)} KB + its data file ${(m.indexCost.data / 1024).toFixed(1)} KB; ${m.years} years${m.split ? ', split by year' : ''}`,
    },
    ...(m.largestYear
      ? [
          {
            part: 'eBird outings',
            metric: 'largest year of the Outings page, gzip',
            value: (m.largestYear.html + m.largestYear.data) / 1024,
            unit: 'KB',
            target: { op: '<=', value: 40 },
            note: `/outings/year/${m.largestYear.year}/ (${m.largestYear.outings} outings): HTML ${(m.largestYear.html / 1024).toFixed(1)} KB + data ${(m.largestYear.data / 1024).toFixed(1)} KB`,
          } satisfies Row,
        ]
      : []),
    {
      part: 'eBird outings',
      metric: 'largest outing page, gzip (without its photos)',
      value: (m.largest.html + m.largest.data) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 30 },
      note: `/outings/${m.largest.key}/ (${m.largest.species} species): HTML ${(m.largest.html / 1024).toFixed(1)} KB + data ${(m.largest.data / 1024).toFixed(1)} KB`,
    },
    {
      part: 'eBird outings',
      metric: 'build time the export adds (outings and lists)',
      value: (m.withMs - m.withoutMs) / 1000,
      unit: 's',
      note: `${(m.withMs / 1000).toFixed(1)} s with it (${m.outings.toLocaleString('en')} outing pages and the lists), against ${(m.withoutMs / 1000).toFixed(1)} s for a build with nothing to redo`,
    },
    {
      part: 'eBird outings',
      metric: 'outing pages redone after adding one photo',
      value: m.redone.filter((f) => f.startsWith('outings/')).length,
      unit: 'count',
      note: `${m.redone.filter((f) => f.startsWith('outings/')).join(', ')}; ${m.redone.length} pages in all (${m.redone.filter((f) => !f.startsWith('outings/')).join(', ')}), in ${(m.incrementalMs / 1000).toFixed(1)} s`,
    },
  ];
}

/** One line of the export in its columns: the named fields given, every other one empty. */
function exportLine(values: Partial<Record<(typeof EBIRD_HEADER)[number], string>>): string {
  return `${EBIRD_HEADER.map((column) => values[column] ?? '').join(',')}\r\n`;
}

/** One day of the export with BIG_DAY_SPECIES species on ten checklists, in the export's columns. */
function bigDay(): string {
  return Array.from({ length: BIG_DAY_SPECIES }, (_, i) =>
    exportLine({
      'Submission ID': `S9${String(i % 10).padStart(8, '0')}`,
      'Common Name': `Big Day Species ${i}`,
      'Scientific Name': `Avis magna${i}`,
      'Taxonomic Order': String(20_000 + i),
      Count: '1',
      'State/Province': 'US-TX',
      Date: '2025-04-26',
      Time: '06:30 AM',
      'Duration (Min)': '60',
    }),
  ).join('');
}

/** A checklist of one species on every day of BUSY_YEARS, in the export's columns. */
function busyYears(): string {
  const lines: string[] = [];
  for (const year of BUSY_YEARS) {
    for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day = new Date(day.getTime() + 86_400_000)) {
      lines.push(
        exportLine({
          'Submission ID': `S8${String(lines.length).padStart(8, '0')}`,
          'Common Name': 'Mallard',
          'Scientific Name': 'Anas platyrhynchos',
          'Taxonomic Order': '475',
          Count: '3',
          'State/Province': 'US-NC',
          Date: day.toISOString().slice(0, 10),
          Time: '07:00 AM',
          'Duration (Min)': '45',
        }),
      );
    }
  }
  return lines.join('');
}

/** Every pre-rendered page of dist/ (relative path → modification time). */
async function pageTimes(dist: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const file of await fg('**/index.html', { cwd: dist })) times.set(file, (await fs.stat(path.join(dist, file))).mtimeMs);
  return times;
}
