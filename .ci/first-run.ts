/**
 * The README's first command as a new user types it, on CI's clean checkout: `npm start` with no
 * NODE_ENV and no caches, until http://localhost:4173/ and a species page answer 200; then
 * stopped with everything it started, and run once more (the second run must work as well: a
 * first run that leaves state behind blocks every owner's second).
 */
import { fileURLToPath } from 'node:url';
import { aSpeciesPage, startUntilServing } from '../harness/readme-commands.ts';

const project = fileURLToPath(new URL('..', import.meta.url));
const origin = 'http://localhost:4173';
const LIMIT_MS = 10 * 60 * 1000;

for (const run of ['first', 'second']) {
  const started = Date.now();
  let species: string | undefined;
  const serving = await startUntilServing(project, 'start', [], origin, () => {
    species = aSpeciesPage(project);
    return species === undefined ? undefined : ['/', species];
  }, LIMIT_MS);
  await serving.stop();
  console.log(`npm start (${run} run): ${origin}/ and ${species} answered 200 after ${((Date.now() - started) / 1000).toFixed(1)} s; stopped, nothing it started still runs.`);
}
