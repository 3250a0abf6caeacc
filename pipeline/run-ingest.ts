import { availableParallelism } from 'node:os';
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { emptyCache, inCacheOrder, loadCache, outputPathsOf, publicMatchesCache, saveCache, writePublicMarker, type Cache } from './photos/cache.ts';
import { endExiftool } from './photos/exiftool-process.ts';
import { readOptionsOf, type ExiftoolReading } from './photos/exiftool.ts';
import * as manifestsStage from './derive/manifests.ts';
import { lifeListOf } from './derive/life-list.ts';
import { localNamesOf, reportMissingLocalNames, withLocalRecordNames, type LocalNames } from './derive/local-names.ts';
import { outingSettingsOf, reportTrips } from './derive/outing-settings.ts';
import * as manifestSet from './commit/manifest-set.ts';
import { MANIFEST_FILES, type Credit } from '../data/manifest-schemas.ts';
import { birdNamesLanguageOf, type SiteConfig } from '../data/site-config.ts';
import { unlessMissing } from '../node-lib/files.ts';
import { siteDataWithTrips } from '../data/site-data-derivation.ts';
import { calendarSpan, derivationKey, derivedFilesIntact, ebirdStamp, holdsOn, loadDerivedState, newPublicationStamp, placementStamp, saveDerivedState, sizesOf, type DerivedState } from './derive/derived-state.ts';
import type { PublishedPhoto } from './derive/manifests/published-photo.ts';
import type { LifeRecord } from '../data/life-records.ts';
import * as siteDataSet from './commit/site-data-set.ts';
import { mediaKindOf } from '../data/media-layout.ts';
import { MEDIA_INDEX_FILE } from '../data/manifest-layout.ts';
import { emptyMediaCache, loadMediaCache, mediaOutputPathsOf, mediaRecordSchema, saveMediaCache, type MediaCache } from './media/media-cache.ts';
import * as mediaRecords from './media/media-records.ts';
import { probesAhead, type MediaProbes } from './media/probes.ts';
import { mediaIndexOf, type PublishedMedia } from './derive/manifests/media-index.ts';
import { fatal, problem, type LeftOutCounts, type SummaryCounts } from './report/messages.ts';
import * as outputDir from './setup/output-dir.ts';
import { LIFE_LIST_DIR, type PlanSettings } from './scan/plan.ts';
import * as photoList from './scan/photo-list.ts';
import * as photoFacts from './place/photo-facts.ts';
import { place, taxonomyNeeded, type Placement } from './place/placement.ts';
import type { FileIdentity } from './plumbing/file-identity.ts';
import type { IngestTaxonomy } from './taxonomy/for-ingest.ts';
import { TAXONOMY_DIR, taxonomyStamp } from './taxonomy/library-file.ts';
import type { LoadedTaxonomy } from './taxonomy/taxonomy.ts';
import type { TaxonName } from './derive/manifests/photo-index.ts';
import { speciesOnDays } from './derive/ebird/day-species.ts';
import * as photoRecords from './photos/photo-records.ts';
import { FatalProblem, Problems } from './plumbing/problems.ts';
import { localToday } from './plumbing/local-day.ts';
import type { ProgressSink } from './report/progress.ts';
import * as settingsStage from './setup/settings.ts';

export interface IngestOptions {
  photosDir: string;
  outDir: string;
  concurrency?: number;
  force?: boolean;
  /** Decompression-bomb guard, in pixels. */
  maxPixels?: number;
  /** Publish an eBird export with far fewer rows than the last one (the owner says it is right). */
  acceptEbirdExport?: boolean;
  progress: ProgressSink;
  /** A line for the person running it, beside the progress (the taxonomy's first fetch). */
  note?: (line: string) => void;
}

export interface IngestResult {
  counts: SummaryCounts;
  seconds: number;
  problems: Problems;
  publicDir: string;
  photos: number;
  /** Recordings and clips published (new, updated or unchanged); the counts above include them. */
  media: number;
  /** The per-page data files this run wrote and removed (site-relative). */
  siteData: siteDataSet.SiteDataWrite;
  /** Photos left out as the owner rated them (rejected, below publishing.minRating). */
  leftOut: LeftOutCounts;
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
  // A library may be an inbox of keyworded exports alone; with neither folder there is nothing to publish.
  if (!(await isDirectory(lifeListDir)) && !(await isDirectory(path.join(photosDir, photoList.INBOX_DIR)))) throw new FatalProblem(fatal.lifeListMissing(lifeListDir));
  const output = await outputDir.run(dirs, lifeListDir, problems);
  const settings: PlanSettings = { renditions: site.renditions, privacy: site.privacy };

