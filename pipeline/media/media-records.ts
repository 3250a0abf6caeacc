import { mediaKindOf, mediaPaths, type ClipPaths, type RecordingPaths } from '../../data/media-layout.ts';
import { messageOf } from '../../data/error-text.ts';
import type { ExiftoolReading } from '../photos/exiftool.ts';
import { fingerprintOf } from '../photos/cache.ts';
import { identitiesOf, type FileIdentity } from '../plumbing/file-identity.ts';
import { forEachLimited } from '../plumbing/pool.ts';
import { PhotoProblem, type Problems } from '../plumbing/problems.ts';
import { problem } from '../report/messages.ts';
import { hashOf, type PlanSettings } from '../scan/plan.ts';
import type { ScannedPhoto } from '../scan/photo-list.ts';
import type { MediaCache, MediaRecord } from './media-cache.ts';
import { workOf, type MediaProbe } from './probe.ts';
import { probesAhead, type MediaProbes } from './probes.ts';
import { mediaDayOf, mediaDeviceOf } from './media-tags.ts';

/**
 * Stage: the placed recordings and clips + their cache → one up-to-date record each, running
 * ffmpeg only for what is new or changed (or made under other settings). Without ffmpeg on the
 * machine, nothing new is published and the report says so once; what was published stays.
 */

type MediaStatus = 'new' | 'updated' | 'unchanged' | 'failed' | 'skipped';

export interface MediaOutcome {
  file: ScannedPhoto;
  status: MediaStatus;
  record: MediaRecord;
}

export interface MediaRecordsOptions {
  media: readonly ScannedPhoto[];
  identities?: ReadonlyMap<string, FileIdentity | Error>;
  readings?: ReadonlyMap<string, ExiftoolReading>;
  cache: MediaCache;
  outputsTrusted: boolean;
  settings: PlanSettings;
  publicDir: string;
  concurrency: number;
  force: boolean;
  now: string;
  problems: Problems;
  /** The probes started when the scan found the files (probes.ts); without them, each is probed when made. */
  probes?: MediaProbes;
}

/** Bump when the code that makes a recording's or clip's renditions changes in a way that should redo them. */
const MEDIA_CODE_VERSION = 1;

/** The key of everything that shapes a recording's or clip's renditions. */
function mediaKeyOf(settings: PlanSettings): string {
  const r = settings.renditions;
  return hashOf(['media', MEDIA_CODE_VERSION, r.thumbnailLongEdge, r.jpegQuality, [...new Set(r.srcsetWidths)].sort((a, b) => a - b), r.formats, r.webpQuality, r.avifQuality, settings.privacy.keepGps]);
}

export async function run(options: MediaRecordsOptions): Promise<MediaOutcome[]> {
  if (options.media.length === 0) return [];
  const key = mediaKeyOf(options.settings);
  const known = options.identities ?? new Map<string, FileIdentity | Error>();
  const missing = await identitiesOf(options.media.filter((m) => !known.has(m.source)).map((m) => ({ key: m.source, path: m.absolutePath })));
  const outcomes: MediaOutcome[] = new Array(options.media.length);
  const toMake: ToMake[] = [];
  // What the cache already holds, and what must be made (a fingerprint read at most per file).
  await forEachLimited(options.media, options.concurrency * 2, async (file, index) => {
    const identity = known.get(file.source) ?? missing.get(file.source)!;
    const base = await baseRecord(file, identity, key, options);
    if ('status' in base) {
      outcomes[index] = base;
      return;
    }
    const { record, sameFile } = base;
    const cached = options.cache.media[file.plan.relativePath];
    if (sameFile && cached?.failure && cached.failedUnder === key && !options.force) {
      options.problems.error(file.source, cached.failure);
      outcomes[index] = { file, status: 'failed', record: cached };
    } else if (sameFile && !options.force && options.outputsTrusted && cached?.made && cached.key === key && !cached.failure) {
      if (cached.warning) options.problems.warning(file.source, cached.warning);
      outcomes[index] = { file, status: 'unchanged', record: cached };
    } else if (record.size === 0) {
      outcomes[index] = failed(file, record, problem.emptyFile(), key, options.problems);
    } else {
      toMake.push({ index, file, record, isNew: cached === undefined });
    }
  });
  if (toMake.length > 0) await make(toMake, key, outcomes, options);
  return outcomes;
}

interface ToMake {
  index: number;
  file: ScannedPhoto;
  record: MediaRecord;
  isNew: boolean;
}

/**
 * Every file to make: probed first (mostly done already, while ExifTool read the library), then
 * made longest first (taken in that order, and each tool given a core in that order), so the last
 * minutes never hold one long clip on one core while the other idles. A tool that ran shows
 * ffmpeg runs here; only when one fails is the machine asked (`checkFfmpeg`, once), so a missing
 * ffmpeg is never taken for a broken file.
 */
