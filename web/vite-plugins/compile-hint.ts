import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint, the first line of every client chunk: compile all its functions
 * while the file streams in, on a background thread, instead of each on its first call on the
 * main thread. Every chunk here is fetched only when it is about to run (the entry once the
 * first screen is on screen, a page's chunk when its route matches, the lightbox on intent), and
 * most of its functions run then. On a phone's 4x slower CPU, compiling the router lazily is a
 * third of its start, the longest task on most pages; the hint moves it off the main thread
 * (docs/performance.md).
 * Browsers without the hint read a comment. It must be the file's first line: V8 compiles lazily
 * what comes before it (Vite's own first line, its map of preloaded files, included). Added once
 * the chunks are final (after minification, which would drop a comment, and after Vite's line);
 * the hash in a file's name, computed before, still names one content, as every build adds the
 * same line.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHint(): Plugin {
  return {
    name: 'portfolio:compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        if (options.format !== 'es' || this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // A source map (a build made for reading one) moves down by the line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
