import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { taxonomyPath } from '../../pipeline/taxonomy/library-file.ts';
import { sharedTaxonomyAbsent, SKIP_MESSAGE, startTaxonomyServer } from '../../harness/taxonomy-server.ts';
import type { BenchOptions, Log, PartResult } from '../lib/context.ts';
import { cleanup, REPO, scratchDir } from '../lib/ingest.ts';
import { runMeasured } from '../lib/measure.ts';
import { median, type Row } from '../lib/report.ts';
import { writeSyntheticTaxonomy } from '../lib/synthetic-taxonomy.ts';

/** A world checklist's size, for the made-up file measured when the real one is absent. */
const SYNTHETIC_SPECIES = 11_200;

/**
 * What the owner's taxonomy costs: `npm run taxonomy` fetching and parsing the whole eBird
 * taxonomy (the real v2025 one from ../shared/taxonomy, served in the eBird API's layout from a
 * loopback server: the network's own time is not measured), and the ingest's first load of the
 * library's file in a fresh process (paid by every run that places a photo by it; never by a
 * no-op ingest of a library that needs no placement).
 */
export async function taxonomy(options: BenchOptions, log: Log): Promise<PartResult> {
  const runs = options.smoke ? 1 : options.quick ? 2 : 5;
  const library = await scratchDir('taxonomy');
  try {
    const fetches = sharedTaxonomyAbsent ? [] : await fetchRuns(library, runs, log);
    if (sharedTaxonomyAbsent) {
      log(`taxonomy: ${SKIP_MESSAGE}; the load is measured on a made-up file of ${SYNTHETIC_SPECIES.toLocaleString('en')} species`);
      await writeSyntheticTaxonomy(library, SYNTHETIC_SPECIES);
    }
    const loads: LoadRun[] = [];
    for (let i = 0; i < runs; i++) {
      log(`taxonomy: the ingest's load of it, fresh process ${i + 1}/${runs}`);
      loads.push(await loadRun(taxonomyPath(library)));
    }
    const measured: TaxonomyMeasured = { fetches, loads, real: !sharedTaxonomyAbsent };
    return { rows: taxonomyRows(measured), details: measured };
  } finally {
    await cleanup(library);
  }
}

interface LoadRun {
  species: number;
  importMs: number;
  loadMs: number;
  loadCpuMs: number;
}

export interface TaxonomyMeasured {
  /** `npm run taxonomy -- --update` from the loopback server: wall and CPU of the process tree. */
  fetches: Array<{ wallMs: number; cpuMs: number }>;
  loads: LoadRun[];
  /** The real taxonomy, or a made-up one of its size. */
  real: boolean;
}

async function fetchRuns(library: string, runs: number, log: Log): Promise<TaxonomyMeasured['fetches']> {
  const server = await startTaxonomyServer();
  try {
    const launcher = path.join(REPO, 'pipeline', 'launch.mjs');
    // The launcher may (re)build its bundle on its first start: not what a run costs.
    await runMeasured(process.execPath, [launcher, 'taxonomy', '--help'], { cwd: REPO });
    const fetches = [];
    for (let i = 0; i < runs; i++) {
      log(`taxonomy: npm run taxonomy from a loopback eBird API, ${i + 1}/${runs}`);
      const run = await runMeasured(process.execPath, [launcher, 'taxonomy', '--photos', library, '--url', server.url, '--update'], { cwd: REPO });
      if (run.exitCode !== 0) throw new Error(`npm run taxonomy exited with ${run.exitCode}: ${run.stderr.trim().split('\n').at(-1)}`);
      fetches.push({ wallMs: run.wallMs, cpuMs: run.cpuMs });
    }
    return fetches;
  } finally {
    await server.close();
  }
}

/** One cold import and load, in a fresh process, by bench/taxonomy-load.ts's child. */
async function loadRun(file: string): Promise<LoadRun> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'taxonomy-load.ts'), '--child', file], { cwd: REPO });
  return JSON.parse(stdout) as LoadRun;
}

export function taxonomyRows(m: TaxonomyMeasured): Row[] {
  const part = 'Taxonomy';
  const species = m.loads[0]?.species.toLocaleString('en') ?? '?';
  const which = m.real ? `the eBird/Clements v2025 taxonomy (${species} species)` : `a made-up taxonomy of ${species} species (../shared/taxonomy absent)`;
  const fetchNote = `\`npm run taxonomy -- --update\`, whole process, from a loopback server (no network time), median of ${m.fetches.length}`;
  return [
    m.fetches.length > 0
      ? { part, metric: 'fetch, parse, check and write the whole taxonomy', value: median(m.fetches.map((f) => f.wallMs)) / 1000, unit: 's', note: `${fetchNote}; CPU ${(median(m.fetches.map((f) => f.cpuMs)) / 1000).toFixed(2)} s` }
      : { part, metric: 'fetch, parse, check and write the whole taxonomy', value: null, unit: 's', note: 'not measured: ../shared/taxonomy is absent' },
    {
      part,
      metric: "the ingest's load of it (read, validate, index)",
      value: median(m.loads.map((l) => l.loadMs)),
      unit: 'ms',
      note: `${which}, first loadTaxonomy() in a fresh process, median of ${m.loads.length}; CPU ${median(m.loads.map((l) => l.loadCpuMs)).toFixed(0)} ms; import of the module ${median(m.loads.map((l) => l.importMs)).toFixed(0)} ms. A no-op ingest that places nothing does not load it`,
    },
  ];
}
