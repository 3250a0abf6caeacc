
import { checkExiftool, ExiftoolUnavailable } from './exiftool-process.ts';
import type { ExiftoolReading } from './exiftool.ts';
import { metadataKeyOf, OUTPUT_CODE_METADATA } from '../scan/plan.ts';
import type { Cache, PhotoRecord } from './cache.ts';
import { fingerprintOf } from './cache.ts';
import { problem } from '../report/messages.ts';
import { OUTPUT_KINDS, outputKeys, type OutputKind, type PlanSettings } from '../scan/plan.ts';
import type { ScannedPhoto } from '../scan/photo-list.ts';
import { forEachLimited } from '../plumbing/pool.ts';
import { identitiesOf, type FileIdentity } from '../plumbing/file-identity.ts';
import type { ProgressSink } from '../report/progress.ts';
import { messageOf } from '../../data/error-text.ts';
import { PhotoProblem, type Problems } from '../plumbing/problems.ts';

export type PhotoStatus = 'new' | 'updated' | 'unchanged' | 'failed';



export interface PhotoOutcome {
  photo: ScannedPhoto;
  status: PhotoStatus;
  /** The record to keep in the cache (also kept for failures, so they are not re-decoded). */
  record: PhotoRecord;
}

export interface RecordsOptions {
  photos: readonly ScannedPhoto[];
  /** The photos' identities by source path, where an earlier stage has them (one stat per photo per run). */
  identities?: ReadonlyMap<string, FileIdentity | Error>;
  /** This run's ExifTool readings by source path (new or changed photos, read by the placement): taken once each, then let go. */
  readings?: Map<string, ExiftoolReading>;
  cache: Cache;
  /** False when public/ no longer holds what the cache describes: every output is remade. */
  outputsTrusted: boolean;
  settings: PlanSettings;
  publicDir: string;
  concurrency: number;
  force: boolean;
  maxPixels: number;
  now: string;
  problems: Problems;
  progress: ProgressSink;
}

/** What the photos of one run share: whether ExifTool runs again for photos exifr read before, and why it could not. */
interface RunContext {
  exiftoolBack: boolean;
  exiftoolProblems: Set<string>;
  /** Photos exifr read this run because ExifTool failed on them alone: each has its own warning, not the machine's. */
  exiftoolFailedOn: Set<ScannedPhoto>;
}

/** Stage: the photo list + the cache → one up-to-date record per photo, making only what is missing or stale. */
export async function run(options: RecordsOptions): Promise<PhotoOutcome[]> {
  const outcomes: PhotoOutcome[] = new Array(options.photos.length);
  const keys = outputKeys(options.settings);
  // Every photo's stat first (the placement stage's, where it made them), many at once.
  const known = options.identities ?? new Map<string, FileIdentity | Error>();
  const missing = await identitiesOf(options.photos.filter((p) => !known.has(p.source)).map((p) => ({ key: p.source, path: p.absolutePath })));
  const identities = options.photos.map((photo) => known.get(photo.source) ?? missing.get(photo.source)!);
  // Photos exifr read while ExifTool could not run are read again as soon as it can (a check costs one Perl start).
  const context: RunContext = { exiftoolBack: false, exiftoolProblems: new Set(), exiftoolFailedOn: new Set() };
  if (Object.values(options.cache.photos).some((r) => r.metadataReadBy === 'exifr')) {
    context.exiftoolBack = await checkExiftool().then(
      () => true,
      (error: unknown) => {
        context.exiftoolProblems.add(error instanceof ExiftoolUnavailable ? error.message : messageOf(error));
        return false;
      },
    );
  }
  options.progress.start(options.photos.length);
  await forEachLimited(options.photos, options.concurrency, async (photo, index) => {
    outcomes[index] = await recordOf(photo, identities[index]!, keys, options, context);
    options.progress.tick();
  });
  options.progress.finish();
  // A failure of the machine is said once, with the fix, not once per photo.
  const readByExifr = outcomes.filter((o) => o.status !== 'failed' && o.record.metadataReadBy === 'exifr' && !context.exiftoolFailedOn.has(o.photo)).length;
  if (readByExifr > 0) options.problems.warning('ExifTool', problem.exiftoolUnavailable([...context.exiftoolProblems].join('; '), readByExifr));
  return outcomes;
}

