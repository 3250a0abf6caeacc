import { existsSync } from 'node:fs';
import { formatCount } from '../data/count-text.ts';
import type { CredentialSource } from './credentials.ts';
import { PublishError } from './errors.ts';
import { prepareGitPublish, type GitPublish } from './git-target.ts';
import { localFiles, mapPooled } from './local-files.ts';
import { bytesText, filesText, noUsableHash, tooManyDeletions } from './messages.ts';
import { deletesTooMuch, nestedPrefixes, planTarget, type TargetKind, type TargetPlan } from './plan.ts';
import { progressOn } from './progress.ts';
import { runPlans } from './run-plan.ts';
import type { PublishTargets } from './settings.ts';
import { BucketStore, type RemoteObject } from './storage.ts';

export interface PublishOptions {
  targets: PublishTargets;
  credentials: CredentialSource | undefined;
  /** The region requests are signed for (credentials.ts's findRegion). */
  region: string;
  out: string;
  photosOut: string;
  dryRun: boolean;
  yes: boolean;
  /** performance.now() when the command started, for the time it reports. */
  startedAt: number;
  stdout: NodeJS.WriteStream;
}

/** Hidden files are the build's records (its markers, the kept hashes): never on a bucket. */
const isPublished = (key: string) => !key.split('/').some((part) => part.startsWith('.'));

/**
 * Plans every target from the files and one listing of each, checks the deletion guard, then
 * (unless a dry run) uploads in the plan's order, the git branch pushed after the photos and
 * before their deletions.
 */
export async function publish(options: PublishOptions): Promise<void> {
  const { targets, stdout } = options;
  const say = (line: string) => stdout.write(`${line}\n`);
  for (const dir of [options.out, ...(targets.photos ? [options.photosOut] : [])]) {
    if (!existsSync(dir)) throw new PublishError(`${dir} does not exist: run the build first (or drop --no-build).`);
  }
  const stores = bucketStores(options);
  const folders = Object.values(stores).map((s) => s.folder);
  // The targets' listings and the folders' hashes all at once: a listing is mostly waiting.
  const plans: TargetPlan[] = await Promise.all(
    (Object.entries(stores) as Array<[TargetKind, BucketStore]>).map(async ([target, store]) => {
      const dir = target === 'photos' ? options.photosOut : options.out;
      const [local, remote] = await Promise.all([localFiles(dir, isPublished), store.list(nestedPrefixes(store.folder, folders))]);
      const plan = planTarget(target, local, remote);
      return plan.unverified.length > 0 ? planTarget(target, local, await withKeptMd5s(store, remote, plan.unverified)) : plan;
    }),
  );
  for (const plan of plans) if (plan.unhashed > 0) process.stderr.write(`${noUsableHash(stores[plan.target]!.name, plan.unhashed)}\n`);
  const git = targets.site?.kind === 'git' ? await prepareGitPublish(options.out, targets.site.branch) : undefined;
  try {
    const summary = () => [...plans.map((plan) => planLine(stores[plan.target]!.name, plan, options.dryRun)), ...(git && targets.site?.kind === 'git' ? [gitLine(`${targets.site.branch.remote}#${targets.site.branch.branch}`, git, options.dryRun)] : [])];
    if (options.dryRun) {
      summary().forEach(say);
      for (const plan of plans) listChanges(plan, say);
      guardDeletions(plans, stores, git, options.yes);
      say('Dry run: nothing was changed.');
      return;
    }
    guardDeletions(plans, stores, git, options.yes);
    await runPlans(plans, stores, progressOn(stdout), git ? async () => void (await git.push()) : undefined);
    summary().forEach(say);
    say(`Published in ${((performance.now() - options.startedAt) / 1000).toFixed(1)} s.`);
  } finally {
    await git?.close();
  }
}

function bucketStores(options: PublishOptions): Partial<Record<TargetKind, BucketStore>> {
  const { targets, credentials } = options;
  const stores: Partial<Record<TargetKind, BucketStore>> = {};
  if (!credentials) return stores;
  const settings = { endpoint: targets.storage.endpoint, region: options.region };
  if (targets.photos) stores.photos = new BucketStore(targets.photos, settings, credentials);
  if (targets.site?.kind === 'bucket') stores.site = new BucketStore(targets.site.folder, settings, credentials);
  return stores;
}

/** The listing with the MD5 each of `keys` keeps in its metadata (a HEAD each, eight at a time): asked only where the ETag cannot tell. */
async function withKeptMd5s(store: BucketStore, remote: Map<string, RemoteObject>, keys: readonly string[]): Promise<Map<string, RemoteObject>> {
  const md5s = await mapPooled(keys, 8, (key) => store.md5Of(key));
  const known = new Map(remote);
  keys.forEach((key, i) => {
    const md5 = md5s[i];
    if (md5 === undefined) known.delete(key);
    else known.set(key, { ...remote.get(key)!, md5 });
  });
  return known;
}

function guardDeletions(plans: TargetPlan[], stores: Partial<Record<TargetKind, BucketStore>>, git: GitPublish | undefined, yes: boolean): void {
  if (yes) return;
  for (const plan of plans) if (deletesTooMuch(plan)) throw new PublishError(tooManyDeletions(stores[plan.target]!.name, plan.deletions.length, plan.remoteCount));
  if (git && git.changes.deleted.length > git.before / 4) throw new PublishError(tooManyDeletions('the branch', git.changes.deleted.length, git.before));
}

const sum = (items: ReadonlyArray<{ size: number }>) => items.reduce((n, item) => n + item.size, 0);

/** One target's changes: `s3://site/: 3 files added (1.2 MB), 1 changed (4 KB), 2 deleted (8 KB), 512 unchanged.` */
function planLine(name: string, plan: TargetPlan, dryRun: boolean): string {
  const added = plan.uploads.filter((u) => u.change === 'add').map((u) => u.file);
  const changed = plan.uploads.filter((u) => u.change === 'change').map((u) => u.file);
  const verb = dryRun ? 'would be ' : '';
  return `${name}: ${filesText(added.length, sum(added))} ${verb}added, ${formatCount(changed.length)} ${verb}changed (${bytesText(sum(changed))}), ${formatCount(plan.deletions.length)} ${verb}deleted (${bytesText(sum(plan.deletions))}), ${formatCount(plan.unchanged)} unchanged.`;
}

function gitLine(name: string, git: GitPublish, dryRun: boolean): string {
  const { added, changed, deleted } = git.changes;
  const verb = dryRun ? 'would be ' : '';
  if (added.length + changed.length + deleted.length === 0) return `${name}: nothing changed, no commit.`;
  return `${name}: ${formatCount(added.length)} files ${verb}added, ${formatCount(changed.length)} ${verb}changed, ${formatCount(deleted.length)} ${verb}deleted, in one commit.`;
}

/** A dry run's detail: the keys, a screenful at most per kind. */
function listChanges(plan: TargetPlan, say: (line: string) => void): void {
  const shown = 20;
  const groups: Array<[string, string[]]> = [
    ['+', plan.uploads.filter((u) => u.change === 'add').map((u) => u.file.key)],
    ['~', plan.uploads.filter((u) => u.change === 'change').map((u) => u.file.key)],
    ['-', plan.deletions.map((d) => d.key)],
  ];
  for (const [mark, keys] of groups) {
    for (const key of keys.slice(0, shown)) say(`  ${mark} ${key}`);
    if (keys.length > shown) say(`  ${mark} … and ${formatCount(keys.length - shown)} more`);
  }
}
