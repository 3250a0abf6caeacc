import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  childFolders,
  infoSchema,
  isPhotoWall,
  lifeListStructureSchema,
  MANIFEST_FILES,
  photoIndexSchema,
  type Info,
  type LifeListFolder,
  type PhotoIndex,
} from '../../data/manifest-schemas.ts';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { INFO_ROUTE, LISTS_ROUTE, OUTINGS_ROUTE, lifeListRoute, outingRoute, outingsYearRoute, photoAppRoute, photoShareRoute, speciesRoute } from '../../data/paths.ts';
import { MEDIA_INDEX_FILE } from '../../data/manifest-layout.ts';
import { mediaIndexSchema } from '../../data/media-schemas.ts';
import { SITE_DATA_DIR, siteDataPaths } from '../../data/site-data-paths.ts';
import { readSite } from '../../harness/sample-site.ts';
import type { Log } from './context.ts';
import { REPO } from './ingest.ts';

const DIST = path.join(REPO, 'dist');

export interface BuiltSite {
  dist: string;
  info: Info;
  index: PhotoIndex;
  /** Routes relative to the site's base path, derived from the manifests (never from sample names). */
  routes: { home: string; lifeList: string; leaf: string; species: string; recording?: string; photoLink: string; sharePage: string; info: string; lists?: string; outings?: string; outingsYear?: string; outing?: string; trip?: string };
}

let siteDir: Promise<string> | undefined;

/**
 * The built site this run measures, in a private folder: other processes (E2E runs,
 * builds) may rebuild dist/ meanwhile, and a page must not change under Lighthouse.
 * With `site`, a copy of that built site; with `build`, `npm run build -- --out <folder>`
 * (ingest of photos/, bundles, pre-render); without, a copy of the existing dist/. Built once per run,
 * in the run's temporary folder, removed as the bench exits (lib/interrupt.ts).
 */