  const loaded: Cache = await loadCache(dirs.cacheDir, problems);
  const loadedMedia: MediaCache = await loadMediaCache(dirs.cacheDir, problems);
  const outputsTrusted = output.manifestsIntact && (await publicMatchesCache(dirs.publicDir, loaded));
  const { list, outcomes, mediaOutcomes } = await processedPhotos(options, { photosDir, dirs, site, settings, loaded, loadedMedia, outputsTrusted, problems });
  const nextMedia: MediaCache = emptyMediaCache();
  // A file kept back for want of ffmpeg is not recorded: the next run with ffmpeg makes it.
  for (const outcome of mediaOutcomes) if (outcome.status !== 'skipped') nextMedia.media[outcome.file.plan.relativePath] = mediaRecordSchema.parse(outcome.record);
  const publishedMedia: PublishedMedia[] = mediaOutcomes
    .filter((o) => o.status !== 'failed' && o.status !== 'skipped')
    .map((o) => ({ plan: o.file.plan, record: o.record, source: o.file.source, facts: o.file.facts }));

  const next: Cache = { ...emptyCache(), marker: loaded.marker };
  // An unchanged photo's record is the one read from the cache, already in its order.
  for (const outcome of outcomes) next.photos[outcome.photo.plan.relativePath] = outcome.status === 'unchanged' ? outcome.record : inCacheOrder(outcome.record);
  const published = outcomes.filter((o) => o.status !== 'failed').map((o) => ({ plan: o.photo.plan, record: o.record, source: o.photo.source, facts: o.photo.facts }));
  const key = derivationKey({
    site,
    credits,
    folders: list.folders,
    // The recordings and clips beside the photos, under keys no photo path can have.
    photos: { ...next.photos, ...Object.fromEntries(Object.entries(nextMedia.media).map(([p, r]) => [`\0media:${p}`, r])) },
    marker: next.marker,
    ebird: `${await ebirdStamp(photosDir)}${options.acceptEbirdExport ? ':accepted' : ''}`,
    placement: `${placementStamp([...published, ...publishedMedia])}\0${await taxonomyStamp(photosDir)}`,
  });
  const previous = options.force || !outputsTrusted ? undefined : await loadDerivedState(dirs.cacheDir);
  const today = localToday();
  let derived: DerivedState;
  let siteData: siteDataSet.SiteDataWrite = { written: [], removed: [] };
  if (previous?.key === key && holdsOn(previous, today) && derivedFilesIntact(dirs.publicDir, previous)) {
    // Nothing the derived outputs are made of changed since they were written, nor did a dated photo's or checklist's day come: they stand.
    derived = previous;
  } else {
    ({ derived, siteData } = await derive({ key, today, photosDir, published, media: publishedMedia, folders: list.folders, site, credits, next, loaded, nextMedia, loadedMedia, outputsTrusted, dirs, acceptEbirdExport: options.acceptEbirdExport ?? false, taxonomy: list.taxonomy }));
  }
  for (const item of derived.problems) problems.add(item);

  const removed =
    Object.keys(loaded.photos).filter((p) => !(p in next.photos)).filter((p) => !loaded.photos[p]?.failure).length +
    Object.keys(loadedMedia.media).filter((p) => !(p in nextMedia.media) && !mediaOutcomes.some((o) => o.file.plan.relativePath === p)).filter((p) => !loadedMedia.media[p]?.failure).length;
  // The summary counts recordings and clips with the photos: each is a file the owner gave.
  const count = (status: photoRecords.PhotoStatus) => outcomes.filter((o) => o.status === status).length + mediaOutcomes.filter((o) => o.status === status).length;
  return {
    counts: { new: count('new'), updated: count('updated'), unchanged: count('unchanged'), removed, failed: count('failed') },
    seconds: (performance.now() - started) / 1000,
    problems,
    publicDir: dirs.publicDir,
    photos: outcomes.filter((o) => o.status !== 'failed').length,
    media: publishedMedia.length,
    leftOut: { ...list.leftOut, minRating: site.publishing.minRating ?? 0 },
    siteData,
    ...(derived.lifeList ? { lifeList: derived.lifeList } : {}),
  };
}

