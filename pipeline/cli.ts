import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { endExiftool } from './photos/exiftool-process.ts';
import { killMediaTools } from './media/ffmpeg.ts';
import { finishUnfinishedWrites } from '../node-lib/files.ts';
import { help, fatal } from './report/messages.ts';
import { EXIT_FATAL, EXIT_OK, EXIT_SOME_FAILED, FatalProblem } from './plumbing/problems.ts';
import { createProgress } from './report/progress.ts';
import { DEFAULT_MAX_MEGAPIXELS, defaultConcurrency, runIngest, type IngestResult } from './run-ingest.ts';
import { runValidate } from './validate.ts';
import { jsonReport, printIngestSummary, printValidation } from './report/summary.ts';
import { stackOf } from '../data/error-text.ts';
import { localToday } from './plumbing/local-day.ts';
import { taxonomyCommand, type TaxonomyOptions } from './taxonomy/command.ts';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

export interface CliState {
  /** Set by the action that ran; what the process should exit with. */
  exitCode: number;
  ingest?: IngestResult;
}

/**
 * The command line, writing to io (runProgram runs it). A bad option, `--help` or `--version`
 * throws a CommanderError instead of exiting the process, so it never ends a test's process and
 * main gives the documented exit status: set before the commands are added, which copy it.
 */
function buildProgram(io: CliIo = { stdout: process.stdout, stderr: process.stderr }, state: CliState = { exitCode: EXIT_OK }): Command {
  const program = new Command('pipeline').exitOverride().description(help.program).addHelpText('after', help.exitCodes);
  program.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  addIngest(program, io, state);
  addTaxonomy(program, io, state);
  addValidate(program, io, state);
  return program;
}

/** `ingest`: the photos into renditions and data files, then the summary (or its JSON report). */
function addIngest(program: Command, io: CliIo, state: CliState): void {
  subcommand(program, 'ingest', help.ingest)
    .option('--photos <dir>', help.photos, 'photos')
    .option('--out <dir>', help.out, 'data/generated')
    .addOption(new Option('--concurrency <n>', help.concurrency).argParser(parseConcurrency).default(defaultConcurrency(), String(defaultConcurrency())))
    .option('--force', help.force, false)
    .option('--quiet', help.quiet, false)
    .option('--json', help.json, false)
    .addOption(new Option('--max-megapixels <n>', help.maxMegapixels).argParser(parseMegapixels).default(DEFAULT_MAX_MEGAPIXELS))
    .option('--accept-ebird-export', help.acceptEbirdExport, false)
    .action(
      exitStatusInto(
        state,
        io,
        async (opts: { photos: string; out: string; concurrency: number; force: boolean; quiet: boolean; json: boolean; maxMegapixels: number; acceptEbirdExport: boolean }) => {
          const result = await runIngest({
            photosDir: opts.photos,
            outDir: opts.out,
            concurrency: opts.concurrency,
            force: opts.force,
            maxPixels: opts.maxMegapixels * 1e6,
            acceptEbirdExport: opts.acceptEbirdExport,
            progress: createProgress({ stream: io.stderr, quiet: opts.quiet }),
            // Shown even with --quiet: the ingest is about to use the network.
            note: (line: string) => io.stderr.write(`${line}\n`),
          });
          state.ingest = result;
          const exitCode = result.problems.errorCount > 0 ? EXIT_SOME_FAILED : EXIT_OK;
          if (opts.json) io.stdout.write(`${JSON.stringify(jsonReport(result, exitCode), null, 2)}\n`);
          // With --json the human summary moves to stderr so stdout stays machine-readable.
          printIngestSummary(result, opts.json ? io.stderr : io.stdout, io.stderr, opts.quiet);
          return exitCode;
        },
        (opts) => opts.json,
      ),
    );
}

