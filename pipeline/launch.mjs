// `npm run ingest` and `npm run validate` start here: the CLI from its bundle (see scripts/launch-bundle.mjs).
import { launch } from '../scripts/launch-bundle.mjs';

await launch({ name: 'pipeline', entry: 'pipeline/cli.ts', sources: ['pipeline', 'data', 'node-lib'] });
