import path from 'node:path';
import { summary } from './messages.ts';
import type { IngestResult } from '../run-ingest.ts';
import type { ValidationResult } from '../validate.ts';

type Out = NodeJS.WritableStream;

/** Problems go to stderr even with --quiet; the summary line goes to `out` unless quiet. */
export function printIngestSummary(result: IngestResult, out: Out, err: Out, quiet: boolean): void {
  const { problems } = result;
  if (problems.all.length > 0) {
    err.write(`${summary.problemsHeader(problems.errorCount, problems.warningCount)}\n`);
    for (const p of problems.all) err.write(`${summary.problemLine(p.severity, p.path, p.reason)}\n`);
  }
  if (!quiet) {
    out.write(`${summary.ingest(result.counts, result.seconds)}\n`);
    if (result.leftOut.rejected + result.leftOut.belowRating > 0) out.write(`${summary.leftOut(result.leftOut)}\n`);
    if (result.lifeList) out.write(`${summary.lifeList(result.lifeList.source, result.lifeList.observed, result.lifeList.photographed)}\n`);
    out.write(`${summary.published(path.relative(process.cwd(), result.publicDir) || result.publicDir)}\n`);
  }
}

export function jsonReport(result: IngestResult, exitCode: number) {
  return {
    status: exitCode === 0 ? 'ok' : 'some-failed',
    exitCode,
    counts: result.counts,
    photos: result.photos,
    leftOut: result.leftOut,
    seconds: Number(result.seconds.toFixed(3)),
    publicDir: result.publicDir,
    ...(result.lifeList ? { lifeList: result.lifeList } : {}),
    problems: result.problems.all.map((p) => ({ severity: p.severity, path: p.path, reason: p.reason })),
  };
}

export function printValidation(result: ValidationResult, out: Out, err: Out): void {
  if (result.problems.length === 0) {
    out.write(`${summary.validateOk(result.manifests, result.files)}\n`);
    return;
  }
  err.write(`${summary.validateFailed(result.problems.length)}\n`);
  for (const p of result.problems) err.write(`${summary.validateLine(p.where, p.reason)}\n`);
}
