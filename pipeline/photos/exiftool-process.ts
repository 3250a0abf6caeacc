import { spawn, type ChildProcess } from 'node:child_process';
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
 * killed by a signal (SIGKILL included, which no handler sees) left it running, 25–35 MB each.
 * This prelude checks every second that its parent is still the process that started it, and
 * exits when it is not; then it runs the script as ExifTool's own launcher would.
 */
const PARENT_WATCH = 'my $p = getppid(); $SIG{ALRM} = sub { exit 0 if getppid() != $p; alarm 1 }; alarm 1; $0 = shift @ARGV; do $0; die $@ if $@; exit 0;';

/** Longest a single reading may take before ExifTool is taken for stuck: its own task timeout, plus a start. */
const TASK_TIMEOUT_MS = 20_000;
const STUCK_AFTER_MS = 60_000;

let instance: ExifTool | undefined;
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
  await checkExiftool();
  const { ExifTool, exiftoolPath } = await import('exiftool-vendored');
  instance ??= new ExifTool({
    // One ExifTool per two photos in flight is plenty: a request costs a few ms next to a decode.
    maxProcs: Math.max(1, Math.ceil(availableParallelism() / 2)),
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
      stdio: 'pipe',
      env: { ...process.env, LANG: 'C' },
    });
    // An 'error' event nobody listens to would end the whole ingest.
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
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
