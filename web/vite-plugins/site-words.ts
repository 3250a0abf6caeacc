import type { Plugin } from 'vite';
import { projectFile } from '../../node-lib/project-root.ts';
import { loadSiteWords, WORDS_FOLDER } from '../prerender/word-tables.ts';

/** The module an entry imports the site's words from (web/install-words.ts). */
const SITE_WORDS_MODULE = 'virtual:site-words';
/** The `define` key that names the site's language for the build (set by vite.config.ts, and by web/prerender/build-site.ts for its own builds). */
export const LANGUAGE_DEFINE = 'import.meta.env.VITE_SITE_LANGUAGE';

/**
 * Serves `virtual:site-words`: the words and tables of the site's language only (web/site-words.ts),
 * so a page carries one language, never all of them.
 */
export function siteWords(): Plugin {
  let language = 'en';
  const resolved = `\0${SITE_WORDS_MODULE}`;
  return {
    name: 'site-words',
    configResolved(config) {
      const defined = config.define?.[LANGUAGE_DEFINE];
      if (typeof defined === 'string') language = JSON.parse(defined) as string;
    },
    resolveId(id) {
      return id === SITE_WORDS_MODULE ? resolved : undefined;
    },
    // Every page's document says its language (the template's is English).
    transformIndexHtml(html) {
      return html.replace(/<html lang="[^"]*"/, `<html lang="${Intl.getCanonicalLocales(language)[0] ?? 'en'}"`);
    },
    load(id) {
      if (id !== resolved) return undefined;
      const { words, warnings } = loadSiteWords(language, projectFile(WORDS_FOLDER));
      for (const warning of warnings) this.warn(warning);
      // JSON.parse of a string literal: parsed faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(words))});`;
    },
  };
}
