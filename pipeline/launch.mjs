// `npm run ingest` and `npm run validate` start here: the CLI from its bundle (see scripts/launch-bundle.mjs).
import { launch } from '../scripts/launch-bundle.mjs';

await launch({
  name: 'pipeline',
  entry: 'pipeline/cli.ts',
  sources: ['pipeline', 'data', 'node-lib'],
  // Loaded at every start (the data's schemas, the command line, the scan, the eBird export's reading and maps).
  inline: ['commander', 'd3-geo', 'fast-glob', 'fastest-levenshtein', 'iso-3166', 'papaparse', 'topojson-client', 'topojson-simplify', 'yauzl', 'zod'],
});
