// `npm run build` starts here: the build from its bundle (see scripts/launch-bundle.mjs).
import { launch } from '../../scripts/launch-bundle.mjs';

await launch({ name: 'build', entry: 'web/prerender/build-site.ts', sources: ['web', 'data', 'node-lib'] });
