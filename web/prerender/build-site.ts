/**
 * `npm run build`: ingest (quiet) → client and server bundles (only when the code changed)
 * → dist/: the published files hard-linked, each page pre-rendered only when its inputs
 * changed, and whatever is gone removed, plus the configuration files of the host the site is
 * published on (host-files.ts). With `publishing.assetOrigin`, the photos' image files go to a
 * folder of their own (`dist-photos/` beside dist/) to sync to object storage, and dist/ holds
 * the pages and data only. Options let tests build a photo tree of their own into a temporary
 * folder without touching the sample build:
 *   tsx web/prerender/build-site.ts [--photos dir] [--generated dir] [--out dir] [--photos-out dir] [--base /sub/] [--skip-ingest]
 * BASE_PATH (env) sets the base path as well; otherwise site.json's publishing.basePath does.
 */
import { spawnSync } from 'node:child_process';
import { Command, CommanderError } from 'commander';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLICATION_STAMP_FILE } from '../../data/manifest-layout.ts';
import { filesUnder, unlessMissing } from '../../node-lib/files.ts';
import { PROJECT_ROOT } from '../../node-lib/project-root.ts';
import { NOT_FOUND_FILE } from '../../data/paths.ts';
import { isPhotoFile, resolveAssetOrigin, resolveBasePath } from '../../data/publishing.ts';
import { builtFrom, finishBuild, hashOf, linkIfChanged, loadBuildState, writeIfChanged } from './build-state.ts';
import { hostFiles } from './host-files.ts';
import { prerender } from './prerender.ts';
import { readPublishedLanguage, readPublishedSettings } from './published-settings.ts';
import { LANGUAGE_DEFINE } from '../vite-plugins/site-words.ts';
import { fullMessageOf } from '../../data/error-text.ts';

// Run from its bundle (web/prerender/launch.mjs), the module is not in the project: the launcher says where that is.
const projectRoot = PROJECT_ROOT;

export interface BuildOptions {
  photos?: string;
  /** The ingest's output folder (holds public/ and cache/). */
  generated?: string;
  out?: string;
  /** Where the photos' image files go when an asset origin is set (default: `<out>-photos`). */
  photosOut?: string;
  base?: string;
  skipIngest?: boolean;
  quiet?: boolean;
  /**
   * React flavour of the bundles. Vite follows NODE_ENV, which test runners set to
   * 'test' (a development build, whose hydration checks are stricter); the shell
   * default is production. Tests pass 'production' to check what is deployed.
   */
  nodeEnv?: 'production' | 'development';
}

export interface BuildResult {
  out: string;
  /** The folder holding the photos' image files for object storage, when an asset origin is set. */
  photosOut: string | undefined;
  /** Whether the client and server bundles were built (false: the code had not changed). */
  bundled: boolean;
  /** Pages and site files written by this build, relative to out. */
  rendered: string[];
  pages: number;
  linked: number;
  removed: number;
  /** Nothing to do: dist/ was built from this code and this ingest's output (pages is then 0: none were listed). */
  upToDate: boolean;
}

