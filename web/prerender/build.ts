/**
 * `npm run build`: ingest (quiet) → client build → server build → pre-render.
 * Options let tests build a photo tree of their own into a temporary folder
 * without touching the sample build:
 *   tsx web/prerender/build.ts [--photos dir] [--generated dir] [--out dir] [--base /sub/] [--skip-ingest]
 * BASE_PATH (env) sets the base path as well; otherwise site.json's publishing.basePath does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type InlineConfig } from 'vite';
import { infoSchema, type Info } from '../../data/manifests.ts';
import { normaliseBasePath } from '../seo/site-urls.ts';
import { prerender } from './prerender.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface BuildOptions {
  photos?: string;
  /** The ingest's output folder (holds public/ and cache/). */
  generated?: string;
  out?: string;
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

function ingest(photos: string | undefined, generated: string, quiet: boolean): void {
  const args = [join(projectRoot, 'pipeline/launch.mjs'), 'ingest', '--quiet', '--out', generated, ...(photos ? ['--photos', photos] : [])];
  const result = spawnSync(process.execPath, args, { cwd: projectRoot, stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit', encoding: 'utf8' });
  const problems = quiet && result.stderr ? `\n${result.stderr}` : '';
  // 1 = some photos failed: the rest is published and the ingest said which; 2 = nothing usable.
  if (result.status === 1) process.stderr.write(`The ingest reported problems; building with the photos that worked.${problems}\n`);
  else if (result.status !== 0) throw new Error(`The ingest failed (exit status ${result.status ?? result.signal}).${problems}`);
}

/** The publishing settings of the last ingest (info.json), or undefined before the first one. */
function publishedSettings(publicDir: string): Info['publishing'] | undefined {
  const file = join(publicDir, 'info.json');
  if (!existsSync(file)) return undefined;
  return infoSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).publishing;
}

export async function buildSite(options: BuildOptions = {}): Promise<{ out: string }> {
  const generated = resolve(options.generated ?? join(projectRoot, 'data/generated'));
  const publicDir = join(generated, 'public');
  const out = resolve(options.out ?? join(projectRoot, 'dist'));
  const quiet = options.quiet ?? false;
  if (!options.skipIngest) ingest(options.photos ? resolve(options.photos) : undefined, generated, quiet);

  // The same precedence as vite.config.ts, so `vite preview` (npm start) serves the build under the same base path.
  const base = normaliseBasePath(options.base ?? (process.env.BASE_PATH || publishedSettings(publicDir)?.basePath));
  const assetOrigin = process.env.VITE_ASSET_ORIGIN || publishedSettings(publicDir)?.assetOrigin || '';
  const shared: InlineConfig = {
    configFile: join(projectRoot, 'vite.config.ts'),
    base,
    logLevel: quiet ? 'warn' : 'info',
    define: { 'import.meta.env.VITE_ASSET_ORIGIN': JSON.stringify(assetOrigin) },
  };
  const previousNodeEnv = process.env.NODE_ENV;
  if (options.nodeEnv) process.env.NODE_ENV = options.nodeEnv;
  try {
    await build({ ...shared, publicDir, build: { outDir: out, emptyOutDir: true } });
  } finally {
    if (options.nodeEnv) process.env.NODE_ENV = previousNodeEnv;
  }

  // Inside node_modules so the bundle's bare imports (react, react-router) resolve from the project.
  const ssrDir = await mkdtemp(join(projectRoot, 'node_modules/.cache-portfolio-ssr-'));
  try {
    await build({ ...shared, publicDir: false, build: { ssr: join(projectRoot, 'web/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false } });
    await prerender({
      dist: out,
      serverEntry: join(ssrDir, 'entry-server.js'),
      publicDir,
      log: quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
  return { out };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string' },
      generated: { type: 'string' },
      out: { type: 'string' },
      base: { type: 'string' },
      'skip-ingest': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
  });
  buildSite({
    photos: values.photos,
    generated: values.generated,
    out: values.out,
    base: values.base,
    skipIngest: values['skip-ingest'],
    quiet: values.quiet,
  }).catch((error: unknown) => {
    process.stderr.write(`Build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
