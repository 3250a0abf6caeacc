/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (or path) images are served from; empty = the site's base path. */
  readonly VITE_ASSET_ORIGIN: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