function ingest(photos: string | undefined, generated: string, quiet: boolean): void {
  const args = [join(projectRoot, 'pipeline/launch.mjs'), 'ingest', '--quiet', '--out', generated, ...(photos ? ['--photos', photos] : [])];
  const result = spawnSync(process.execPath, args, { cwd: projectRoot, stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit', encoding: 'utf8' });
  const problems = quiet && result.stderr ? `\n${result.stderr}` : '';
  // 1 = some photos failed: the rest is published and the ingest said which; 2 = nothing usable.
  if (result.status === 1) process.stderr.write(`The ingest reported problems; building with the photos that worked.${problems}\n`);
  else if (result.status !== 0) throw new Error(`The ingest failed (exit status ${result.status ?? result.signal}).${problems}`);
}

const bundleCache = join(projectRoot, 'node_modules', '.cache', 'bird-portfolio');
const KEPT_BUNDLES = 4;

/** Sources that shape the bundles (tests excluded), hashed by content. */
async function codeHash(settings: string[]): Promise<string> {
  const files: string[] = [];
  for (const dir of ['web', 'data']) for (const f of await filesUnder(join(projectRoot, dir))) if (!/\.test\.tsx?$/.test(f) && !f.startsWith('generated/') && !f.includes('/test/')) files.push(`${dir}/${f}`);
  files.push('vite.config.ts', 'package-lock.json', 'tsconfig.json');
  const parts: string[] = [...settings];
  for (const file of files.sort()) parts.push(file, await readFile(join(projectRoot, file), 'utf8'));
  return hashOf(...parts);
}

/**
 * The client and server bundles of this code and these settings, built once and kept in
 * node_modules/.cache (the server bundle's bare imports resolve from the project there).
 * Built into a temporary folder and renamed, so builds running together never see half a bundle.
 */
async function bundles(code: string, base: string, assetOrigin: string, language: string, nodeEnv: 'production' | 'development', quiet: boolean): Promise<{ dir: string; built: boolean }> {
  const dir = join(bundleCache, `site-${code}`);
  if (existsSync(join(dir, 'client', 'index.html')) && existsSync(join(dir, 'server', 'entry-server.js'))) {
    // Marked as used, so a build of other settings running beside this one does not prune it.
    const now = new Date();
    await utimes(dir, now, now);
    return { dir, built: false };
  }
  const temp = `${dir}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  const { build } = await import('vite');
  const shared = {
    configFile: join(projectRoot, 'vite.config.ts'),
    base,
    logLevel: quiet ? ('warn' as const) : ('info' as const),
    define: { 'import.meta.env.VITE_ASSET_ORIGIN': JSON.stringify(assetOrigin), [LANGUAGE_DEFINE]: JSON.stringify(language) },
  };
  // The flavour named in the bundle's hash, whatever this process's NODE_ENV (a test runner's 'test').
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    // The published files are linked into dist/ by the build itself, not copied by Vite.
    await build({ ...shared, publicDir: false, build: { outDir: join(temp, 'client'), emptyOutDir: true } });
    await build({ ...shared, publicDir: false, build: { ssr: join(projectRoot, 'web/entry-server.tsx'), outDir: join(temp, 'server'), emptyOutDir: true, copyPublicDir: false } });
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }
  try {
    await rename(temp, dir);
  } catch (error) {
    // Another build of the same code finished first (the folder is there now): its bundle is the same.
    if (!existsSync(join(dir, 'client', 'index.html'))) throw error;
    await rm(temp, { recursive: true, force: true });
  }
  await pruneBundles(dir);
  return { dir, built: true };
}

/** A bundle used this recently may belong to a build still running (the tests run several side by side). */
const IN_USE_MS = 60 * 60 * 1000;

/** Keeps the newest few bundles (builds with another base path or React flavour may still use them), and any used within the hour. */
async function pruneBundles(keep: string): Promise<void> {
  const all = await Promise.all(
    (await readdir(bundleCache)).filter((n) => n.startsWith('site-')).map(async (n) => ({ name: n, path: join(bundleCache, n), mtime: (await stat(join(bundleCache, n))).mtimeMs })),
  );
  const now = Date.now();
  // Half a bundle left by a build that was stopped (Ctrl-C) while Vite wrote it.
  for (const half of all.filter((b) => b.name.includes('.tmp-') && now - b.mtime > IN_USE_MS)) await rm(half.path, { recursive: true, force: true });
  const dated = all.filter((b) => !b.name.includes('.tmp-'));
  for (const old of dated.sort((a, b) => b.mtime - a.mtime).slice(KEPT_BUNDLES)) {
    if (old.path !== keep && now - old.mtime > IN_USE_MS) await rm(old.path, { recursive: true, force: true });
  }
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const generated = resolve(options.generated ?? join(projectRoot, 'data/generated'));
  const publicDir = join(generated, 'public');
  const out = resolve(options.out ?? join(projectRoot, 'dist'));
  const quiet = options.quiet ?? false;
  const log = quiet ? () => {} : (line: string) => process.stdout.write(`${line}\n`);
  if (!options.skipIngest) ingest(options.photos ? resolve(options.photos) : undefined, generated, quiet);

  const published = readPublishedSettings(publicDir);
  // The same precedence as vite.config.ts, so `vite preview` (npm start) serves the build under the same base path.
  const base = resolveBasePath({ option: options.base, env: process.env.BASE_PATH, published: published?.basePath });
  const assetOrigin = resolveAssetOrigin({ env: process.env.VITE_ASSET_ORIGIN, published: published?.assetOrigin });
  const nodeEnv = options.nodeEnv ?? (process.env.NODE_ENV === 'production' || !process.env.NODE_ENV ? 'production' : 'development');
  const language = readPublishedLanguage(publicDir);
  const code = await codeHash([base, assetOrigin, language, nodeEnv]);
  const { dir: bundleDir, built: bundled } = await bundles(code, base, assetOrigin, language, nodeEnv, quiet);

  const stateFile = (folder: string) => join(generated, 'cache', `dist-state-${hashOf(folder)}.json`);
  // With an asset origin the photos are served from object storage: a folder of their own to sync there.
  const photosOut = assetOrigin ? resolve(options.photosOut ?? `${out}-photos`) : undefined;
  // The ingest gives public/ a new stamp whenever it may have changed it: with the same stamp
  // and the same code, dist/ is what this build would make, and checking its ~5 files per
  // photo one by one would cost seconds at 10,000 photos.
  const stamp = await unlessMissing(readFile(join(generated, 'cache', PUBLICATION_STAMP_FILE), 'utf8'));
  const inputs = stamp ? hashOf(code, stamp) : undefined;
  if (inputs && (await builtFrom(out)) === inputs && (!photosOut || (await builtFrom(photosOut)) === inputs)) {
    log('dist/ is up to date: nothing was ingested and the code is unchanged.');
    return { out, photosOut, bundled, rendered: [], pages: 0, linked: 0, removed: 0, upToDate: true };
  }
  const warn = (line: string) => process.stderr.write(`warning: ${line}\n`);
  const state = await loadBuildState(stateFile(out), out, warn);
  const photoState = photosOut ? await loadBuildState(stateFile(photosOut), photosOut, warn) : undefined;
  const client = join(bundleDir, 'client');
  for (const file of await filesUnder(client)) if (file !== 'index.html' && file !== NOT_FOUND_FILE) await linkIfChanged(state, out, file, join(client, file));
  for (const file of await filesUnder(publicDir)) {
    if (photoState && photosOut && isPhotoFile(file)) await linkIfChanged(photoState, photosOut, file, join(publicDir, file));
    else await linkIfChanged(state, out, file, join(publicDir, file));
  }

  const report = await prerender({
    dist: out,
    templateFile: join(client, 'index.html'),
    serverEntry: join(bundleDir, 'server', 'entry-server.js'),
    publicDir,
    state,
    codeHash: code,
    language,
    log,
  });
  for (const [file, content] of hostFiles(published?.host, report.policy)) await writeIfChanged(state, out, file, hashOf(content), async () => content);
  if (photoState && photosOut) {
    await finishBuild(photoState, stateFile(photosOut), photosOut, inputs);
    log(`${photosOut}: the photos for ${assetOrigin}, ${photoState.stats.linked} linked, ${photoState.stats.removed} removed.`);
  }
  await finishBuild(state, stateFile(out), out, inputs);
  log(`dist/: ${state.stats.written} files written, ${state.stats.linked} linked, ${state.stats.removed} removed${bundled ? '' : ' (bundles unchanged)'}.`);
  const linked = state.stats.linked + (photoState?.stats.linked ?? 0);
  const removed = state.stats.removed + (photoState?.stats.removed ?? 0);
  return { out, photosOut, bundled, rendered: report.rendered, pages: report.pages, linked, removed, upToDate: false };
}

/** The command line of `npm run build`; `run` is called with what it was given. */
function buildProgram(run: (options: BuildOptions) => Promise<void>): Command {
  return new Command('build')
    .exitOverride()
    .description('Ingest the photos (quietly), then build the site into dist/, rewriting only what changed.')
    .option('--photos <dir>', 'the photos folder holding site.json (default: photos/)')
    .option('--generated <dir>', "the ingest's output folder (default: data/generated/)")
    .option('--out <dir>', 'where the site is built (default: dist/)')
    .option('--photos-out <dir>', 'with publishing.assetOrigin, where the photos go (default: <out>-photos)')
    .option('--base <path>', 'the base path the site is served under, e.g. /birds/ (default: BASE_PATH, or site.json)')
    .option('--skip-ingest', 'build from the ingest output as it is', false)
    .option('--quiet', 'print nothing but errors', false)
    .action(async (options: BuildOptions) => run(options));
}

/** The command line: `main(process.argv.slice(2))` → exit status (2: a mistyped command, as --help says). */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram(async (options) => void (await buildSite(options))).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has printed its own line (the usage, or what was wrong with the command).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    process.stderr.write(`Build failed: ${fullMessageOf(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