/** `taxonomy`: the bird names the ingest places photos by, fetched or read from a file. */
function addTaxonomy(program: Command, io: CliIo, state: CliState): void {
  subcommand(program, 'taxonomy', help.taxonomy)
    .option('--photos <dir>', help.taxonomyPhotos, 'photos')
    .option('--from <file or URL>', help.taxonomyFrom)
    .option('--url <url>', help.taxonomyUrl)
    .option('--locale <code>', help.taxonomyLocale)
    .option('--update', help.taxonomyUpdate, false)
    .option('--edition <name>', help.taxonomyEdition)
    .option('--partial', help.taxonomyPartial, false)
    .option('--out <dir>', help.taxonomyOut, 'data/generated')
    .action(exitStatusInto(state, io, (opts: TaxonomyOptions) => taxonomyCommand(opts, io, localToday())));
}

/** `validate`: every data file checked with its schema. */
function addValidate(program: Command, io: CliIo, state: CliState): void {
  subcommand(program, 'validate', help.validate)
    .option('--out <dir>', help.out, 'data/generated')
    .action(
      exitStatusInto(state, io, async (opts: { out: string }) => {
        const result = await runValidate(opts.out);
        printValidation(result, io.stdout, io.stderr);
        return result.problems.length > 0 ? EXIT_SOME_FAILED : EXIT_OK;
      }),
    );
}

/** A command of the program, its help followed by the exit codes as every command's is. */
function subcommand(program: Command, name: string, description: string): Command {
  return program.command(name).description(description).addHelpText('after', help.exitCodes);
}

/**
 * A command's action: what `run` returns is the exit status (into state); a problem it throws is
 * reported as fatal, also as a JSON report on stdout where `json` says the options asked for one.
 */
function exitStatusInto<O>(state: CliState, io: CliIo, run: (opts: O) => Promise<number>, json: (opts: O) => boolean = () => false): (opts: O) => Promise<void> {
  return async (opts) => {
    try {
      state.exitCode = await run(opts);
    } catch (error) {
      state.exitCode = reportFatal(error, io, json(opts));
    }
  };
}

function reportFatal(error: unknown, io: CliIo, json: boolean): number {
  const message = error instanceof FatalProblem ? error.message : fatal.unexpected(stackOf(error));
  io.stderr.write(`${message}\n`);
  if (json) io.stdout.write(`${JSON.stringify({ status: 'fatal', exitCode: EXIT_FATAL, message }, null, 2)}\n`);
  return EXIT_FATAL;
}

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError(fatal.badConcurrency(value));
  return n;
}

function parseMegapixels(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(fatal.badMegapixels(value));
  return n;
}

/** Exit statuses of a process ended by these signals (128 + the signal's number), as shells report them. */
const SIGNAL_EXITS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
/** Longest wait for ExifTool to end on an interrupt before exiting anyway (it then ends on its own: see photos/exiftool-process.ts). */
const END_GRACE_MS = 2_000;

/**
 * Ctrl-C, SIGTERM and SIGHUP kill every ffmpeg and end ExifTool, then the process, with the signal's exit status.
 * Every data file is written atomically, so stopping anywhere leaves the last complete state.
 */
function exitOnSignals(): void {
  for (const [signal, code] of Object.entries(SIGNAL_EXITS) as Array<[NodeJS.Signals, number]>) {
    process.once(signal, () => {
      process.stderr.write(`${fatal.interrupted(signal)}\n`);
      // The run may go on meanwhile (a stage stopped by it saves what it has): whatever it is
      // writing as it exits is removed or, a journaled set, finished; the files in place are whole.
      const exit = () => {
        finishUnfinishedWrites();
        process.exit(code);
      };
      setTimeout(exit, END_GRACE_MS).unref();
      void Promise.allSettled([killMediaTools(), endExiftool()]).finally(exit);
    });
  }
}

/**
 * Runs the command line on argv, writing to io, and returns the exit status: the command's own, or
 * EXIT_FATAL for an argument commander refuses (0 for --help and --version). Tests call it in-process.
 */
export async function runProgram(argv: string[], io?: CliIo, state: CliState = { exitCode: EXIT_OK }): Promise<number> {
  try {
    await buildProgram(io, state).parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0 ? EXIT_OK : EXIT_FATAL;
    throw error;
  }
  return state.exitCode;
}

/** Runs the CLI for this process and returns its exit status. */
export async function main(argv: string[]): Promise<number> {
  exitOnSignals();
  return runProgram(argv);
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  // A rejection stays unhandled on purpose: Node prints its stack and exits 1.
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
