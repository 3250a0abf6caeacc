/**
 * `npm run bench`: the pipeline and the pages measured against their physical limits.
 * Prints one table (figure, target, PASS/FAIL) and writes every measurement to
 * bench/results/<timestamp>.json. The README's Performance section explains every figure.
 */
import { Command, InvalidArgumentError } from 'commander';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PART_NAMES, type BenchOptions, type PartName, type PartResult } from './lib/context.ts';
import { renderTable, statusOf, type Row } from './lib/report.ts';
import { PAGE_HOSTS, PAGE_NAMES, type PageHost, type PageName } from './lib/page-kinds.ts';
import { fullMessageOf } from '../data/error-text.ts';
import { stopEverythingOnExit } from './lib/interrupt.ts';
// Each part (Lighthouse, Playwright, sharp, the pipeline) is imported when it runs, so `--help`
// and a run of some parts load only what they use.

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
};
const partList = (value: string): PartName[] => {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = parts.filter((p) => !(PART_NAMES as readonly string[]).includes(p));
  if (unknown.length > 0 || parts.length === 0) throw new InvalidArgumentError(`unknown part(s) ${unknown.join(', ')}; choose from ${PART_NAMES.join(', ')}`);
  return parts as PartName[];
};

const pageList = (value: string) => {
  const names = value.split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = names.filter((p) => !(PAGE_NAMES as readonly string[]).includes(p));
  if (unknown.length > 0 || names.length === 0) throw new InvalidArgumentError(`unknown page(s) ${unknown.join(', ')}; choose from ${PAGE_NAMES.join(', ')}`);
  return names as PageName[];
};
const hostList = (value: string): PageHost[] => {
  const names = value.split(',').map((s) => s.trim());
  for (const name of names) if (!(PAGE_HOSTS as readonly string[]).includes(name)) throw new InvalidArgumentError(`unknown server '${name}'; expected ${PAGE_HOSTS.join(', ')}`);
  return names as PageHost[];
};

const compressionList = (value: string): boolean[] => {
  if (value === 'both') return [true, false];
  if (value === 'gzip') return [true];
  if (value === 'uncompressed') return [false];
  throw new InvalidArgumentError('expected gzip, uncompressed or both');
};

const program = new Command('bench')
  .description('Measure cold ingest, recordings and clips against bare ffmpeg, no-op re-ingest, memory, pages (Lighthouse) and the lightbox against their targets.')
  .option('--photos <dir>', 'photos folder (life_list/ + site.json) for the cold ingest, instead of the generated 24 MP set')
  .option('--runs <n>', 'Lighthouse runs per page (median); also the cold-ingest repetitions, at most 3', positiveInt, 5)
  .option('--quick', 'a handful of smaller photos, one Lighthouse run per page, fewer lightbox opens: a first look in a few minutes', false)
  .option('--smoke', 'the smallest run of every part (a few photos, one Lighthouse run of the home page): checks the benchmark works, its figures mean nothing', false)
  .option('--only <parts>', `comma-separated parts: ${PART_NAMES.join(', ')}`, partList, [...PART_NAMES])
  .option('--concurrency <n>', "photos in flight, for the pipeline and the bare sharp script alike ", positiveInt, os.availableParallelism())
  .showHelpAfterError()
  .option('--no-build', 'reuse the existing dist/ instead of running npm run build')
  .option('--site <dir>', 'measure this built site (a copy of it) instead of building one')
  .option('--pages <names>', `pages part: comma-separated pages among ${PAGE_NAMES.join(', ')} (default all; lists only with an eBird export)`, pageList)
  .option('--compression <modes>', 'pages part: gzip, uncompressed or both on the bucket server (default both)', compressionList)
  .option('--hosts <names>', `pages part: comma-separated servers among ${PAGE_HOSTS.join(', ')} (default all)`, hostList)
  .option('--replay', "pages part: also measure each host's server through a proxy that replays its recorded answers, so the server's own CPU use is not taken from the browser measured", false)
  .option('--archive-photos <n>', 'archive and publish parts: the largest library measured (archive: beside 100 photos, 6 species a hundred photos), instead of 10,000 (archive: 300 with --quick, publish: 1,000)', positiveInt)
  .option('--results <file>', 'where to write the JSON results (default bench/results/<timestamp>.json)')
  .parse();