interface PhotosInput {
  photosDir: string;
  dirs: outputDir.OutputDirs;
  site: SiteConfig;
  settings: PlanSettings;
  loaded: Cache;
  loadedMedia: MediaCache;
  outputsTrusted: boolean;
  problems: Problems;
}

/**
 * Every photo placed on the Life List, then its renditions and record, then the recordings' and
 * clips'. ExifTool serves the placement and the photos: it ends as the media stage starts, which
 * reads nothing more, so its shutdown runs beside ffmpeg rather than after it.
 */
async function processedPhotos(options: IngestOptions, { photosDir, dirs, site, settings, loaded, loadedMedia, outputsTrusted, problems }: PhotosInput) {
  let exiftoolEnded: Promise<void> | undefined;
  try {
    const placed = await placedPhotos(photosDir, dirs.cacheDir, site, settings, problems, options.note ?? (() => {}), (found) => probesAhead(found, loadedMedia, options.concurrency ?? defaultConcurrency()));
    // Recordings and clips are found, read and placed as photos are; then each goes to its own stage.
    const media = placed.photos.filter((p) => mediaKindOf(p.plan.originalName) !== undefined);
    const list = { ...placed, photos: placed.photos.filter((p) => mediaKindOf(p.plan.originalName) === undefined) };
    const outcomes = await photoRecords.run({
      photos: list.photos,
      identities: list.identities,
      readings: list.readings,
      cache: loaded,
      outputsTrusted,
      settings,
      publicDir: dirs.publicDir,
      concurrency: options.concurrency ?? defaultConcurrency(),
      force: options.force ?? false,
      maxPixels: options.maxPixels ?? DEFAULT_MAX_MEGAPIXELS * 1e6,
      now: new Date().toISOString(),
      problems,
      progress: options.progress,
    });
    exiftoolEnded = endExiftool();
    // Its failure is said when it is awaited, below.
    exiftoolEnded.catch(() => {});
    const mediaOutcomes = await mediaRecords.run({
      media,
      identities: list.identities,
      readings: list.readings,
      cache: loadedMedia,
      outputsTrusted,
      settings,
      publicDir: dirs.publicDir,
      concurrency: options.concurrency ?? defaultConcurrency(),
      force: options.force ?? false,
      now: new Date().toISOString(),
      problems,
      probes: placed.probes,
    });
    return { list, outcomes, mediaOutcomes };
  } finally {
    await (exiftoolEnded ?? endExiftool());
  }
}

interface DeriveInput {
  key: string;
  /** The ingest's day: a photo or checklist dated after it is on no outing yet. */
  today: string;
  photosDir: string;
  published: PublishedPhoto[];
  media: PublishedMedia[];
  folders: string[][];
  site: SiteConfig;
  credits: Map<string, Credit>;
  /** The cache of this run, and of the last one (whose outputs no longer listed are removed). */
  next: Cache;
  loaded: Cache;
  nextMedia: MediaCache;
  loadedMedia: MediaCache;
  outputsTrusted: boolean;
  dirs: outputDir.OutputDirs;
  acceptEbirdExport: boolean;
  /** The taxonomy placement loaded, if it needed one. */
  taxonomy: LoadedTaxonomy | undefined;
}

/**
 * The derived outputs from the photos' records: the life list, the manifests, the page data,
 * then the removal of what the new manifests no longer list, then the cache and the state
 * that lets the next run skip all this when nothing changed.
 */
