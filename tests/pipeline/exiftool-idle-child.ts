// Started by exiftool-lifetime.test.ts: reads one photo with the pipeline's ExifTool, says so,
// then waits with ExifTool idle until it is killed.
import { readTags } from '../../pipeline/photos/exiftool.ts';

await readTags(process.argv[2]!);
process.stdout.write('read\n');
setInterval(() => {}, 60_000);
