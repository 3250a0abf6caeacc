/**
 * Writes pipeline/taxonomy/taxonomy.tsv, the bird taxonomy ingest matches names against, from a
 * published checklist's CSV (pipeline/taxonomy/source-formats.ts reads AviList's and eBird's).
 * Run by hand when a new edition is adopted, never by CI; pipeline/taxonomy/README.md names the
 * pinned input (file name and SHA-256) and says how to regenerate. Same input, same bytes.
 *
 *   tsx scripts/vendor-taxonomy.ts <checklist.csv> --source '<name, edition>' [--licence '<licence>'] [--out <file>] [--check]
 */
import { Command } from 'commander';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fullMessageOf } from '../data/error-text.ts';
import { writeFileAtomically } from '../node-lib/files.ts';
import { readSourceCsv, type SourceFormat } from '../pipeline/taxonomy/source-formats.ts';
import { taxonomyFrom } from '../pipeline/taxonomy/taxonomy.ts';
import { formatTaxonomyFile, VENDORED_TAXONOMY } from '../pipeline/taxonomy/vendored-file.ts';

/** The licence each source publishes its checklist under, unless --licence says otherwise. */
const LICENCES: Record<SourceFormat, string | undefined> = {
  avilist: 'CC BY 4.0',
  // Cornell publishes the eBird/Clements checklist for free download, with no open licence named in the file.
  ebird: undefined,
};

const program = new Command('vendor-taxonomy')
  .argument('<csv>', "the checklist's CSV: AviList (short or extended) or the eBird/Clements taxonomy")
  .requiredOption('--source <name>', "the checklist and its edition, as reports and the credits name it, e.g. 'AviList: The Global Avian Checklist, v2025'")
  .option('--licence <licence>', 'the licence the checklist is published under (AviList: CC BY 4.0)')
  .option('--out <file>', 'where to write', VENDORED_TAXONOMY)
  .option('--check', 'write nothing; exit 1 unless the file at --out is what this input gives', false)
  .showHelpAfterError();

async function main(): Promise<void> {
  program.parse();
  const [csv] = program.args as [string];
  const options = program.opts<{ source: string; licence?: string; out: string; check: boolean }>();
  const bytes = await readFile(csv);
  const read = readSourceCsv(bytes.toString('utf8'), csv);
  const licence = options.licence ?? LICENCES[read.format];
  if (!licence) throw new Error(`${csv}: an ${read.format} checklist names no licence; give it with --licence`);
  // Building the taxonomy checks what the file must hold: each scientific name once.
  taxonomyFrom(read.species, options.source);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const content = formatTaxonomyFile({ source: options.source, licence, input: `${path.basename(csv)} sha256:${sha256}` }, read.species);

  const skipped = Object.entries(read.skipped).map(([rank, n]) => `${n} ${rank}`).join(', ') || 'none';
  const families = new Set(read.species.map((s) => s.family)).size;
  const orders = new Set(read.species.map((s) => s.order)).size;
  const withOthers = read.species.filter((s) => s.otherEnglishNames.length > 0).length;
  const summary = `${read.species.length} species (${withOthers} with other English names), ${families} families, ${orders} orders; left out: ${skipped}`;
  if (options.check) {
    const current = await readFile(options.out, 'utf8').catch(() => undefined);
    if (current !== content) {
      console.error(`${options.out}: differs from what ${csv} gives (${summary})`);
      process.exitCode = 1;
      return;
    }
    console.log(`${options.out}: up to date with ${csv} (${summary})`);
    return;
  }
  await writeFileAtomically(options.out, content);
  console.log(`${options.out}: ${(Buffer.byteLength(content) / 1024).toFixed(0)} KB from ${read.format} ${csv} (sha256 ${sha256}): ${summary}`);
}

main().catch((error: unknown) => {
  console.error(fullMessageOf(error));
  process.exitCode = 1;
});