async function derive({ key, today, photosDir, published, media, folders, site, credits, next, loaded, nextMedia, loadedMedia, outputsTrusted, dirs, acceptEbirdExport, taxonomy }: DeriveInput): Promise<{ derived: DerivedState; siteData: siteDataSet.SiteDataWrite }> {
  // First, so a build never trusts a public/ this run left half-written.
  await newPublicationStamp(dirs.cacheDir);
  // The derivation's own problems are kept with its state, to be reported again while it stands.
  const problems = new Problems();
  const names = taxonomy ?? usable(await (await import('./taxonomy/for-ingest.ts')).taxonomyIfPresent(photosDir), problems);
  const localNames = localNamesOf(names, birdNamesLanguageOf(site), problems);
  const taxonNames = taxonNamesOf([...published, ...media], names, localNames);
  const read = await lifeListOf({ photosDir, cacheDir: dirs.cacheDir, acceptSmallerExport: acceptEbirdExport, now: new Date().toISOString() }, published, site, problems, taxonNames);
  const life = read && withLocalRecordNames(read, localNames);
  reportMissingLocalNames(localNames, localNamesBySpecies(published, taxonNames, life?.records.species ?? []), problems);
  const mediaCounts = { recordings: media.filter((m) => m.record.kind === 'recording').length, clips: media.filter((m) => m.record.kind === 'clip').length };
  const mediaPaths = new Set(media.flatMap((m) => [m.plan.relativePath, m.source]));
  const manifests = manifestsStage.run({ photos: published, folders, site, credits, life, taxonNames, ...(names ? { taxonomy: names.credit } : {}), problems, mediaPaths, mediaCounts });
  const mediaIndex = mediaIndexOf(media, credits, taxonNames);

  // The marker is written before the manifests that rely on it, so a crash in between costs a rebuild, never a stale trust.
  await writePublicMarker(dirs.publicDir, next);
  await manifestSet.run(manifests, dirs.publicDir, dirs.cacheDir, mediaIndex);
  const outings = outingSettingsOf({ site, photos: published, life, today }, problems);
  const { files: pageData, trips } = siteDataWithTrips(manifests, life, outings, mediaIndex);
  reportTrips(trips, problems);
  const siteData = await siteDataSet.run(pageData, dirs.publicDir, dirs.cacheDir, outputsTrusted);
  await siteDataSet.saveLifeLinks(dirs.cacheDir, life);
  await siteDataSet.saveOutingSettings(dirs.cacheDir, outings);

  // Only now that the new manifests are committed may the files they no longer list go.
  const keep = new Set([...Object.values(next.photos).flatMap((r) => outputPathsOf(r)), ...Object.values(nextMedia.media).flatMap((r) => mediaOutputPathsOf(r))]);
  const stale = new Set<string>();
  for (const record of Object.values(loaded.photos)) for (const p of outputPathsOf(record)) if (!keep.has(p)) stale.add(p);
  for (const record of Object.values(loadedMedia.media)) for (const p of mediaOutputPathsOf(record)) if (!keep.has(p)) stale.add(p);
  // Without a trusted cache, renditions of photos deleted meanwhile are found on disk instead.
  if (!outputsTrusted) for (const p of await outputDir.renditionFiles(dirs.publicDir)) if (!keep.has(p)) stale.add(p);
  await outputDir.removePublished(dirs.publicDir, stale);
  await saveCache(dirs.cacheDir, next);
  await saveMediaCache(dirs.cacheDir, nextMedia);

  const derived: DerivedState = {
    key,
    problems: [...problems.all],
    files: sizesOf(dirs.publicDir, [...Object.values(MANIFEST_FILES), MEDIA_INDEX_FILE, ...pageData.keys()]),
    days: calendarSpan([...published.flatMap((p) => p.record.takenOn ?? []), ...media.flatMap((m) => m.record.takenOn ?? []), ...(life?.records.days ?? []).map((d) => d.date)], today),
    ...(life ? { lifeList: { source: life.source, observed: life.records.observedCount, photographed: life.photographed } } : {}),
  };
  await saveDerivedState(dirs.cacheDir, derived);
  return { derived, siteData };
}

/**
 * The scan, the keywords and ratings of every photo, then each photo's place on the Life List.
 * The taxonomy is loaded (or fetched, the first time) only when something is placed by it or named after it.
 * `probeMedia` is given the recordings and clips as soon as the scan has found them, so ffmpeg reads them while ExifTool does.
 */
