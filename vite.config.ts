import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { infoSchema } from './data/manifests.ts';
import { resolveAssetOrigin, resolveBasePath } from './data/publishing.ts';
import { previewDecodedPaths } from './web/prerender/preview-decoding.ts';

const publicDir = fileURLToPath(new URL('./data/generated/public', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The published settings from the last ingest (info.json), so `npm run build` serves
 * under the owner's base path without extra flags. Missing before the first ingest.
 */
function publishedSettings(): { basePath?: string; assetOrigin?: string } {
  const file = `${publicDir}/info.json`;
  if (!existsSync(file)) return {};
  const parsed = infoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not valid (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); run \`npm run ingest\` again`);
  const info = parsed.data;
  return { basePath: info.publishing.basePath, assetOrigin: info.publishing.assetOrigin };
}

/**
 * Static hosts answer an unknown path with 404.html (GitHub Pages, Netlify, most
 * others can be told to): making it a copy of the app shell lets deep links such as
 * /species/Bald%20Eagle boot the router, which then renders the right page. The
 * pre-render step replaces this with real per-route HTML and a real not-found page.
 */
function spaFallback404(): Plugin {
  // The build's own output folder: builds into other folders (tests, the server bundle) must not touch dist/.
  let builtTo = outDir;
  return {
    name: 'portfolio:spa-fallback-404',
    apply: 'build',
    configResolved(config) {
      builtTo = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const index = `${builtTo}/index.html`;
      const notFound = `${builtTo}/404.html`;
      if (existsSync(index) && !existsSync(notFound)) copyFileSync(index, notFound);
    },
  };
}

export default defineConfig(() => {
  const published = publishedSettings();
  const base = resolveBasePath({ env: process.env.BASE_PATH, published: published.basePath });
  const assetOrigin = resolveAssetOrigin({ env: process.env.VITE_ASSET_ORIGIN, published: published.assetOrigin });
  return {
    root: fileURLToPath(new URL('./web', import.meta.url)),
    base,
    publicDir,
    plugins: [react(), tailwindcss(), spaFallback404(), previewDecodedPaths()],
    define: {
      // Empty means "the page's own base path" (see web/assets.ts).
      'import.meta.env.VITE_ASSET_ORIGIN': JSON.stringify(assetOrigin),
    },
    build: {
      outDir,
      emptyOutDir: true,
    },
  };
});
