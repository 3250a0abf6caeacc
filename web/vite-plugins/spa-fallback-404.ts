import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Static hosts answer an unknown path with 404.html (GitHub Pages, Netlify, most
 * others can be told to): making it a copy of the app shell lets deep links such as
 * /species/Bald%20Eagle boot the router, which then renders the right page. The
 * pre-render step replaces this with real per-route HTML and a real not-found page.
 */
export function spaFallback404(): Plugin {
  // This build's own output folder (set once the config is resolved), so a build elsewhere never touches dist/.
  let builtTo = '';
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
