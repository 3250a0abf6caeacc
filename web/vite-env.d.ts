/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (or path) images are served from; empty = the site's base path. */
  readonly VITE_ASSET_ORIGIN: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:site-words' {
  const words: import('./site-words.ts').SiteWords;
  export default words;
}
