// `npm run ingest` and `npm run validate` start here. Plain node on a bundle of the TypeScript
// CLI starts in ~0.1 s where tsx needs 0.5–1 s: most of a no-op re-ingest. The bundle is
// rebuilt (esbuild, ~50 ms) whenever a source under pipeline/ or data/ is newer than it.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = path.join(root, 'pipeline', 'cli.ts');
const bundle = path.join(root, 'node_modules', '.cache', 'bird-portfolio', 'pipeline-cli.mjs');

function newestSource() {
  let newest = 0;
  for (const dir of ['pipeline', 'data']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function bundleTime() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return 0;
  }
}

if (bundleTime() < newestSource()) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(bundle), { recursive: true });
  // Written under a temporary name and renamed: two runs starting together never read half a file.
  const temp = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, bundle);
}

const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
