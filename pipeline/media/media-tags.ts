import { textOf } from '../photos/exiftool.ts';

/**
 * What a recording's or clip's own tags say of when and with what it was made, as ExifTool reads
 * them: QuickTime (phones, cameras), BWF (field recorders: Sound Devices, Zoom, Tascam), ID3.
 * Pure, on the tags of one reading; `data/exif-display.ts` stays the photos' reader.
 */

/** Tags asked of a recording or clip, beside a photo's: its day, its device, its own keywords. */
export const MEDIA_TAGS = ['CreationDate', 'OriginationDate', 'RecordingTime', 'DateTimeOriginal', 'CreateDate', 'Originator', 'Make', 'Model', 'Keywords', 'Comment'] as const;

/**
 * The day it was made, `YYYY-MM-DD`: QuickTime's CreationDate (local time, with its zone), BWF's
 * OriginationDate, ID3's recording time, then DateTimeOriginal and QuickTime's CreateDate (UTC:
 * the day may be one off near midnight, so it comes last). A zeroed date counts as none.
 */
export function mediaDayOf(tags: Record<string, unknown>): string | undefined {
  for (const key of ['CreationDate', 'OriginationDate', 'RecordingTime', 'DateTimeOriginal', 'CreateDate']) {
    const day = dayOf(textOf(tags[key]));
    if (day) return day;
  }
  return undefined;
}

function dayOf(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (Number(year) < 1900 || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return undefined;
  return `${year}-${month}-${day}`;
}

/** Editors write their own name where a recorder writes its own: those name no device. */
const SOFTWARE = /\b(audition|audacity|izotope|rx \d|editor|reaper|logic|garageband|lavf|ffmpeg|sound forge|wavelab)\b/i;

/**
 * The recorder, phone or camera, display-ready: Make and Model ('Apple iPhone 15 Pro'), else the
 * BWF originator a field recorder writes ('Sound Dev: 702  S#GQ1113157005' → 'Sound Devices 702',
 * its serial number left out). Absent when the file names no device, or names its editing software.
 */
export function mediaDeviceOf(tags: Record<string, unknown>): string | undefined {
  const make = textOf(tags.Make);
  const model = textOf(tags.Model);
  if (model) return make && !model.toLowerCase().startsWith(make.toLowerCase().split(/\s/)[0]!) ? `${make} ${model}` : model;
  if (make) return make;
  const originator = textOf(tags.Originator);
  if (!originator || SOFTWARE.test(originator)) return undefined;
  const named = originator
    .replace(/\bS#\s*\S+/gi, '')
    .replace(/\b(serial|s\/n|sn)[:#]?\s*\S+/gi, '')
    .replace(/^Sound Dev:\s*/i, 'Sound Devices ')
    .replace(/\s+/g, ' ')
    .trim();
  return named || undefined;
}
