import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import type { ExifTool } from 'exiftool-vendored';

/**
 * The ExifTool processes of an ingest: started on the first photo that needs reading, checked
 * (Perl must run), ended with the ingest however it ends, and given up for the run when the
 * machine cannot run them. pipeline/photos/exiftool.ts asks them for tags.
 */

/**
 * ExifTool could not run on this machine (no Perl, Perl that does not start, ExifTool that
 * crashes or stops answering). A property of the machine, never of a photo: the caller reads
 * the photo another way and must not cache that as the photo's reading.
 */
export class ExiftoolUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExiftoolUnavailable';
  }
}

/**
 * ExifTool runs, but its reading of one photo failed (the task timed out, its process died
 * during it): the tool's failure on this photo in this run, not the photo's metadata, so it is
 * never cached as the photo's and the photo is read again on the next run.
 */
export class ExiftoolTaskFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExiftoolTaskFailed';
  }
}

/** The Perl that runs ExifTool: `PORTFOLIO_PERL` when set (a Perl outside the PATH), else `perl` on the PATH. */
function perlCommand(): string {
  return process.env.PORTFOLIO_PERL || 'perl';
}

/**
 * Runs the vendored exiftool script in a Perl that ends when the ingest does. ExifTool's
 * `-stay_open` loop polls its argument pipe for ever, even after the pipe's end, so an ingest
 * killed by a signal (SIGKILL included, which no handler sees) would leave it running, 25–35 MB each.
 *
 * The watch must not touch ExifTool's own process: a signal there (a timer, say) breaks its
 * blocking read of the argument pipe (EINTR), which ExifTool takes for the pipe's end, so it
 * leaves `-stay_open` and exits after the photo it is reading, and a new Perl is started for the
 * next one. Perl cannot make that read restart instead: its handlers run only once the read returns.
 *
 * So this prelude forks a watcher before it runs the script. The watcher blocks (no timer, no
 * polling) on two pipes at once: fd 3, whose other end only the Node process holds (and the
 * system closes when it dies, however it dies), and a pipe whose write end only ExifTool holds.
 * The first to reach its end decides: Node gone, it kills ExifTool (SIGKILL: ExifTool only reads
 * here, there is nothing to clean up); ExifTool gone, it just exits. It holds none of ExifTool's
 * stdio, so ExifTool's pipes close when ExifTool ends. exiftool-vendored still recycles a process
 * after 500 photos or 5 minutes (its guard against a Perl that grows): one start, ~0.04 s of CPU.
 */
const NODE_WATCH_FD = 3;
const PARENT_WATCH = [
  'my $tool = $$;',
  'pipe(my $ended, my $alive) or die "exiftool watch: pipe: $!";',
  'my $watcher = fork;',
  'die "exiftool watch: fork: $!" unless defined $watcher;',
  'if ($watcher == 0) {',
  "  $0 = 'exiftool-watch'; close $alive;",
  "  open STDIN, '<', '/dev/null'; open STDOUT, '>', '/dev/null'; open STDERR, '>', '/dev/null';",
  `  open(my $node, '<&=', ${NODE_WATCH_FD}) or exit 0;`,
  "  my $watched = ''; vec($watched, fileno $node, 1) = 1; vec($watched, fileno $ended, 1) = 1;",
  '  my $ready;',
  '  until (select($ready = $watched, undef, undef, undef) > 0) { exit 0 unless $!{EINTR} }',
  "  kill 'KILL', $tool unless vec($ready, fileno $ended, 1);",
  '  exit 0;',
  '}',
  'close $ended;',
  '$0 = shift @ARGV; do $0; die $@ if $@; exit 0;',
].join(' ');

/** ExifTool processes an ingest runs at most: one per two cores is plenty, a request costs a few ms next to a decode. */
export const EXIFTOOL_PROCS = Math.max(1, Math.ceil(availableParallelism() / 2));

