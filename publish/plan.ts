import { FEED_FILE, NOT_FOUND_FILE, PAGE_INDEX, SITEMAP_FILE } from '../data/paths.ts';
import type { LocalFile } from './local-files.ts';
import type { RemoteObject } from './storage.ts';

/**
 * What a publish does, decided before it does anything, from the files and one listing of
 * each target: pure, so the order that keeps the live site whole is tested without a bucket.
 *
 * The order: photos first, then scripts and styles (their names carry a hash of their content,
 * so a new one never replaces what a live page uses), then data, then pages, so every page
 * uploaded finds what it refers to already there; deletions last, pages before what they
 * referred to. Stopped anywhere, the bucket holds old pages with everything they use, or new
 * ones with everything they use; the next run's plan is whatever is left.
 *
 * Pages go up in three steps, so that a link a visitor can reach never leads nowhere: new
 * pages first (nothing live links to them yet), then changed ones (whose new links now find
 * their pages), then the entry points (the home page, the not-found page, the sitemap and the
 * feed). On a first publish the home page goes up last, once every page it leads to is there.
 */
const PHASES = ['photos', 'assets', 'data', 'pages'] as const;
export type Phase = (typeof PHASES)[number];
export type TargetKind = 'site' | 'photos';

/** The phase of a file of the site (dist/): its scripts and styles, its pages (and the sitemap and feed, which link pages), the rest its data. */
export function phaseOf(target: TargetKind, key: string): Phase {
  if (target === 'photos') return 'photos';
  if (key.startsWith('assets/')) return 'assets';
  if (key.endsWith('.html') || key === SITEMAP_FILE || key === FEED_FILE) return 'pages';
  return 'data';
}

export interface Upload {
  target: TargetKind;
  phase: Phase;
  change: 'add' | 'change';
  file: LocalFile;
}

export interface Deletion {
  target: TargetKind;
  phase: Phase;
  key: string;
  size: number;
}

export interface TargetPlan {
  target: TargetKind;
  uploads: Upload[];
  deletions: Deletion[];
  unchanged: number;
  /** Keys whose ETag says nothing of their content (see sameContent): their metadata is asked for, then the plan is made again. */
  unverified: string[];
  /** Objects uploaded again only because they had no usable hash at all. */
  unhashed: number;
  /** Objects in the target before the publish. */
  remoteCount: number;
}

/** S3 quotes ETags; some storages give them in capitals. */
const etagText = (etag: string) => etag.replace(/"/g, '').toLowerCase();
const MD5_FORM = /^[0-9a-f]{32}$/;

/**
 * Whether a remote object holds a local file's bytes. Its ETag is their MD5 for a single
 * upload on most buckets, or S3's multipart form for a large file, both compared at once. On a
 * bucket with SSE-KMS or SSE-C encryption the ETag is no MD5, though it looks like one: a
 * differing ETag proves a change only when some other object's ETag matched its MD5
 * (`md5Etags`, so the bucket's ETags are MD5s); otherwise the MD5 kept in the object's metadata
 * decides, once asked for ('unknown' until then). An object with neither is uploaded again,
 * with its MD5 kept this time.
 */
function sameContent(file: LocalFile, remote: RemoteObject, md5Etags: boolean): 'same' | 'different' | 'no hash' | 'unknown' {
  const etag = etagText(remote.etag);
  if (etag === file.etag || (file.multipartEtag !== undefined && etag === file.multipartEtag)) return 'same';
  if (remote.md5 !== undefined) return remote.md5 === null ? 'no hash' : remote.md5 === file.etag ? 'same' : 'different';
  return md5Etags && MD5_FORM.test(etag) ? 'different' : 'unknown';
}

export function planTarget(target: TargetKind, local: readonly LocalFile[], remote: ReadonlyMap<string, RemoteObject>): TargetPlan {
  const uploads: Upload[] = [];
  const unverified: string[] = [];
  let unchanged = 0;
  let unhashed = 0;
  const md5Etags = local.some((file) => etagText(remote.get(file.key)?.etag ?? '') === file.etag);
  for (const file of local) {
    const there = remote.get(file.key);
    const same = there ? sameContent(file, there, md5Etags) : 'different';
    if (same === 'same') unchanged++;
    else if (same === 'unknown') unverified.push(file.key);
    else {
      if (same === 'no hash') unhashed++;
      uploads.push({ target, phase: phaseOf(target, file.key), change: there ? 'change' : 'add', file });
    }
  }
  const keep = new Set(local.map((f) => f.key));
  const deletions = [...remote].filter(([key]) => !keep.has(key)).map(([key, object]): Deletion => ({ target, phase: phaseOf(target, key), key, size: object.size }));
  return { target, uploads, deletions, unchanged, unverified, unhashed, remoteCount: remote.size };
}

/** Where a visitor or a crawler arrives: uploaded after every page they may lead to. */
const ENTRY_POINTS = new Set([PAGE_INDEX, NOT_FOUND_FILE, SITEMAP_FILE, FEED_FILE]);

/** The pages phase's three steps, in the order they run. */
const PAGE_STEPS = ['new', 'changed', 'entry points'] as const;
export type PageStep = (typeof PAGE_STEPS)[number];

/** Which of the pages phase's steps a page's upload belongs to. */
export function pageStepOf(upload: Upload): PageStep {
  if (ENTRY_POINTS.has(upload.file.key)) return 'entry points';
  return upload.change === 'add' ? 'new' : 'changed';
}

function pageSteps(pages: readonly Upload[]): Upload[][] {
  return PAGE_STEPS.map((step) => pages.filter((u) => pageStepOf(u) === step));
}

/** Every step in the order it runs: uploads by phase (pages in three steps), then deletions, pages first and photos last. */
export function orderedSteps(plans: readonly TargetPlan[]): { uploads: Upload[][]; deletions: Deletion[][] } {
  const uploads = PHASES.flatMap((phase) => {
    const step = plans.flatMap((p) => p.uploads.filter((u) => u.phase === phase));
    return phase === 'pages' ? pageSteps(step) : [step];
  });
  const deletions = [...PHASES].reverse().map((phase) => plans.flatMap((p) => p.deletions.filter((d) => d.phase === phase)));
  return { uploads: uploads.filter((step) => step.length > 0), deletions: deletions.filter((step) => step.length > 0) };
}

/** Whether a plan deletes more than a quarter of what its target holds: a wrong folder or an empty dist/, most likely. */
export function deletesTooMuch(plan: TargetPlan): boolean {
  return plan.deletions.length > plan.remoteCount / 4;
}

/**
 * The prefixes, relative to `outer`, of the other target's folder when it lies inside
 * `outer` in the same bucket (`s3://b/` and `s3://b/photos/`): the outer target leaves its
 * objects alone.
 */
export function nestedPrefixes(outer: { bucket: string; prefix: string }, others: ReadonlyArray<{ bucket: string; prefix: string }>): string[] {
  return others.filter((o) => o.bucket === outer.bucket && o.prefix !== outer.prefix && o.prefix.startsWith(outer.prefix)).map((o) => o.prefix.slice(outer.prefix.length));
}
