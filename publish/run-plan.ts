import { formatCount } from '../data/count-text.ts';
import { messageOf } from '../data/error-text.ts';
import { PublishError } from './errors.ts';
import { bodyOf, mapPooled } from './local-files.ts';
import { md5FromHex } from './md5.ts';
import { interrupted } from './messages.ts';
import { orderedSteps, pageStepOf, type Deletion, type PageStep, type TargetKind, type TargetPlan, type Upload } from './plan.ts';
import type { Progress } from './progress.ts';
import type { BucketStore } from './storage.ts';

/** Requests in flight at once: enough to hide a distant storage's latency, few enough for a home uplink. */
const CONCURRENCY = 8;

const STEP_LABELS = { photos: 'Photos', assets: 'Scripts and styles', data: 'Data', pages: 'Pages' } as const;
const PAGE_STEP_LABELS: Record<PageStep, string> = { new: 'new ones', changed: 'changed ones', 'entry points': 'the home page, the not-found page, the sitemap and the feed' };

/**
 * Carries out the plans of the bucket targets, step by step in the plan's order: a step starts
 * only when the one before it is complete, so the order holds even with requests in parallel.
 * The first failure stops the run after the requests in flight; what was done stays done.
 * `between` runs after the uploads and before the deletions (the git target's push).
 */
export async function runPlans(plans: readonly TargetPlan[], stores: Partial<Record<TargetKind, BucketStore>>, progress: Progress, between?: () => Promise<void>): Promise<void> {
  const { uploads, deletions } = orderedSteps(plans);
  const total = [...uploads, ...deletions].reduce((n, step) => n + step.length, 0);
  let done = 0;
  const run = async <T extends Upload | Deletion>(step: T[], label: string, bytesOf: (item: T) => number, act: (item: T) => Promise<void>) => {
    progress.step(label, step.length, step.reduce((n, item) => n + bytesOf(item), 0));
    let failure: unknown;
    await mapPooled(step, CONCURRENCY, async (item) => {
      if (failure) return;
      try {
        await act(item);
        done++;
        progress.advance(bytesOf(item));
      } catch (error) {
        failure ??= error;
      }
    });
    progress.end();
    if (failure) throw new PublishError(interrupted(done, total, messageOf(failure)));
  };
  const storeOf = (target: TargetKind) => stores[target] ?? missingStore(target);
  for (const step of uploads) {
    await run(step, uploadLabel(step[0]!), (u) => u.file.size, async (u) => storeOf(u.target).put(u.file.key, await bodyOf(u.file.file, u.file.metadata), u.file.metadata, md5FromHex(u.file.etag)));
  }
  await between?.();
  for (const step of deletions) {
    await run(step, `${STEP_LABELS[step[0]!.phase]}: deleting ${formatCount(step.length)} no longer published`, () => 0, (d) => storeOf(d.target).delete(d.key));
  }
}

/** What a step of uploads is called in the progress lines: pages say which of their three steps. */
function uploadLabel(first: Upload): string {
  const label = `${STEP_LABELS[first.phase]}: uploading`;
  return first.phase === 'pages' ? `${label} ${PAGE_STEP_LABELS[pageStepOf(first)]}` : label;
}

function missingStore(target: TargetKind): never {
  throw new Error(`no bucket for the ${target} target`);
}