async function make(toMake: readonly ToMake[], key: string, outcomes: MediaOutcome[], options: MediaRecordsOptions): Promise<void> {
  const [render, ffmpeg] = await Promise.all([import('./render.ts'), import('./ffmpeg.ts')]);
  // --concurrency bounds the ffmpeg pool too (never above one job per core).
  ffmpeg.setMediaConcurrency(options.concurrency);
  const probes = options.probes ?? probesAhead([], options.cache, options.concurrency);
  const probed = await Promise.allSettled(toMake.map(({ file }) => probes.of(file.absolutePath)));
  let machine: Promise<unknown> | undefined;
  const machineTrouble = () => (machine ??= ffmpeg.checkFfmpeg().then(() => undefined, (error: unknown) => error));
  const skipped: string[] = [];
  let unavailable: string | undefined;
  const order = toMake.map((item, i) => ({ item, probe: probed[i]!, work: workOfProbe(probed[i]!) })).sort((a, b) => b.work - a.work);
  // Twice as many files in hand as ffmpeg jobs: while one file is between its tools (sharp making
  // its spectrogram or poster stills, its records), another's next tool has the free core.
  await forEachLimited(order, options.concurrency * 2, async ({ item, probe, work }) => {
    const { index, file, record, isNew } = item;
    const made = probe.status === 'fulfilled' ? (await Promise.allSettled([ffmpeg.withToolPriority(work, () => madeOf(file, probe.value, render, options))]))[0]! : probe;
    if (made.status === 'fulfilled') {
      const next: MediaRecord = { ...record, key, made: made.value.made, ...(made.value.warning ? { warning: made.value.warning } : {}) };
      delete next.failure;
      delete next.failedUnder;
      if (!made.value.warning) delete next.warning;
      if (made.value.warning) options.problems.warning(file.source, made.value.warning);
      outcomes[index] = { file, status: isNew ? 'new' : 'updated', record: next };
      return;
    }
    const trouble = made.reason instanceof ffmpeg.MediaToolsStopped ? made.reason : await machineTrouble();
    // Stopped (Ctrl-C), or no ffmpeg here: left as it was, for the next run to make; not the file's failure.
    if (trouble !== undefined) {
      outcomes[index] = { file, status: 'skipped', record };
      if (!(trouble instanceof ffmpeg.MediaToolsStopped)) {
        unavailable = messageOf(trouble);
        skipped.push(file.source);
      }
      return;
    }
    const reason = made.reason instanceof PhotoProblem ? made.reason.message : problem.mediaUnreadable(messageOf(made.reason));
    outcomes[index] = failed(file, record, reason, key, options.problems);
  });
  // The machine's trouble, said once for every file it kept back: a warning, not the files' fault.
  if (unavailable !== undefined) options.problems.warning('ffmpeg', problem.ffmpegMissing(unavailable, skipped.sort()));
}

function workOfProbe(probed: PromiseSettledResult<MediaProbe>): number {
  return probed.status === 'fulfilled' ? workOf(probed.value) : 0;
}

async function madeOf(file: ScannedPhoto, probed: MediaProbe, render: typeof import('./render.ts'), options: MediaRecordsOptions) {
  const kind = mediaKindOf(file.plan.originalName)!;
  const paths = mediaPaths(file.plan.relativePath, kind);
  if (kind === 'recording') return render.renderRecording(file.absolutePath, paths as RecordingPaths, options.publicDir, probed);
  const location = options.settings.privacy.keepGps ? probed.location : undefined;
  return render.renderClip(file.absolutePath, paths as ClipPaths, options.publicDir, probed, options.settings.renditions, location);
}

/** The record as far as the file tells (its identity, day and device), or a failed outcome when it cannot be read. */
async function baseRecord(file: ScannedPhoto, identity: FileIdentity | Error, key: string, options: MediaRecordsOptions): Promise<{ record: MediaRecord; sameFile: boolean } | MediaOutcome> {
  const kind = mediaKindOf(file.plan.originalName)!;
  const cached = options.cache.media[file.plan.relativePath];
  const addedAt = cached?.addedAt ?? options.now;
  const empty: MediaRecord = { kind, size: 0, mtimeMs: 0, fingerprint: '', addedAt };
  if (identity instanceof Error) return failed(file, empty, problem.readFailed(messageOf(identity)), key, options.problems);
  const { size, mtimeMs } = identity;
  let sameFile = cached !== undefined && cached.kind === kind && cached.size === size && cached.mtimeMs === mtimeMs;
  let fingerprint = cached?.fingerprint ?? '';
  if (!sameFile && size > 0) {
    try {
      fingerprint = await fingerprintOf(file.absolutePath, size);
    } catch (error) {
      return failed(file, { ...empty, size, mtimeMs }, problem.readFailed(messageOf(error)), key, options.problems);
    }
    sameFile = cached !== undefined && cached.kind === kind && cached.size === size && cached.fingerprint === fingerprint;
  }
  if (sameFile && cached) return { record: { ...cached, size, mtimeMs, fingerprint }, sameFile };
  // New or changed: its day and device from this run's reading (the placement's), else from its facts.
  const tags = options.readings?.get(file.source)?.tags;
  const takenOn = (tags && mediaDayOf(tags)) ?? file.facts?.takenOn ?? null;
  const device = tags ? mediaDeviceOf(tags) : undefined;
  return { record: { kind, size, mtimeMs, fingerprint, addedAt, takenOn, ...(device ? { device } : {}) }, sameFile: false };
}

function failed(file: ScannedPhoto, record: MediaRecord, reason: string, key: string, problems: Problems): MediaOutcome {
  problems.error(file.source, reason);
  const { made: _made, warning: _warning, ...rest } = record;
  return { file, status: 'failed', record: { ...rest, failure: reason, failedUnder: key } };
}
