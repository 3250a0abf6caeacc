import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { PUBLICATION_STAMP_FILE } from '../../data/manifest-layout.ts';

export interface WatchPhotosOptions {
  /** The owner's photos folder (photos, sidecars, site.json, the eBird export, the taxonomy). */
  photosDir: string;
  /** The ingest's output folder: its cache holds the stamp a run that published something renews. */
  generatedDir: string;
  /** The ingest's command line, run from `cwd` as a child process (web/ never imports the pipeline). */
  ingest: readonly [string, ...string[]];
  cwd: string;
  /** Quiet time after the last change before the ingest runs: a folder of photos copied in is one run, not one per file. */
  settleMs?: number;
}

/** After the ingest, how long Vite's own watcher must have seen nothing new in the public folder before the page reloads. */
const PUBLIC_QUIET_MS = 150;
const PUBLIC_QUIET_LIMIT_MS = 3_000;

/**
 * `npm run dev` follows the photos folder: a change there (a photo added, replaced, renamed or
 * deleted, a sidecar or site.json edited) re-runs the incremental ingest, which costs what
 * changed, then reloads the open pages when it published something. The ingest reports a broken
 * file itself (its path and reason, on this terminal); the server keeps serving either way.
 * It uses Vite's own file watcher (chokidar, which follows linked folders; Node 20's recursive
 * fs.watch on Linux does not), so there is no second watcher to start or to stop.
 */
export function watchPhotos(options: WatchPhotosOptions): Plugin {
  let runner: IngestRunner | undefined;
  return {
    name: 'portfolio:watch-photos',
    apply: 'serve',
    configureServer(server) {
      runner = new IngestRunner(server, options);
      const photosDir = path.resolve(options.photosDir);
      server.watcher.add(photosDir);
      server.watcher.on('all', (_event, file) => {
        if (isWithin(path.resolve(file), photosDir)) runner?.changed();
      });
    },
    // Called as the server closes (Ctrl-C, SIGTERM): no ingest outlives it.
    async closeBundle() {
      await runner?.stop();
    },
  };
}

/** One ingest at a time: changes seen during a run make one more run after it. */
class IngestRunner {
  private timer: NodeJS.Timeout | undefined;
  private child: ChildProcess | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly server: ViteDevServer,
    private readonly options: WatchPhotosOptions,
  ) {}

  changed(): void {
    if (this.stopped) return;
    if (this.child) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.options.settleMs ?? 300);
  }

  private async run(): Promise<void> {
    const logger = this.server.config.logger;
    logger.info(`${path.basename(this.options.photosDir)}/ changed: updating the site…`, { timestamp: true });
    const before = await this.stamp();
    // Stopped while the stamp was read: stop() found no ingest to end, so none may start now (it
    // would outlive the server, ExifTool and all).
    if (this.stopped) return;
    const status = await this.ingest();
    if (this.stopped) return;
    if (status !== 0) logger.warn(afterFailure(status), { timestamp: true });
    if ((await this.stamp()) !== before) {
      await this.publicFolderSettled();
      logger.info('Site updated: reloading the open pages.', { timestamp: true });
      this.server.ws.send({ type: 'full-reload', path: '*' });
    }
    if (this.again) {
      this.again = false;
      this.changed();
    }
  }

  private ingest(): Promise<number> {
    const [command, ...args] = this.options.ingest;
    const child = spawn(command, args, { cwd: this.options.cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    return new Promise((resolve) => {
      child.once('error', (error) => {
        this.server.config.logger.error(`Could not start the ingest (${command}): ${error.message}`);
      });
      child.once('close', (code, signal) => {
        this.child = undefined;
        resolve(code ?? (signal ? 128 : 1));
      });
    });
  }

  /** The ingest renews the stamp whenever it published something; a run that changed nothing leaves the page alone. */
  private async stamp(): Promise<string | undefined> {
    try {
      return await readFile(path.join(this.options.generatedDir, 'cache', PUBLICATION_STAMP_FILE), 'utf8');
    } catch {
      // No ingest has published yet.
      return undefined;
    }
  }

  /**
   * Vite serves a public file only once its watcher has seen it: the reloaded page asks for the
   * new renditions and data files, so the reload waits until the watcher has caught up.
   */
  private publicFolderSettled(): Promise<void> {
    const publicDir = this.server.config.publicDir;
    const watcher = this.server.watcher;
    return new Promise((resolve) => {
      let quiet: NodeJS.Timeout;
      const done = () => {
        clearTimeout(quiet);
        clearTimeout(limit);
        watcher.off('all', seen);
        resolve();
      };
      const seen = (_event: string, file: string) => {
        if (!publicDir || !isWithin(path.resolve(file), publicDir)) return;
        clearTimeout(quiet);
        quiet = setTimeout(done, PUBLIC_QUIET_MS);
      };
      const limit = setTimeout(done, PUBLIC_QUIET_LIMIT_MS);
      quiet = setTimeout(done, PUBLIC_QUIET_MS);
      watcher.on('all', seen);
    });
  }

  /**
   * No ingest starts after this, and the one running, if any, is ended and waited for. Its child is
   * set in the same turn as it is spawned (ingest()), and run() checks `stopped` before spawning,
   * so an ingest about to start when the server closes never starts.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const child = this.child;
    if (!child) return;
    const closed = new Promise((resolve) => child.once('close', resolve));
    // The ingest ends ExifTool on SIGTERM, then itself. Already ended (Ctrl-C reaches the whole
    // process group), it has nothing to be told: its 'close' comes all the same.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await closed;
  }
}

/** The ingest's exit status (`npm run ingest -- --help`): 1, some files had problems; else it published nothing. */
function afterFailure(status: number): string {
  return status === 1
    ? 'The files reported above are left out; the page shows everything else. The server keeps watching.'
    : `The ingest stopped (status ${status}) before publishing: the page keeps the last site. Mend what it reported above; the server keeps watching.`;
}

function isWithin(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}