async function recordOf(photo: ScannedPhoto, identity: FileIdentity | Error, keys: Record<OutputKind, string>, options: RecordsOptions, context: RunContext): Promise<PhotoOutcome> {
  const where = photo.source;
  const cached = options.cache.photos[photo.plan.relativePath];
  const { problems } = options;
  const known = await knownRecord(photo, identity, options);
  if ('status' in known) return known;
  const { base, sameFile } = known;

  if (sameFile && cached?.failure && cached.failedUnder === failureConditions(options) && !options.force) {
    problems.error(where, cached.failure);
    return { photo, status: 'failed', record: base };
  }
  if (base.size === 0) {
    problems.error(where, problem.emptyFile());
    return failed(photo, base, problem.emptyFile(), options);
  }
  const { needs, needsMetadata } = workFor(base, sameFile, keys, options, context);
  if (needs.size === 0 && !needsMetadata) {
    if (base.warning) problems.warning(where, base.warning);
    return { photo, status: 'unchanged', record: base };
  }
  try {
    const record = await processed(photo, base, needs, keys, options, context);
    if (record.warning) problems.warning(where, record.warning);
    return { photo, status: cached === undefined ? 'new' : 'updated', record };
  } catch (error) {
    const reason = error instanceof PhotoProblem ? error.message : problem.notAnImage(messageOf(error));
    problems.error(where, reason);
    return failed(photo, base, reason, options);
  }
}

/**
 * The photo's record as far as its file tells: the cached one when the file is the same (by size
 * and time, else by fingerprint), a new one otherwise; a failed outcome when the file cannot be read.
 */
async function knownRecord(photo: ScannedPhoto, identity: FileIdentity | Error, options: RecordsOptions): Promise<{ base: PhotoRecord; sameFile: boolean } | PhotoOutcome> {
  const cached = options.cache.photos[photo.plan.relativePath];
  if (identity instanceof Error) {
    options.problems.error(photo.source, problem.readFailed(messageOf(identity)));
    return failed(photo, { size: 0, mtimeMs: 0, fingerprint: '', addedAt: cached?.addedAt ?? options.now, outputs: {} }, problem.readFailed(messageOf(identity)), options);
  }
  const { size, mtimeMs } = identity;

  let sameFile = cached !== undefined && cached.size === size && cached.mtimeMs === mtimeMs;
  let fingerprint = cached?.fingerprint ?? '';
  if (!sameFile && size > 0) {
    try {
      fingerprint = await fingerprintOf(photo.absolutePath, size);
    } catch (error) {
      options.problems.error(photo.source, problem.readFailed(messageOf(error)));
      return failed(photo, { size, mtimeMs, fingerprint: '', addedAt: cached?.addedAt ?? options.now, outputs: {} }, problem.readFailed(messageOf(error)), options);
    }
    // Touched but not edited (copied back from a backup, say): nothing to redo.
    sameFile = cached !== undefined && cached.size === size && cached.fingerprint === fingerprint;
  }

  const base: PhotoRecord = {
    ...(sameFile && cached ? cached : { outputs: {} }),
    size,
    mtimeMs,
    fingerprint,
    addedAt: cached?.addedAt ?? options.now,
  };
  if (!sameFile) {
    delete base.failure;
    delete base.failedUnder;
    delete base.warning;
  }
  return { base, sameFile };
}