async function placedPhotos(
  photosDir: string,
  cacheDir: string,
  site: SiteConfig,
  settings: PlanSettings,
  problems: Problems,
  note: (line: string) => void,
  probeMedia: (absolutePaths: string[]) => MediaProbes,
): Promise<Placement & { taxonomy: LoadedTaxonomy | undefined; identities: Map<string, FileIdentity | Error>; readings: Map<string, ExiftoolReading>; probes: MediaProbes }> {
  const found = await photoList.run({ photosDir, problems });
  const files = [...found.lifeListFiles.map((f) => `${LIFE_LIST_DIR}/${f}`), ...found.inboxFiles.map((f) => `${photoList.INBOX_DIR}/${f}`)];
  const probes = probeMedia(files.filter((f) => mediaKindOf(f) !== undefined).map((f) => path.join(photosDir, ...f.split('/'))));
  const requests = files.map((photo) => ({ photo, sidecar: found.sidecars.get(photo) }));
  const { facts, identities, readings } = await photoFacts.readFacts(requests, photosDir, cacheDir, problems, readOptionsOf(site.privacy));
  // Loaded on first use: a library of the owner's own folders never pays for it.
  const had = taxonomyNeeded(found.lifeListFiles, found.inboxFiles, site.names) ? await (await import('./taxonomy/for-ingest.ts')).taxonomyForPlacement(photosDir, cacheDir, localToday(), note) : undefined;
  const taxonomy = had && 'taxonomy' in had ? had.taxonomy : undefined;
  const placement = place({
    lifeListFiles: found.lifeListFiles,
    lifeListDirs: found.lifeListDirs,
    inboxFiles: found.inboxFiles,
    facts,
    taxonomy,
    // A language keeps the owner's names, and adds the taxonomy's in that language beside them.
    names: site.names === 'taxonomy' ? 'taxonomy' : 'folders',
    minRating: site.publishing.minRating ?? 0,
    photosDir,
    settings,
    problems,
  });
  // Reported once for the library, never kept with a photo: the next ingest tries again.
  if (had && 'unavailable' in had) {
    if (placement.waiting > 0) problems.error(photoList.INBOX_DIR, problem.taxonomyWaiting(placement.waiting, had.unavailable));
    else problems.warning(LIFE_LIST_DIR, problem.taxonomyUnavailable(had.unavailable));
  } else if (had?.lastUsed) problems.warning(TAXONOMY_DIR, problem.taxonomyLastUsed(had.lastUsed.why, had.taxonomy.source));
  const days = new Set(placement.unplaced.flatMap((p) => (p.takenOn ? [p.takenOn] : [])));
  const candidates = await speciesOnDays(photosDir, days);
  for (const photo of placement.unplaced) {
    problems.error(photo.path, photo.ambiguous ? problem.keywordAmbiguous(photo.ambiguous.name, photo.ambiguous.candidates) : problem.noSpecies(photo.keywords, (photo.takenOn && candidates.get(photo.takenOn)) || []));
  }
  return { ...placement, taxonomy, identities, readings, probes };
}

/** The taxonomy of a library placement did not need it for, where it has one; a damaged one is reported. */
function usable(had: IngestTaxonomy | undefined, problems: Problems): LoadedTaxonomy | undefined {
  if (had && 'unavailable' in had) problems.warning(LIFE_LIST_DIR, problem.taxonomyUnavailable(had.unavailable));
  return had && 'taxonomy' in had ? had.taxonomy : undefined;
}

/** Each published species' scientific name and field-guide sequence (and local name), where the taxonomy knows its name. */
function taxonNamesOf(photos: ReadonlyArray<{ plan: { species: string } }>, taxonomy: LoadedTaxonomy | undefined, localNames: LocalNames | undefined): Map<string, TaxonName> {
  const names = new Map<string, TaxonName>();
  if (!taxonomy) return names;
  for (const species of new Set(photos.map((p) => p.plan.species))) {
    const match = taxonomy.match(species);
    const localName = localNames?.of(species);
    if (match) names.set(species, { scientificName: match.species.scientificName, sequence: match.species.sequence, ...(localName ? { localName } : {}) });
  }
  return names;
}

/** Every species of the site, photographed or in the export, once (by scientific name where known) → whether it has a local name. */
function localNamesBySpecies(photos: readonly PublishedPhoto[], taxonNames: ReadonlyMap<string, TaxonName>, records: readonly LifeRecord[]): Map<string, boolean> {
  const named = new Map<string, boolean>();
  for (const species of new Set(photos.map((p) => p.plan.species))) {
    const taxon = taxonNames.get(species);
    named.set(taxon?.scientificName ?? species, taxon?.localName !== undefined);
  }
  for (const record of records) named.set(record.scientificName, record.localName !== undefined || named.get(record.scientificName) === true);
  return named;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await unlessMissing(stat(dir)))?.isDirectory() ?? false;
}
