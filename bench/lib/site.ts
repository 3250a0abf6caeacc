import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  childFolders,
  infoSchema,
  isPhotoWall,
  lifeListStructureSchema,
  MANIFEST_FILES,
  photoIndexSchema,
  type Info,
  type LifeListFolder,
  type PhotoIndex,
} from '../../data/manifests.ts';
import { lifeListRoute, speciesRoute } from '../../data/paths.ts';
import type { Log } from './context.ts';
import { REPO } from './ingest.ts';

export const DIST = path.join(REPO, 'dist');

export interface BuiltSite {
  dist: string;
  info: Info;
  index: PhotoIndex;
  /** Routes relative to the site's base path, derived from the manifests (never from sample names). */
  routes: { home: string; leaf: string; species: string };
}

/** `npm run build` (ingest of photos/ + vite build), unless told to reuse an existing dist/. */
export async function ensureBuilt(build: boolean, log: Log): Promise<void> {
  if (!build && existsSync(path.join(DIST, 'index.html'))) {
    log('pages: using the existing dist/ (--no-build)');
    return;
  }
  log('pages: npm run build…');
  const code = await new Promise<number>((resolve, reject) => {
    // What is deployed: a production bundle, even when the benchmark runs under a test runner (NODE_ENV=test).
    const child = spawn('npm', ['run', 'build'], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(0) : reject(new Error(`npm run build failed (${status}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`))));
  });
  if (code !== 0 || !existsSync(path.join(DIST, 'index.html'))) throw new Error('npm run build did not produce dist/index.html');
}

let snapshot: Promise<string> | undefined;

/**
 * A private copy of dist/ for this run: other processes (E2E runs, builds) may rebuild
 * dist/ while the benchmark measures, and a page must not change under Lighthouse.
 */
function snapshotDist(): Promise<string> {
  snapshot ??= (async () => {
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-dist-'));
    await fs.cp(DIST, copy, { recursive: true });
    if (!existsSync(path.join(copy, 'index.html'))) throw new Error('dist/ changed while it was copied; run again');
    return copy;
  })();
  return snapshot;
}

export async function releaseSnapshot(): Promise<void> {
  if (snapshot) await fs.rm(await snapshot.catch(() => ''), { recursive: true, force: true });
}

export async function loadBuiltSite(): Promise<BuiltSite> {
  const dist = await snapshotDist();
  const readManifest = async <T>(name: keyof typeof MANIFEST_FILES, parse: (raw: unknown) => T): Promise<T> =>
    parse(JSON.parse(await fs.readFile(path.join(dist, MANIFEST_FILES[name]), 'utf8')));
  const info = await readManifest('info', (raw) => infoSchema.parse(raw));
  const index = await readManifest('photoIndex', (raw) => photoIndexSchema.parse(raw));
  const structure = await readManifest('lifeListStructure', (raw) => lifeListStructureSchema.parse(raw));
  const leaf = firstPhotoWall(structure, []);
  if (!leaf) throw new Error('the Life List of the built site has no photo wall');
  // The species page of that same leaf: a page we know has photos.
  return { dist, info, index, routes: { home: '/', leaf: lifeListRoute(leaf), species: speciesRoute(leaf[leaf.length - 1]!) } };
}

/** Depth-first, alphabetical: the first level that shows a wall of thumbnails. */
function firstPhotoWall(folder: LifeListFolder, at: string[]): string[] | undefined {
  if (at.length > 0 && isPhotoWall(folder) && folder.file_count > 0) return at;
  for (const [name, child] of childFolders(folder)) {
    if (child.file_count === 0) continue;
    const found = firstPhotoWall(child, [...at, name]);
    if (found) return found;
  }
  return undefined;
}

/** Absolute URL of a route on the served site, under the site's base path. */
export function pageUrl(origin: string, site: BuiltSite, route: string): string {
  const base = site.info.publishing.basePath.replace(/\/$/, '');
  return `${origin}${base}${route}`;
}