/** Longest a single reading may take before ExifTool is taken for stuck: its own task timeout, plus a start. */
const TASK_TIMEOUT_MS = 20_000;
const STUCK_AFTER_MS = 60_000;

let instance: ExifTool | undefined;
/** ExifTool processes this Node process started (Perl path only), for the tests that count them. */
let started = 0;
let unavailable: ExiftoolUnavailable | undefined;
let checked: Promise<void> | undefined;

/**
 * On Windows exiftool-vendored runs its own ExifTool executable (exiftool-vendored.exe), which
 * needs no Perl: there is nothing to check, and it is started the package's way.
 */
const OWN_EXECUTABLE = process.platform === 'win32';

/** Whether ExifTool can run here: Perl starts and runs a line of Perl. Checked once per ingest. */
export function checkExiftool(): Promise<void> {
  if (OWN_EXECUTABLE) return Promise.resolve();
  checked ??= new Promise<void>((resolve, reject) => {
    const perl = perlCommand();
    const child = spawn(perl, ['-e', 'print "ok"'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new ExiftoolUnavailable(`${perl} could not be started (${error.message})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (out === 'ok') resolve();
      else reject(new ExiftoolUnavailable(`${perl} did not run Perl (${signal ? `ended by ${signal}` : `exit status ${code}`})`));
    });
  }).catch((error: ExiftoolUnavailable) => {
    unavailable = error;
    throw error;
  });
  return checked;
}

/** Loaded on first use: a no-op re-ingest never loads exiftool-vendored nor starts Perl. */
export async function exiftool(): Promise<ExifTool> {
  if (unavailable) throw unavailable;
  // The package loads while Perl answers: neither waits on the other.
  const [, { ExifTool, exiftoolPath }] = await Promise.all([checkExiftool(), import('exiftool-vendored')]);
  instance ??= new ExifTool({
    maxProcs: EXIFTOOL_PROCS,
    // Never guess a time zone from GPS (and so never load the time-zone tables): we keep the day text only.
    geoTz: () => undefined,
    taskTimeoutMillis: TASK_TIMEOUT_MS,
    // Perl was checked above, our way (PORTFOLIO_PERL included).
    checkPerl: false,
    ...(OWN_EXECUTABLE ? {} : { processFactory: async () => startExiftool(await exiftoolPath()) }),
  } as ConstructorParameters<typeof ExifTool>[0]);
  return instance;
}

function startExiftool(script: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(perlCommand(), ['-e', PARENT_WATCH, script, '-stay_open', 'True', '-@', '-'], {
      // fd 3: the watcher's end of the ingest's life (see PARENT_WATCH). Never written.
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, LANG: 'C' },
    });
    started += 1;
    // It only has to exist: it must not keep the ingest's event loop alive, nor fail it.
    const lifeline = child.stdio[NODE_WATCH_FD] as Socket | null;
    lifeline?.unref();
    lifeline?.on('error', () => {});
    // An 'error' event nobody listens to would end the whole ingest.
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

/** How many ExifTool processes this Node process has started so far (0 on Windows, where the package starts its own). */
export function exiftoolStarts(): number {
  return started;
}

/** Ends the ExifTool processes; the next read starts them again (and checks the machine again). Call when an ingest is done. */
export async function endExiftool(): Promise<void> {
  const running = instance;
  instance = undefined;
  unavailable = undefined;
  checked = undefined;
  if (running) await running.end();
}

/** A reading that never settles (a Perl that dies as it starts leaves ExifTool's queue waiting) is taken for a machine failure. */
export function unlessStuck<T>(reading: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExiftoolUnavailable(`ExifTool gave no answer in ${STUCK_AFTER_MS / 1000} s`)), STUCK_AFTER_MS);
  });
  return Promise.race([reading, stuck]).finally(() => clearTimeout(timer));
}

/** Gives ExifTool up for the rest of the run (it is stuck, or cannot start): the next photos go to exifr at once. */
export function givenUp(error: ExiftoolUnavailable): ExiftoolUnavailable {
  unavailable = error;
  return error;
}
