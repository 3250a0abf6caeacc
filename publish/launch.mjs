// `npm run publish` starts here: the command from its bundle (see scripts/launch-bundle.mjs).
import { launch } from '../scripts/launch-bundle.mjs';

await launch({ name: 'publish', entry: 'publish/cli.ts', sources: ['publish', 'data', 'node-lib'] });
// The storage client's kept-alive connections would hold the process open a few seconds more.
process.exit();
