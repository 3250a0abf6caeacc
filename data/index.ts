export * from './site-config.ts';
export * from './manifests.ts';
export * from './paths.ts';
export * from './exif-display.ts';
