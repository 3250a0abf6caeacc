// `npm run build` starts here: the build from its bundle (see scripts/launch-bundle.mjs).
import { launch } from '../../scripts/launch-bundle.mjs';

// React takes its flavour (development or production) from NODE_ENV when it is first loaded,
// and Vite's build sets NODE_ENV to production midway through a process that has none. Decided
// here, before anything loads React, every part of the build (Vite's bundles and the
// pre-render's React) agrees; a shell with no NODE_ENV builds the production site.
process.env.NODE_ENV ||= 'production';

await launch({ name: 'build', entry: 'web/prerender/build-site.ts', sources: ['web', 'data', 'node-lib'] });
