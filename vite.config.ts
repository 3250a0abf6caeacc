import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { resolveAssetOrigin, resolveBasePath } from './data/publishing.ts';
import { previewDecodedPaths } from './web/vite-plugins/preview-decoding.ts';
import { compileHint } from './web/vite-plugins/compile-hint.ts';
import { previewAsHost } from './web/vite-plugins/preview-host.ts';
import { previewSecurityHeaders } from './web/vite-plugins/preview-security.ts';
import { spaFallback404 } from './web/vite-plugins/spa-fallback-404.ts';
import { watchPhotos } from './web/vite-plugins/watch-photos.ts';
import { readPublishedLanguage, readPublishedSettings } from './web/prerender/published-settings.ts';
import { LANGUAGE_DEFINE, siteWords } from './web/vite-plugins/site-words.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const generatedDir = fileURLToPath(new URL('./data/generated', import.meta.url));
const publicDir = fileURLToPath(new URL('./data/generated/public', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * How the client bundle is cut (web/routes.tsx imports each page's component when its route
 * first matches). Left to itself, Rolldown puts every module the entry shares with a page's
 * chunk (React, the router, the layout) into chunks of their own, which the entry then imports:
 * eight files before the first render. So the entry keeps what it imports statically, but for
 * React (react, react-dom, its scheduler): one chunk of its own, preloaded with the entry
 * (web/prerender/inline-scripts.ts), which changes only when React is upgraded, so a visitor's
 * browser keeps it from one release of the site to the next; and the browser takes in two
 * scripts of half the size, in shorter tasks. What two or more of the lazy chunks share (the
 * tiles, the page head, the day format) is one chunk, cached from the first page on, rather
 * than a file per component.
 */
const clientChunks = {
  groups: [
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
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
    plugins: [
      react(),
      tailwindcss(),
      siteWords(),
      spaFallback404(),
      previewDecodedPaths(),
      previewSecurityHeaders(),
      previewAsHost(),
      compileHint(),
      // `npm run dev` re-runs the ingest (`npm run ingest`'s command) when photos/ changes, and reloads the page.
      watchPhotos({ photosDir: fileURLToPath(new URL('./photos', import.meta.url)), generatedDir, cwd: projectRoot, ingest: [process.execPath, 'pipeline/launch.mjs', 'ingest'] }),
    ],
    define: {
      // Empty means "the page's own base path" (see web/assets.ts).
      'import.meta.env.VITE_ASSET_ORIGIN': JSON.stringify(assetOrigin),
      // The site's words are of this language (web/vite-plugins/site-words.ts).
      [LANGUAGE_DEFINE]: JSON.stringify(readPublishedLanguage(publicDir)),
    },
    build: {
      outDir,
      emptyOutDir: true,
      // The server bundle is read from disk by the pre-render: how it is cut costs no visitor a request.
      rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks } },
    },
  };
});
