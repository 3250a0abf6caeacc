import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * `npm run bench -- --quick` really runs, so the benchmark never rots. It asserts that every
 * figure was measured and is a sane number, never how fast anything is: speed is shown by the
 * benchmark's own table, not by a timed test. It measures the site the E2E global setup built.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-quick-test-'));
const resultsFile = path.join(scratch, 'results.json');

interface ResultRow {
  part: string;
  metric: string;
  value: number | null;
  status: string;
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  let run: SpawnSyncReturns<string>;
  beforeAll(() => {
    run = spawnSync(path.join(repo, 'node_modules/.bin/tsx'), ['bench/bench.ts', '--quick', '--site', inject('distDir'), '--results', resultsFile], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 540_000,
    });
  }, 600_000);
  const results = () => JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: ResultRow[]; errors: Record<string, string>; machine: { loadavgBefore: number[] } };
  const value = (part: string, metric: RegExp) => {
    const row = results().rows.find((r) => r.part === part && metric.test(r.metric));
    expect(row, `${part} / ${metric}`).toBeDefined();
    return row!.value;
  };
  const finitePositive = (v: number | null) => {
    expect(v).not.toBeNull();
    expect(Number.isFinite(v)).toBe(true);
    expect(v!).toBeGreaterThan(0);
  };

  it('completes every part without errors and prints the table', () => {
    expect(run.error).toBeUndefined();
    expect(results().errors).toEqual({});
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toMatch(/Part\s+Metric\s+Value\s+Target\s+Status/);
    expect(results().machine.loadavgBefore).toHaveLength(3);
    for (const row of results().rows) expect(['PASS', 'FAIL', 'n/a']).toContain(row.status);
  });

  it('measures cold ingest for the pipeline and the bare sharp script, and their ratio', () => {
    const pipeline = value('Cold ingest', /^pipeline$/);
    const bare = value('Cold ingest', /^bare sharp/);
    finitePositive(pipeline);
    finitePositive(bare);
    expect(value('Cold ingest', /pipeline \/ bare/)).toBeCloseTo(pipeline! / bare!, 6);
    finitePositive(value('Cold ingest', /pipeline CPU per photo/));
    finitePositive(value('Cold ingest', /bare CPU per photo/));
    for (const rss of [value('Cold ingest', /pipeline peak RSS/), value('Cold ingest', /bare peak RSS/)]) {
      // MB: a Node process with sharp loaded is tens of MB at least, and far below the machine's memory.
      expect(rss!).toBeGreaterThan(20);
      expect(rss!).toBeLessThan(os.totalmem() / 1024 / 1024);
    }
  });

  it('measures the cost of a 12 MP HEIC and of reading metadata, and its share of a cold ingest', () => {
    finitePositive(value('Formats', /HEIC 12 MP: CPU per photo/));
    finitePositive(value('Formats', /HEIC 12 MP: photos\/s/));
    finitePositive(value('Formats', /metadata start-up CPU/));
    // Per photo, above the start-up: a difference of two runs, so only sure to be a number.
    expect(Number.isFinite(value('Formats', /metadata CPU per photo/))).toBe(true);
    expect(Number.isFinite(value('Formats', /metadata \/ cold-ingest CPU/))).toBe(true);
  });

  it('measures no-op re-ingests and peak memory at two photo counts', () => {
    const noop = results().rows.filter((r) => r.part === 'No-op re-ingest' && /^[\d,]+ photos$/.test(r.metric));
    expect(noop).toHaveLength(2);
    for (const row of noop) finitePositive(row.value);
    finitePositive(value('No-op re-ingest', /^CPU/));
    const memory = results().rows.filter((r) => r.part === 'Memory' && /peak RSS/.test(r.metric));
    expect(memory).toHaveLength(2);
    for (const row of memory) expect(row.value!).toBeGreaterThan(20);
    finitePositive(value('Memory', /RSS growth/));
  });

  it('runs Lighthouse on the home page, a Life List leaf, a species page and a shared photo, with gzip and uncompressed, and on the hosts\' own servers', () => {
    const names = ['Page Home /', 'Page Life List leaf', 'Page Largest species page', 'Page Photo link ?photo=', 'Page Photo share page'];
    for (const page of names.flatMap((name) => [`${name}, gzip`, `${name}, uncompressed`])) {
      const score = value(page, /performance score/);
      expect(score).not.toBeNull();
      expect(score!).toBeGreaterThanOrEqual(0);
      expect(score!).toBeLessThanOrEqual(100);
      finitePositive(value(page, /^LCP$/));
      expect(value(page, /^CLS$/)!).toBeGreaterThanOrEqual(0);
      expect(value(page, /^TBT$/)!).toBeGreaterThanOrEqual(0);
      finitePositive(value(page, /transferred/));
    }
    // On the hosts' own servers (wrangler pages dev, serve), --quick measures the home page.
    for (const host of ['cloudflare-pages', 'serve']) {
      finitePositive(value(`Page Home /, ${host}`, /^LCP$/));
      expect(value(`Pages, ${host}`, /^redirects/)).toBe(0);
    }
    expect(value('Pages, gzip', /^redirects/)).toBe(0);
    expect(value('Pages', /JS before the first screen/)!).toBeGreaterThanOrEqual(0);
    finitePositive(value('Pages', /entry JS after the page has loaded/));
  });

  it('times the lightbox from a click to the metadata panel', () => {
    const ms = value('Lightbox', /click → panel values/);
    finitePositive(ms);
    expect(ms!).toBeLessThan(10_000);
  });
});
