import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuiltSite } from './site.ts';

/** Some of dist/'s JavaScript files, their sizes as they are and gzipped. */
interface JavaScriptFiles {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The home page's JavaScript: before the first screen, after the load event, and whether it is React's development build. */
export interface InitialJavaScript extends JavaScriptFiles {
  afterLoad: JavaScriptFiles;
  development: boolean;
}

/**
 * The JavaScript of the home page: what its script and modulepreload tags fetch with the
 * document (`initial`, competing with the first screen) and what its inline loader adds once
 * the page has loaded (`afterLoad`, web/prerender/html-document.ts deferEntryScript).
 */
export async function initialJavaScript(site: BuiltSite): Promise<InitialJavaScript> {
  const html = await fs.readFile(path.join(site.dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const base = site.info.publishing.basePath;
  const local = (urls: string[]) =>
    urls.filter((url) => url !== '' && !/^[a-z]+:\/\//i.test(url)).map((url) => (url.startsWith(base) ? url.slice(base.length) : url.replace(/^\.?\//, '')));
  const initial = local(
    tags
      .filter((tag) => (tag.startsWith('<script') && /\bsrc=/.test(tag)) || (/\brel=["']?modulepreload/.test(tag) && /\bhref=/.test(tag)))
      .map((tag) => /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1] ?? ''),
  );
  // The deferred loader's files, quoted in its inline script: the entry (`s.src = "…"`) and the chunks it preloads with it.
  const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).find((script) => /\.type\s*=\s*'module'/.test(script)) ?? '';
  const deferred = local([...loader.matchAll(/("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string).filter((url) => url.endsWith('.js')));
  let development = false;
  const measure = async (files: string[]): Promise<JavaScriptFiles> => {
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of new Set(files)) {
      const body = await fs.readFile(path.join(site.dist, file));
      rawBytes += body.length;
      gzipBytes += gzipSync(body).length;
      // React's development runtime: a dist/ built under a test runner (NODE_ENV=test), not what is deployed.
      development ||= body.includes('jsxDEV');
    }
    return { files: [...new Set(files)], rawBytes, gzipBytes };
  };
  const before = await measure(initial);
  const afterLoad = await measure(deferred);
  return { ...before, afterLoad, development };
}