const opts = program.opts<{ photos?: string; runs: number; quick: boolean; smoke: boolean; only: PartName[]; concurrency: number; build: boolean; site?: string; results?: string; pages?: PageName[]; compression?: boolean[]; hosts?: PageHost[]; replay: boolean; archivePhotos?: number }>();
const quick = opts.quick || opts.smoke;
const options: BenchOptions = {
  quick,
  smoke: opts.smoke,
  runs: opts.runs,
  ingestRuns: quick ? 1 : Math.min(opts.runs, 3),
  photos: opts.photos,
  only: opts.only,
  concurrency: opts.concurrency,
  build: opts.build,
  site: opts.site,
  resultsFile: opts.results,
  pages: opts.pages,
  compression: opts.compression,
  hosts: opts.hosts,
  replay: opts.replay,
  archivePhotos: opts.archivePhotos,
};
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
stopEverythingOnExit();

const startedAt = new Date();
const loadBefore = os.loadavg();
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const errors: Record<string, string> = {};

async function part(name: string, run: () => Promise<PartResult>): Promise<void> {
  const t = performance.now();
  try {
    const result = await run();
    rows.push(...result.rows);
    details[name] = { ...result.details, seconds: (performance.now() - t) / 1000, loadavg: os.loadavg() };
  } catch (error) {
    // One broken part must not hide the others' figures: report it and carry on.
    const message = fullMessageOf(error);
    errors[name] = message;
    rows.push({ part: name, metric: 'ERROR', value: null, unit: '', note: message });
    log(`${name} failed: ${message}`);
  }
}

const want = (p: PartName) => options.only.includes(p);
if (want('cold')) await part('cold', async () => (await import('./parts/cold-ingest.ts')).coldIngest(options, log));
if (want('formats')) await part('formats', async () => (await import('./parts/formats.ts')).formats(options, log, rows));
if (want('media')) await part('media', async () => (await import('./parts/media.ts')).media(options, log));
if (want('noop') || want('memory')) await part('scale', async () => (await import('./parts/scale.ts')).scale(options, log, { noop: want('noop'), memory: want('memory') }));
if (want('placement')) await part('placement', async () => (await import('./parts/placement.ts')).placement(options, log));
if (want('taxonomy')) await part('taxonomy', async () => (await import('./parts/taxonomy.ts')).taxonomy(options, log));
if (want('pages')) await part('pages', async () => (await import('./parts/pages.ts')).pages(options, log));
if (want('lightbox')) await part('lightbox', async () => (await import('./parts/lightbox.ts')).lightbox(options, log));
if (want('ebird')) await part('ebird', async () => (await import('./parts/ebird.ts')).ebird(options, log));
if (want('archive')) await part('archive', async () => (await import('./parts/archive.ts')).archive(options, log));
if (want('security')) await part('security', async () => (await import('./parts/security.ts')).security(options, log));
if (want('publish')) await part('publish', async () => (await import('./parts/publish.ts')).publishPart(options, log));

const loadAfter = os.loadavg();
const results = {
  startedAt: startedAt.toISOString(),
  seconds: (Date.now() - startedAt.getTime()) / 1000,
  command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
  options,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadavgBefore: loadBefore,
    loadavgAfter: loadAfter,
  },
  rows: rows.map((r) => ({ ...r, status: statusOf(r) })),
  errors,
  details,
};
const file = options.resultsFile ?? path.join(import.meta.dirname, 'results', `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
await fs.mkdir(path.dirname(file), { recursive: true });
await fs.writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
// The same table in Markdown, for the README's Performance section.
const loadNote = `Load average (1/5/15 min) before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' ')}.`;
await fs.writeFile(file.replace(/\.json$/, '.md'), `${renderTable(rows, 'markdown')}\n\n${results.machine.cpus} × ${results.machine.cpuModel}, Node ${process.version}, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. ${loadNote}\n`);

const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
process.stdout.write(`\n${renderTable(rows, 'text')}\n\n`);
process.stdout.write(`Machine: ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${process.version}; load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`);
const busy = Object.entries(details)
  .map(([name, d]) => [name, (d as { loadavg?: number[] }).loadavg?.[0] ?? 0] as const)
  // The benchmark itself keeps about one runnable thread per core busy; twice that means others were running.
  .filter(([, load]) => load > 2 * results.machine.cpus);
if (busy.length > 0) {
  process.stdout.write(`Warning: other processes loaded the machine during ${busy.map(([name, load]) => `${name} (load ${load.toFixed(1)})`).join(', ')}: those figures are pessimistic; run again on a quiet machine.\n`);
}
process.stdout.write(`Results: ${path.relative(process.cwd(), file)}\n`);
process.exitCode = Object.keys(errors).length > 0 ? 1 : 0;
