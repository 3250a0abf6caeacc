/**
 * What the taxonomy costs the ingest that needs it: importing the module (paid by every run that
 * imports it, a no-op one included) and the first loadTaxonomy() (paid only by a run that places
 * a photo by the taxonomy), each measured in a fresh process, then match() and closest() per call.
 *
 *   tsx bench/taxonomy-load.ts [--runs 5] [--file <photos>/taxonomy/taxonomy.tsv | --synthetic <species>]
 *
 * Without --file, a file of --synthetic (default 11,200) made-up species (names as long as real
 * ones, a third with another English name) is written with the pipeline's own writer.
 */
import { Command, InvalidArgumentError } from 'commander';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fullMessageOf } from '../data/error-text.ts';
import { writeSyntheticTaxonomy } from './lib/synthetic-taxonomy.ts';

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
};

interface ChildResult {
  /** Importing taxonomy.ts once zod, data/ and fastest-levenshtein are loaded, as in an ingest. */
  importMs: number;
  loadMs: number;
  /** CPU time of the load (user + system): steadier than wall time on a shared machine. */
  loadCpuMs: number;
  species: number;
  /** Mean over every species' English name. */
  matchUs: number;
  /** Mean over a few misspelt names. */
  closestMs: number;
}

/** In the child: one cold import and load, then the per-call costs. */
async function child(file: string): Promise<void> {
  // What an ingest has loaded before it would import the taxonomy: only the module's own cost is timed.
  await import('../data/life-records.ts');
  await import('fastest-levenshtein');
  const importStarted = performance.now();
  const { loadTaxonomy } = await import('../pipeline/taxonomy/taxonomy.ts');
  const importMs = performance.now() - importStarted;
  const loadStarted = performance.now();
  const cpuBefore = process.cpuUsage();
  const taxonomy = await loadTaxonomy(file);
  const cpu = process.cpuUsage(cpuBefore);
  const loadMs = performance.now() - loadStarted;
  const loadCpuMs = (cpu.user + cpu.system) / 1000;
  const names = taxonomy.species.map((s) => s.englishName.toUpperCase());
  const matchStarted = performance.now();
  let matched = 0;
  for (const name of names) if (taxonomy.match(name)) matched++;
  const matchUs = ((performance.now() - matchStarted) * 1000) / names.length;
  if (matched !== names.length) throw new Error(`${file}: only ${matched} of ${names.length} English names matched their species`);
  const misspelt = taxonomy.species.filter((_, i) => i % Math.ceil(taxonomy.species.length / 10) === 0).map((s) => `${s.englishName.slice(1)}x`);
  const closestStarted = performance.now();
  for (const name of misspelt) taxonomy.closest(name);
  const closestMs = (performance.now() - closestStarted) / misspelt.length;
  const result: ChildResult = { importMs, loadMs, loadCpuMs, species: taxonomy.species.length, matchUs, closestMs };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const program = new Command('taxonomy-load')
    .option('--runs <n>', 'fresh processes to measure (median)', positiveInt, 5)
    .option('--file <file>', "a library's taxonomy file (photos/taxonomy/taxonomy.tsv)")
    .option('--synthetic <species>', 'without --file: measure a made-up file of this many species (default 11200)', positiveInt)
    .option('--child <file>', 'internal: measure one cold load of <file>')
    .parse();
  const options = program.opts<{ runs: number; file?: string; synthetic?: number; child?: string }>();
  if (options.child) return child(options.child);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxonomy-bench-'));
  try {
    const file = options.file ?? (await writeSyntheticTaxonomy(dir, options.synthetic ?? 11_200));
    const results: ChildResult[] = [];
    for (let run = 0; run < options.runs; run++) {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file]);
      results.push(JSON.parse(stdout) as ChildResult);
    }
    const row = (label: string, values: number[], unit: string, digits = 1) => `${label.padEnd(44)} ${median(values).toFixed(digits).padStart(8)} ${unit}  (runs: ${values.map((v) => v.toFixed(digits)).join(', ')})`;
    console.log(`${file}: ${results[0]!.species} species, ${options.runs} fresh processes, medians`);
    console.log(row('import taxonomy.ts (ingest modules loaded)', results.map((r) => r.importMs), 'ms'));
    console.log(row('first loadTaxonomy() (read, validate, index)', results.map((r) => r.loadMs), 'ms'));
    console.log(row('  its CPU time', results.map((r) => r.loadCpuMs), 'ms'));
    console.log(row('match(), per English name', results.map((r) => r.matchUs), 'µs', 2));
    console.log(row('closest(), per misspelt name', results.map((r) => r.closestMs), 'ms', 2));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(fullMessageOf(error));
  process.exitCode = 1;
});
