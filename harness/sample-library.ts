import { cp } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** The project's one sample: the owner's folder as the repository ships it. */
const SAMPLE = join(repo, 'photos');
/** What the tests add to it: inbox photos placed by keywords, a species folder dropped straight into life_list/, a hand-made taxonomy. */
const ADDITIONS = join(repo, 'tests/fixtures/sample-additions');

/**
 * The tests' sample library in `dest`: the repository's `photos/` with the tests' additions laid
 * over it. The taxonomy the owner fetched into `photos/taxonomy/` is left out: the tests' runs
 * never depend on what a machine fetched. Modification times are kept, so a copy of a copy
 * finds the renditions an ingest made of the first.
 */
export async function copySampleLibrary(dest: string): Promise<string> {
  const ownTaxonomy = join(SAMPLE, 'taxonomy');
  await cp(SAMPLE, dest, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => source !== ownTaxonomy && !source.startsWith(ownTaxonomy + sep),
  });
  await cp(ADDITIONS, dest, { recursive: true, preserveTimestamps: true });
  return dest;
}
