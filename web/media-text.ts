import { localDigits, t, tn } from './site-words.ts';

/**
 * The words of recordings and clips that several places write (the player, the wall's clip
 * tile, the counts of species, Life List cards and outings), in one text helper.
 */

/** A length as a player shows it: `0:04`, `1:05`, `1:02:03` (whole seconds, rounded down). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return localDigits(h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`);
}

/** A recording's or clip's whole length as shown beside it: rounded, never 0:00 for a sound that has one. */
export function mediaLength(durationSeconds: number): string {
  return formatDuration(Math.max(1, Math.round(durationSeconds)));
}

/** What a player's slider says of where it is: '0:04 of 0:10'. */
export function positionText(seconds: number, durationSeconds: number): string {
  return t('recording.position', { time: formatDuration(seconds), duration: mediaLength(durationSeconds) });
}

/** The spectrogram's alt text: 'Spectrogram of Bald Eagle, 0:10'. */
export function spectrogramAlt(species: string, durationSeconds: number): string {
  return t('recording.spectrogram', { species, duration: mediaLength(durationSeconds) });
}

/** A clip tile's name: 'Clip of Bald Eagle, 0:12'. */
export function clipName(species: string, durationSeconds: number): string {
  return t('clip.name', { species, duration: mediaLength(durationSeconds) });
}

/** The separator of counts of different kinds: '4 photos · 1 recording'. */
export const COUNTS_SEPARATOR = ' · ';

/**
 * '4 photos · 1 recording · 2 clips', each with the language's plural rules; a kind with none is
 * left out (photos only when `photos` is given), so a photos-only site reads as it did.
 */
export function mediaCounts(counts: MediaCounts): string {
  return mediaCountParts(counts).join(COUNTS_SEPARATOR);
}

export interface MediaCounts {
  photos?: number;
  recordings?: number | undefined;
  clips?: number | undefined;
}

/** The counts of mediaCounts one by one ('4 photos', '1 recording'), for a page that sets each apart. */
export function mediaCountParts({ photos, recordings = 0, clips = 0 }: MediaCounts): string[] {
  return [
    ...(photos !== undefined ? [tn('count.photos', photos)] : []),
    ...(recordings > 0 ? [tn('count.recordings', recordings)] : []),
    ...(clips > 0 ? [tn('count.clips', clips)] : []),
  ];
}
