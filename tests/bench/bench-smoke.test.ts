import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PART_NAMES } from '../../bench/lib/context.ts';
import { sharedTaxonomyAbsent } from '../../harness/taxonomy-server.ts';

/**
 * `npm run bench -- --smoke` really runs every part, so the benchmark never rots: a few photos,
 * one Lighthouse run of the home page. It asserts that every figure was measured and is a sane
 * number, never how fast anything is: speed is shown by the benchmark's own table, not by a timed
 * test. The rows' arithmetic is tested on recorded measurements (unit/report-rows.test.ts). It
 * measures the site the E2E global setup built.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
let scratch: string | undefined;
let resultsFile: string;

interface ResultRow {
  part: string;
  metric: string;
  value: number | null;
  status: string;
}

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run bench -- --smoke', () => {
  let run: SpawnSyncReturns<string>;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-test-'));
    resultsFile = path.join(scratch, 'results.json');
    run = spawnSync(path.join(repo, 'node_modules/.bin/tsx'), ['bench/bench.ts', '--smoke', '--site', inject('distDir'), '--results', resultsFile], {
      cwd: repo,
      encoding: 'utf8',
      // A bound for a hung run only, well above the smoke run in the slowest hour.
      timeout: 840_000,
    });
  }, 900_000);
  const results = () =>
    JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: ResultRow[]; errors: Record<string, string>; machine: { loadavgBefore: number[] }; options: { smoke: boolean; only: string[] } };
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

  it('runs every part without errors and prints the table', () => {
    expect(run.error).toBeUndefined();
    expect(results().errors).toEqual({});
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    expect(results().options).toMatchObject({ smoke: true, only: [...PART_NAMES] });
    expect(run.stdout).toMatch(/Part\s+Metric\s+Value\s+Target\s+Status/);
    expect(results().machine.loadavgBefore).toHaveLength(3);
    for (const row of results().rows) expect(['PASS', 'FAIL', 'n/a']).toContain(row.status);
  });

  it("grades each host's security headers as the Observatory does", () => {
    expect(value('security', /Cloudflare Pages/)).toBeGreaterThanOrEqual(100);
    expect(value('security', /GitHub Pages/)).toBeGreaterThan(0);
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

  it('measures what an inbox placed by its sidecars and the taxonomy adds to a cold and a no-op ingest (every inbox photo published)', () => {
    // Differences of two ingests: either sign is a measurement; the part fails if a photo is not placed.
    for (const metric of [/^cold ingest, .* inbox photos/, /^no-op re-ingest, .* inbox photos/]) expect(Number.isFinite(value('Placement', metric))).toBe(true);
  });

  it("measures the taxonomy: npm run taxonomy from a loopback eBird API (with ../shared/taxonomy), and the ingest's load of it", () => {
    finitePositive(value('Taxonomy', /^the ingest's load of it/));
    if (!sharedTaxonomyAbsent) finitePositive(value('Taxonomy', /^fetch, parse, check and write/));
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

  it('runs Lighthouse once on the home page, traces its main thread at a slowed CPU, and finds no redirect among the links', () => {
    const score = value('Page Home /, gzip', /performance score/);
    expect(score).not.toBeNull();
    expect(score!).toBeGreaterThanOrEqual(0);
    expect(score!).toBeLessThanOrEqual(100);
    for (const metric of [/^FCP$/, /^LCP$/, /^Speed Index$/, /^transferred$/, /^HTML transferred$/]) finitePositive(value('Page Home /, gzip', metric));
    for (const metric of [/^CLS$/, /^TBT$/, /^JS transferred$/, /^CSS transferred$/]) expect(value('Page Home /, gzip', metric)!).toBeGreaterThanOrEqual(0);
    // The home page runs the app: its start is at least one task on the slowed main thread.
    finitePositive(value('Page Home /, gzip', /^longest task after first paint/));
    finitePositive(value('Page Home /, gzip', /^longest task running the page's script/));
    expect(value('Pages, gzip', /^redirects/)).toBe(0);
    expect(value('Pages', /JS before the first screen/)!).toBeGreaterThanOrEqual(0);
    finitePositive(value('Pages', /entry JS after the page has loaded/));
  });

  it('times the lightbox from a click to the metadata panel', () => {
    const ms = value('Lightbox', /click → panel values/);
    finitePositive(ms);
    expect(ms!).toBeLessThan(10_000);
  });

  it('reads an eBird export and builds its lists', () => {
    finitePositive(value('eBird export', /^read /));
    expect(value('eBird export', /^peak RSS/)!).toBeGreaterThan(20);
    finitePositive(value('eBird export', /RSS growth/));
    finitePositive(value('eBird lists', /Lists page with its map/));
    finitePositive(value('eBird lists', /largest list page/));
    finitePositive(value('eBird lists', /build after adding the export/));
  });

  it('builds an archive, adds photos to it and follows a visitor through it', () => {
    const archives = [...new Set(results().rows.filter((r) => /^Archive [\d,]+ photos$/.test(r.part)).map((r) => r.part))];
    expect(archives).toHaveLength(1);
    for (const part of archives) {
      for (const metric of [/^cold ingest$/, /^no-op ingest$/, /^first build$/, /^no-op build$/, /^build after adding/, /^HTML per photo$/, /^navigation: data \+ HTML fetched$/]) finitePositive(value(part, metric));
      expect(value(part, /^dist\/ files/)!).toBeGreaterThan(0);
      expect(value(part, /^with assetOrigin: dist\/ files/)!).toBeGreaterThan(0);
    }
    // One archive, compared with itself: the comparison of two sizes is tested on recorded measurements.
    expect(value('Archive', /^navigation bytes/)).toBe(1);
    expect(value('Archive', /^no-op build/)).toBe(1);
  });
});