/** The outputs to make again, and whether the photo's metadata is read again. */
function workFor(base: PhotoRecord, sameFile: boolean, keys: Record<OutputKind, string>, options: RecordsOptions, context: RunContext): { needs: Set<OutputKind>; needsMetadata: boolean } {
  const outputsTrusted = options.outputsTrusted && !options.force;
  const needs = new Set<OutputKind>(OUTPUT_KINDS.filter((kind) => !outputsTrusted || !sameFile || base.outputs[kind]?.key !== keys[kind]));
  // Read by exifr while ExifTool could not run: read again now that it can, and the display's embedded camera data with it.
  const rereadByExiftool = base.metadataReadBy === 'exifr' && context.exiftoolBack;
  if (rereadByExiftool) needs.add('display');
  const needsMetadata = !sameFile || options.force || base.metadataKey !== metadataKeyOf(options.settings) || needs.has('display');
  return { needs, needsMetadata };
}

/** Reads the photo's metadata and makes the outputs it needs: its new record, with the warnings of the work in `warning`. Throws when it is not an image it can read. */
async function processed(photo: ScannedPhoto, base: PhotoRecord, needs: Set<OutputKind>, keys: Record<OutputKind, string>, options: RecordsOptions, context: RunContext): Promise<PhotoRecord> {
  const record: PhotoRecord = { ...base, outputs: { ...base.outputs } };
  delete record.failure;
  delete record.failedUnder;
  delete record.warning;
  // Loaded on first use: a run with nothing to redo never loads sharp or exifr.
  const [metadata, renditions] = await Promise.all([import('./metadata.ts'), import('./renditions.ts')]);
  const alreadyRead = options.readings?.get(photo.source);
  options.readings?.delete(photo.source);
  const meta = await metadata.run(photo.absolutePath, base.size, options.settings.privacy, alreadyRead);
  record.exif = meta.exif;
  record.takenOn = meta.takenOn;
  if (Object.keys(meta.text).length > 0) record.text = meta.text;
  else delete record.text;
  record.metadataKey = metadataKeyOf(options.settings);
  if (meta.readByExifr) {
    record.metadataReadBy = 'exifr';
    if (meta.readByExifr.scope === 'machine') context.exiftoolProblems.add(meta.readByExifr.why);
    else context.exiftoolFailedOn.add(photo);
  } else delete record.metadataReadBy;
  const rendered = await renditions.run({
    absolutePath: photo.absolutePath,
    plan: photo.plan,
    needs,
    renditions: options.settings.renditions,
    privacy: options.settings.privacy,
    embed: meta.embed,
    publicDir: options.publicDir,
    maxPixels: options.maxPixels,
  });
  record.width = rendered.width;
  record.height = rendered.height;
  if (rendered.display) record.outputs.display = { key: keys.display, value: rendered.display };
  if (rendered.thumbnail) record.outputs.thumbnail = { key: keys.thumbnail, value: rendered.thumbnail };
  if (rendered.sources) record.outputs.sources = { key: keys.sources, value: rendered.sources };
  if (rendered.placeholder) record.outputs.placeholder = { key: keys.placeholder, value: rendered.placeholder };
  if (rendered.original !== undefined) record.outputs.original = { key: keys.original, value: rendered.original };
  const toolFailed = meta.readByExifr?.scope === 'photo' ? problem.exiftoolFailedOnPhoto(meta.readByExifr.why) : undefined;
  const warning = [toolFailed, meta.warning, rendered.warning].filter(Boolean).join('; ');
  if (warning) record.warning = warning;
  return record;
}

function failed(photo: ScannedPhoto, base: PhotoRecord, reason: string, options: RecordsOptions): PhotoOutcome {
  // A failed photo is not published: its old outputs are dropped with the record's outputs.
  return { photo, status: 'failed', record: { ...base, failure: reason, failedUnder: failureConditions(options), outputs: {} } };
}

/** A failure is retried when the conditions it happened under change (e.g. a raised pixel limit). */
function failureConditions(options: RecordsOptions): string {
  return `${OUTPUT_CODE_METADATA};maxPixels=${options.maxPixels}`;
}
