import { stat } from 'node:fs/promises';
import { PhotoProblem } from '../plumbing/problems.ts';
import { problem } from '../report/messages.ts';
import { ffprobePath, reasonOf, runTool, setMediaConcurrency } from './ffmpeg.ts';
import type { MediaCache } from './media-cache.ts';
import { parseProbe, type MediaProbe } from './probe.ts';

/** What ffprobe says of a file (an original, or a published clip read back); a PhotoProblem when it cannot read it. */
export async function probe(file: string): Promise<MediaProbe> {
  const result = await runTool(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { collectStdout: true });
  if (result.code !== 0) throw new PhotoProblem(problem.mediaUnreadable(reasonOf(result.stderr)));
  try {
    return parseProbe(result.stdout.toString('utf8'));
  } catch (error) {
    throw new PhotoProblem(problem.mediaUnreadable(`ffprobe: ${String(error)}`));
  }
}

/**
 * The probes of the recordings and clips an ingest will make, started as soon as the scan has
 * found them: they run while ExifTool reads the library, in time ffmpeg would otherwise wait, and
 * the media stage knows every file's length before it starts (so it starts the longest first).
 */
export interface MediaProbes {
  /** The file's probe: the one started ahead, else one started now. */
  of(absolutePath: string): Promise<MediaProbe>;
}

/**
 * Which files will be made is only guessed here: a file with the size and time of a record made,
 * or failed, before is taken for that file. One missed is probed when it is made; one probed for
 * nothing costs a twentieth of a second. Nothing runs when no recording or clip is new.
 */
export function probesAhead(absolutePaths: readonly string[], cache: MediaCache, concurrency: number): MediaProbes {
  const known = new Set(Object.values(cache.media).flatMap((r) => (r.made || r.failure ? [`${r.size}:${r.mtimeMs}`] : [])));
  // --concurrency bounds the ffmpeg pool from its first run (never above one job per core).
  if (absolutePaths.length > 0) setMediaConcurrency(concurrency);
  /** undefined: not probed ahead (taken for known, or not there to stat). */
  const ahead = new Map<string, Promise<MediaProbe | undefined>>();
  for (const file of absolutePaths) {
    const probed = stat(file).then(
      (s) => (s.size === 0 || known.has(`${s.size}:${s.mtimeMs}`) ? undefined : probe(file)),
      () => undefined,
    );
    // Its failure is the media stage's to report, when it makes the file (if it does).
    probed.catch(() => {});
    ahead.set(file, probed);
  }
  return {
    async of(file) {
      return (await ahead.get(file)) ?? probe(file);
    },
  };
}
