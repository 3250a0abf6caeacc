// `npm run ingest` and `npm run validate` start here. Plain node on a bundle of the TypeScript
// CLI starts in ~0.1 s where tsx needs 0.5–1 s: most of a no-op re-ingest. The bundle is
// rebuilt (esbuild, ~50 ms) whenever a source under pipeline/ or data/ is newer than it. It is
// split into chunks so the stages the CLI imports lazily (and sharp with them) stay unloaded
// on a run with nothing to redo.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.join(root, 'node_modules', '.cache', 'bird-portfolio');
/** Names the folder of the newest bundle; replaced atomically, so runs starting together never see half a bundle. */
const pointer = path.join(cacheDir, 'pipeline-current');

function newestSource() {
  let newest = 0;
  for (const dir of ['pipeline', 'data']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function currentBundle() {
  try {
    const file = path.join(cacheDir, readFileSync(pointer, 'utf8').trim(), 'cli.mjs');
    return { file, builtAt: statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}

async function rebuild() {
  const { build } = await import('esbuild');
  const folder = `pipeline-${Date.now()}-${process.pid}`;
  await build({
    entryPoints: { cli: path.join(root, 'pipeline', 'cli.ts') },
    outdir: path.join(cacheDir, folder),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const previous = readdirSync(cacheDir).filter((name) => name.startsWith('pipeline-') && name !== 'pipeline-current' && name !== folder);
  writeFileSync(`${pointer}.${process.pid}`, folder);
  renameSync(`${pointer}.${process.pid}`, pointer);
  // Keep the newest older bundle: a run that started on it may still load its chunks.
  for (const name of previous.sort().slice(0, -1)) rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  return currentBundle();
}

let bundle = currentBundle();
if (!bundle || bundle.builtAt < newestSource()) bundle = await rebuild();
if (!bundle) throw new Error(`Could not build the pipeline into ${cacheDir}`);

const { main } = await import(pathToFileURL(bundle.file).href);
process.exitCode = await main(process.argv.slice(2));
