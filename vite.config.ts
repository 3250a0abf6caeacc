import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { resolveAssetOrigin, resolveBasePath } from './data/publishing.ts';
import { previewDecodedPaths } from './web/prerender/preview-decoding.ts';
import { compileHint } from './web/prerender/compile-hint.ts';
import { previewAsHost } from './web/prerender/preview-host.ts';
import { readPublishedSettings } from './web/prerender/published-settings.ts';

const publicDir = fileURLToPath(new URL('./data/generated/public', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

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

/**
 * How the client bundle is cut (web/routes.tsx imports each page's component when its route
 * first matches). Left to itself, Rolldown puts every module the entry shares with a page's
 * chunk (React, the router, the layout) into chunks of their own, which the entry then imports:
 * eight files before the first render. So everything the entry imports statically stays in the
 * entry, one file; and what two or more of the lazy chunks share (the tiles, the page head, the
 * day format) is one chunk, cached from the first page on, rather than a file per component.
 */
const clientChunks = {
  groups: [
    // A group of the entry's own modules is merged back into the entry.
    { name: 'app-shell', tags: ['$initial' as const], priority: 2 },
    { name: 'page-parts', minShareCount: 2, priority: 1 },
  ],
};

export default defineConfig(({ isSsrBuild }) => {
  // The settings of the last ingest, so `npm run dev` and `npm start` serve under the owner's base path without flags.
  const published = readPublishedSettings(publicDir);
  const base = resolveBasePath({ env: process.env.BASE_PATH, published: published?.basePath });
  const assetOrigin = resolveAssetOrigin({ env: process.env.VITE_ASSET_ORIGIN, published: published?.assetOrigin });
  return {
    root: fileURLToPath(new URL('./web', import.meta.url)),
    base,
    publicDir,
    plugins: [react(), tailwindcss(), spaFallback404(), previewDecodedPaths(), previewAsHost(), compileHint()],
    define: {
      // Empty means "the page's own base path" (see web/assets.ts).
      'import.meta.env.VITE_ASSET_ORIGIN': JSON.stringify(assetOrigin),
    },
    build: {
      outDir,
      emptyOutDir: true,
      // The server bundle is read from disk by the pre-render: how it is cut costs no visitor a request.
      rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks } },
    },
  };
});
