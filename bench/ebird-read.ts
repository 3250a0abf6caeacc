/**
 * Child process of the bench's eBird part: reads `<photos>/ebird/` with the pipeline's
 * reader and prints one JSON line. Run alone so its peak RSS is the reader's, not the bench's.
 */
import { readLifeRecords } from '../pipeline/derive/ebird/read-life-records.ts';

const photos = process.argv[2];
if (!photos) throw new Error('usage: tsx bench/ebird-read.ts <photos dir>');
const started = performance.now();
const result = await readLifeRecords(photos);
const ms = performance.now() - started;
if (!result.records) throw new Error(`no records: ${result.problems.map((p) => `${p.path}: ${p.reason}`).join('; ')}`);
process.stdout.write(`${JSON.stringify({ ms, species: result.records.observedCount, problems: result.problems.length })}\n`);
