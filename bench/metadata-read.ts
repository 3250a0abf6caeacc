/**
 * Reads every photo under the given folders with the pipeline's metadata reader (ExifTool in
 * batch mode), one after another, `--passes N` times, and prints how many reads it made. Run by
 * the bench's `formats` part, also with `--passes 0` (start-up and one ExifTool start) to subtract.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { endExiftool } from '../pipeline/photos/exiftool-process.ts';
import { readTags } from '../pipeline/photos/exiftool.ts';

const args = process.argv.slice(2);
const passesAt = args.indexOf('--passes');
const passes = passesAt >= 0 ? Number(args.splice(passesAt, 2)[1]) : 1;
if (args.length === 0 || !Number.isInteger(passes) || passes < 0) throw new Error('usage: metadata-read <folder>… [--passes N]');
const files = args
  .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.(jpe?g|png|tiff?|webp|avif|heic|heif)$/i.test(e.name)).map((e) => path.join(e.parentPath, e.name)))
  .sort();
let read = 0;
// Starts ExifTool as the first read of an ingest does: its Perl start-up belongs to every cold ingest.
await readTags(files[0]!);
for (let pass = 0; pass < passes; pass++) {
  for (const file of files) {
    await readTags(file);
    read++;
  }
}
await endExiftool();
process.stdout.write(`${JSON.stringify({ files: files.length, read })}\n`);
