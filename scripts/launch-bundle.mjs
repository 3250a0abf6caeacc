// Starts a TypeScript command as plain node on an esbuild bundle of it: ~0.1 s where tsx
// needs 0.5–1 s, most of a no-op ingest or build. The bundle is rebuilt (esbuild, ~50 ms)
// whenever a source under its folders is newer than it. It is split into chunks so what
// the command imports lazily (sharp, vite) stays unloaded on a run with nothing to redo.
// Packages are imported from node_modules, but for the plain-JS ones a launcher names to
// bundle (`inline`): Node 20 resolves, reads and links every file of a package on every
// start (zod's API is dozens of files) and scans a CommonJS package's source for its
// exports, so a package loaded at every start costs less bundled. Bundled packages are
// code of the bundle: a new lockfile (an install) rebuilds it as a changed source does.
//
// The project is found at run time, from this file's own place: a copied, moved or second
// checkout runs its own code on its own folders, even when its cache came along with
// `cp -a` or is shared. Bundles carry no path, and each project folder has its own pointer.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.join(root, 'node_modules', '.cache', 'bird-portfolio');
/** Names this project folder's bundles: another folder sharing the cache never runs or deletes them. */
const rootKey = createHash('sha1').update(root).digest('hex').slice(0, 10);

function newestSource(dirs) {
  // The lockfiles: what npm installed, for the packages bundled in.
  let newest = Math.max(0, ...['package-lock.json', 'node_modules/.package-lock.json'].map((file) => mtimeOf(path.join(root, file))));
  for (const dir of dirs) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      const folder = entry.parentPath ?? entry.path;
      // Vendored data read at run time (the map shapes' .json) is code too; the runs' own output (data/generated) is not.
      if (entry.isFile() && /\.(tsx?|mjs|json)$/.test(entry.name) && !folder.split(path.sep).includes('generated')) newest = Math.max(newest, statSync(path.join(folder, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** An esbuild plugin leaving every package external but `names` and what they import. */
function bundling(names) {
  const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  return {
    name: 'bundle-only-these-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
        if (specifier.startsWith('node:')) return { external: true };
        const fromAPackage = importer.split(path.sep).includes('node_modules');
        return fromAPackage || names.includes(packageOf(specifier)) ? undefined : { external: true };
      });
    },
  };
}

/**
 * Runs `main(argv)` of `entry` (relative to the project) from its bundle and sets the exit code.
 * `name` names the bundle; `sources` are the folders whose changes rebuild it; `inline` the
 * plain-JS packages bundled into it (with what they import), loaded at every start.
 */
export async function launch({ name, entry, sources, inline = [] }) {
  /** Names the folder of the newest bundle; replaced atomically, so runs starting together never see half a bundle. */
  const prefix = `${name}-${rootKey}-`;
  const pointer = path.join(cacheDir, `${prefix}current`);
  const currentBundle = () => {
    try {
      const file = path.join(cacheDir, readFileSync(pointer, 'utf8').trim(), 'main.mjs');
      return { file, builtAt: statSync(file).mtimeMs };
    } catch {
      return undefined;
    }
  };
  const rebuild = async () => {
    const { build } = await import('esbuild');
    const folder = `${prefix}${Date.now()}-${process.pid}`;
    await build({
      entryPoints: { main: path.join(root, entry) },
      outdir: path.join(cacheDir, folder),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      plugins: [bundling(inline)],
      // A CommonJS package bundled into ESM asks for Node's modules with `require`.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const previous = readdirSync(cacheDir).filter((n) => n.startsWith(prefix) && n !== `${prefix}current` && !n.startsWith(`${prefix}current.`) && n !== folder);
    writeFileSync(`${pointer}.${process.pid}`, folder);
    renameSync(`${pointer}.${process.pid}`, pointer);
    // Keep the newest older bundle: a run that started on it may still load its chunks.
    for (const old of previous.sort().slice(0, -1)) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
    return currentBundle();
  };

  let bundle = currentBundle();
  if (!bundle || bundle.builtAt < newestSource(sources)) bundle = await rebuild();
  if (!bundle) throw new Error(`Could not build ${entry} into ${cacheDir}`);
  // Names this code: a new bundle for every change of its sources, so state kept from a run
  // of other code is never trusted (pipeline/derive/derived-state.ts).
  process.env.PORTFOLIO_BUNDLE = path.basename(path.dirname(bundle.file));
  // The bundle lives under node_modules/.cache: tell it where the project is, found now, never compiled in.
  process.env.PORTFOLIO_ROOT = root;
  const { main } = await import(pathToFileURL(bundle.file).href);
  process.exitCode = await main(process.argv.slice(2));
}
