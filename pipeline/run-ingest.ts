import { availableParallelism } from 'node:os';
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { emptyCache, loadCache, outputPathsOf, publicMatchesCache, saveCache, writePublicMarker, type Cache } from './cache.ts';
import { endExiftool } from './exiftool.ts';
import * as lifeList from './life-list.ts';
import { lifeRecordsOf } from './outputs/life-records.ts';
import * as manifestSet from './manifest-set.ts';
import { siteDataFiles } from '../data/site-data-files.ts';
import * as siteDataSet from './site-data-set.ts';
import { fatal, type SummaryCounts } from './messages.ts';
import * as outputDir from './output-dir.ts';
import { LIFE_LIST_DIR, type PlanSettings } from './plan.ts';
import * as photoList from './photo-list.ts';
import * as photoRecords from './photo-records.ts';
import { FatalProblem, Problems } from './problems.ts';
import type { ProgressSink } from './progress.ts';
import * as settingsStage from './settings.ts';

export interface IngestOptions {
  photosDir: string;
  outDir: string;
  concurrency?: number;
  force?: boolean;
  /** Decompression-bomb guard, in pixels. */
  maxPixels?: number;
  progress: ProgressSink;
}

export interface IngestResult {
  counts: SummaryCounts;
  seconds: number;
  problems: Problems;
  publicDir: string;
  photos: number;
  /** The per-page data files this run wrote and removed (site-relative). */
  siteData: siteDataSet.SiteDataWrite;
  /** The eBird export used, if any: its file and counts, for the summary. */
  lifeList?: { source: string; observed: number; photographed: number };
}

export const DEFAULT_MAX_MEGAPIXELS = 200;

export function defaultConcurrency(): number {
  return availableParallelism();
}

/** The ingest: each stage in order. Throws FatalProblem for what stops the whole run. */
export async function runIngest(options: IngestOptions): Promise<IngestResult> {
  const started = performance.now();
  const problems = new Problems();
  const photosDir = path.resolve(options.photosDir);
  const lifeListDir = path.join(photosDir, LIFE_LIST_DIR);
  const dirs = outputDir.outputDirs(path.resolve(options.outDir));

  const { site, credits } = await settingsStage.run(photosDir, problems);
  if (!(await isDirectory(lifeListDir))) throw new FatalProblem(fatal.lifeListMissing(lifeListDir));
  await outputDir.run(dirs);
  const settings: PlanSettings = { renditions: site.renditions, privacy: site.privacy };

  const list = await photoList.run({ lifeListDir, outDir: dirs.outDir, settings, problems });

  const loaded: Cache = await loadCache(dirs.cacheDir, problems);
  const outputsTrusted = await publicMatchesCache(dirs.publicDir, loaded);
  const outcomes = await photoRecords.run({
    photos: list.photos,
    cache: loaded,
    outputsTrusted,
    settings,
    publicDir: dirs.publicDir,
    concurrency: options.concurrency ?? defaultConcurrency(),
    force: options.force ?? false,
    maxPixels: (options.maxPixels ?? DEFAULT_MAX_MEGAPIXELS * 1e6),
    now: new Date().toISOString(),
    problems,
    progress: options.progress,
  }).finally(endExiftool);

  const published = outcomes.filter((o) => o.status !== 'failed').map((o) => ({ plan: o.photo.plan, record: o.record }));
  const life = await lifeRecordsOf(photosDir, published, site, problems);
  const manifests = lifeList.run({ photos: published, folders: list.folders, site, credits, life, problems });

  const next: Cache = { ...emptyCache(), marker: loaded.marker };
  for (const outcome of outcomes) next.photos[outcome.photo.plan.relativePath] = outcome.record;
  // The marker is written before the manifests that rely on it, so a crash in between costs a rebuild, never a stale trust.
  await writePublicMarker(dirs.publicDir, next);
  await manifestSet.run(manifests, dirs.publicDir, dirs.cacheDir);
  const siteData = await siteDataSet.run(siteDataFiles(manifests, life), dirs.publicDir, dirs.cacheDir, outputsTrusted);
  await siteDataSet.saveLifeLinks(dirs.cacheDir, life);

  // Only now that the new manifests are committed may the files they no longer list go.
  const keep = new Set(Object.values(next.photos).flatMap((r) => outputPathsOf(r)));
  const stale = new Set<string>();
  for (const record of Object.values(loaded.photos)) for (const p of outputPathsOf(record)) if (!keep.has(p)) stale.add(p);
  // Without a trusted cache, renditions of photos deleted meanwhile are found on disk instead.
  if (!outputsTrusted) for (const p of await outputDir.renditionFiles(dirs.publicDir)) if (!keep.has(p)) stale.add(p);
  await outputDir.removePublished(dirs.publicDir, stale);
  await saveCache(dirs.cacheDir, next);

  const removed = Object.keys(loaded.photos).filter((p) => !(p in next.photos)).filter((p) => !loaded.photos[p]?.failure).length;
  const count = (status: photoRecords.PhotoStatus) => outcomes.filter((o) => o.status === status).length;
  return {
    counts: { new: count('new'), updated: count('updated'), unchanged: count('unchanged'), removed, failed: count('failed') },
    seconds: (performance.now() - started) / 1000,
    problems,
    publicDir: dirs.publicDir,
    photos: published.length,
    siteData,
    ...(life ? { lifeList: { source: life.source, observed: life.records.observedCount, photographed: life.photographed } } : {}),
  };
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