export function ensureBuilt(options: { build: boolean; site?: string | undefined }, log: Log): Promise<string> {
  siteDir ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-site-'));
    const source = options.site ?? (options.build ? undefined : DIST);
    if (source && existsSync(path.join(source, 'index.html'))) {
      log(`pages: using a copy of ${source}`);
      await fs.cp(source, dir, { recursive: true });
      if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${source} changed while it was copied; run again`);
      return dir;
    }
    if (options.site) throw new Error(`--site ${options.site}: no index.html there`);
    log('pages: npm run build…');
    await new Promise<void>((resolve, reject) => {
      // What is deployed: a production bundle, even when the benchmark runs under a test runner (NODE_ENV=test).
      const child = spawn('npm', ['run', 'build', '--', '--out', dir, '--quiet'], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('close', (status) => (status === 0 ? resolve() : reject(new Error(`npm run build failed (${status}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`))));
    });
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`npm run build -- --out ${dir} wrote no index.html`);
    return dir;
  })();
  return siteDir;
}

export async function loadBuiltSite(): Promise<BuiltSite> {
  if (!siteDir) throw new Error('ensureBuilt() first');
  const dist = await siteDir;
  const readManifest = async <T>(name: keyof typeof MANIFEST_FILES, parse: (raw: unknown) => T): Promise<T> =>
    parse(JSON.parse(await fs.readFile(path.join(dist, MANIFEST_FILES[name]), 'utf8')));
  const info = await readManifest('info', (raw) => infoSchema.parse(raw));
  const index = await readManifest('photoIndex', (raw) => photoIndexSchema.parse(raw));
  const structure = await readManifest('lifeListStructure', (raw) => lifeListStructureSchema.parse(raw));
  const leaf = firstPhotoWall(structure, []);
  if (!leaf) throw new Error('the Life List of the built site has no photo wall');
  // The largest species page (most photos), as the E2E tests find it: the heaviest wall a visitor opens.
  const [species] = readSite(dist).speciesWithMostPhotos;
  // A shared photo: the first of that species (its page has neighbours for the lightbox to preload).
  const photo = Object.values(index.photos).filter((p) => p.species === species).sort((a, b) => a.number - b.number)[0];
  if (!photo) throw new Error(`the built site has no photo of ${species}`);
  const busiest = await busiestOutingDay(dist);
  const trip = await largestTrip(dist);
  const largestYear = await largestOutingsYear(dist);
  const recorded = await mostRecordedSpecies(dist);
  return {
    dist,
    info,
    index,
    routes: {
      home: '/',
      lifeList: lifeListRoute([]),
      leaf: lifeListRoute(leaf),
      species: speciesRoute(species),
      // A species page with a recording's player under its wall, where the site has recordings.
      ...(recorded !== undefined && { recording: speciesRoute(recorded) }),
      photoLink: photoAppRoute(species, photo.id),
      sharePage: photoShareRoute(photo.id),
      info: INFO_ROUTE,
      // The lists and their map exist only for a site built with an eBird export.
      ...(info.stats.lifeList !== undefined && { lists: LISTS_ROUTE }),
      // The Outings page exists on every site; an outing day only once a photo or checklist is dated.
      ...(existsSync(path.join(dist, siteDataPaths.outings)) && { outings: OUTINGS_ROUTE }),
      ...(busiest !== undefined && { outing: outingRoute(busiest) }),
      // A trip's page exists only for an eBird export whose checklists name one.
      ...(trip !== undefined && { trip: outingRoute(trip) }),
      // A year of its own only past the Outings page's limit (a site with hundreds of outings).
      ...(largestYear !== undefined && { outingsYear: outingsYearRoute(largestYear) }),
    },
  };
}

/**
 * The outing day with the most species (the longest page of photo walls), from the built
 * site's own outing files; on a tie, the earliest day. Trips are left out: their pages link
 * their days, the days carry the walls.
 */
async function busiestOutingDay(dist: string): Promise<string | undefined> {
  const folder = path.join(dist, SITE_DATA_DIR, 'outings');
  const days = existsSync(folder) ? (await fs.readdir(folder)).filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name)).sort() : [];
  let best: { key: string; species: number } | undefined;
  for (const name of days) {
    const outing = outingDataSchema.parse(JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')));
    if (!best || outing.species.length > best.species) best = { key: outing.key, species: outing.species.length };
  }
  return best?.key;
}

/** The trip with the most days, from the built site's outing files (a day's file is named by its date); on a tie, the first by name. */
async function largestTrip(dist: string): Promise<string | undefined> {
  const folder = path.join(dist, SITE_DATA_DIR, 'outings');
  const names = existsSync(folder) ? (await fs.readdir(folder)).filter((name) => name.endsWith('.json') && !/^\d{4}-\d{2}-\d{2}\.json$/.test(name)).sort() : [];
  let best: { key: string; days: number } | undefined;
  for (const name of names) {
    const outing = outingDataSchema.parse(JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')));
    if (outing.kind !== 'trip') continue;
    const days = outing.days?.length ?? 0;
    if (!best || days > best.days) best = { key: outing.key, days };
  }
  return best?.key;
}

/** The species with the most recordings (its page has the most players); on a tie, the first by name. */
async function mostRecordedSpecies(dist: string): Promise<string | undefined> {
  const file = path.join(dist, MEDIA_INDEX_FILE);
  if (!existsSync(file)) return undefined;
  const counts = new Map<string, number>();
  for (const entry of Object.values(mediaIndexSchema.parse(JSON.parse(await fs.readFile(file, 'utf8'))).media)) {
    if (entry.kind === 'recording') counts.set(entry.species, (counts.get(entry.species) ?? 0) + 1);
  }
  return [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]?.[0];
}

/** The year with the most outings among those the Outings page gives a page of their own; undefined when it gives none. */
async function largestOutingsYear(dist: string): Promise<number | undefined> {
  const file = path.join(dist, siteDataPaths.outings);
  if (!existsSync(file)) return undefined;
  const split = outingsDataSchema.parse(JSON.parse(await fs.readFile(file, 'utf8'))).years.filter((y) => y.outings === undefined);
  return split.sort((a, b) => b.count - a.count || b.year - a.year)[0]?.year;
}

/** Depth-first, alphabetical: the first level that shows a wall of thumbnails. */
function firstPhotoWall(folder: LifeListFolder, at: string[]): string[] | undefined {
  if (at.length > 0 && isPhotoWall(folder) && folder.file_count > 0) return at;
  for (const [name, child] of childFolders(folder)) {
    if (child.file_count === 0) continue;
    const found = firstPhotoWall(child, [...at, name]);
    if (found) return found;
  }
  return undefined;
}

/** Absolute URL of a route on the served site, under the site's base path. */
export function pageUrl(origin: string, site: BuiltSite, route: string): string {
  const base = site.info.publishing.basePath.replace(/\/$/, '');
  return `${origin}${base}${route}`;
}
