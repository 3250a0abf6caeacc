/**
 * What ffprobe says of a recording or clip (`ffprobe -print_format json -show_format -show_streams`),
 * cut to what the ingest decides with. Pure: the JSON in, the facts out, so the rules are tested
 * without a process.
 */

interface AudioStream {
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface VideoStream {
  codec: string;
  /** As stored, before rotation. */
  width: number;
  height: number;
  /** The display matrix's (or the older `rotate` tag's) turn in degrees, a multiple of 90 in 0..270. */
  rotation: number;
  pixelFormat: string;
  /** 8 for yuv420p, 10 for yuv420p10le… */
  bitDepth: number;
  /** PQ (`smpte2084`) or HLG (`arib-std-b67`): HDR that must be tone-mapped to look right in SDR. */
  hdr: boolean;
  profile?: string;
  /** H.264's level_idc (40 = 4.0). */
  level?: number;
  /** Frames a second, on average (0 when ffprobe cannot tell). */
  frameRate: number;
}

export interface MediaProbe {
  /** The container's claim, in seconds, when it makes one. */
  durationSeconds?: number;
  formatName: string;
  audio?: AudioStream;
  video?: VideoStream;
  /** The container's location tag (QuickTime ISO 6709), published only when the owner opts in to GPS. */
  location?: string;
}

type Json = Record<string, unknown>;

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** ffprobe's JSON → the facts; throws when it is not ffprobe's JSON at all. */
export function parseProbe(text: string): MediaProbe {
  const json = JSON.parse(text) as Json;
  const streams = Array.isArray(json.streams) ? (json.streams as Json[]) : [];
  const format = (json.format ?? {}) as Json;
  const formatTags = (format.tags ?? {}) as Json;
  const audio = streams.find((s) => s.codec_type === 'audio');
  // A cover picture in an MP3 or M4A is a video stream of one frame: not a clip's picture.
  const video = streams.find((s) => s.codec_type === 'video' && !((s.disposition as Json | undefined)?.attached_pic === 1));
  const duration = num(format.duration);
  const location = [formatTags.location, formatTags['com.apple.quicktime.location.ISO6709']].find((v): v is string => typeof v === 'string' && v.length > 0);
  return {
    formatName: typeof format.format_name === 'string' ? format.format_name : '',
    ...(duration !== undefined && duration > 0 ? { durationSeconds: duration } : {}),
    ...(audio ? { audio: audioOf(audio) } : {}),
    ...(video ? { video: videoOf(video) } : {}),
    ...(location ? { location } : {}),
  };
}

function audioOf(stream: Json): AudioStream {
  return { codec: String(stream.codec_name ?? 'unknown'), channels: num(stream.channels) ?? 0, sampleRate: num(stream.sample_rate) ?? 0 };
}

function videoOf(stream: Json): VideoStream {
  const pixelFormat = String(stream.pix_fmt ?? '');
  const transfer = String(stream.color_transfer ?? '');
  const level = num(stream.level);
  return {
    codec: String(stream.codec_name ?? 'unknown'),
    width: num(stream.width) ?? 0,
    height: num(stream.height) ?? 0,
    rotation: rotationOf(stream),
    pixelFormat,
    bitDepth: bitDepthOf(pixelFormat, num(stream.bits_per_raw_sample)),
    hdr: transfer === 'smpte2084' || transfer === 'arib-std-b67',
    frameRate: rateOf(stream.avg_frame_rate) ?? rateOf(stream.r_frame_rate) ?? 0,
    ...(typeof stream.profile === 'string' ? { profile: stream.profile } : {}),
    ...(level !== undefined && level > 0 ? { level } : {}),
  };
}

/** The display matrix's rotation (ffmpeg ≥ 5), else the `rotate` tag (older muxers), as 0, 90, 180 or 270. */
function rotationOf(stream: Json): number {
  const sideData = Array.isArray(stream.side_data_list) ? (stream.side_data_list as Json[]) : [];
  const matrix = sideData.map((d) => num(d.rotation)).find((r) => r !== undefined);
  const tag = num(((stream.tags ?? {}) as Json).rotate);
  const degrees = matrix ?? tag ?? 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** ffprobe's rational (`30000/1001`), or undefined for `0/0` and the like. */
function rateOf(value: unknown): number | undefined {
  const [num, den] = String(value ?? '').split('/').map(Number);
  const rate = den === undefined ? num : num! / den;
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

function bitDepthOf(pixelFormat: string, rawBits: number | undefined): number {
  const match = /p(\d+)(le|be)?$/.exec(pixelFormat);
  if (match) return Number(match[1]);
  return rawBits ?? 8;
}

/** The published clip's size: turned as the display matrix says, then no taller than `maxHeight`, both sides even (H.264 4:2:0). */
export function clipSize(video: Pick<VideoStream, 'width' | 'height' | 'rotation'>, maxHeight: number): { width: number; height: number } {
  const turned = video.rotation === 90 || video.rotation === 270;
  const width = turned ? video.height : video.width;
  const height = turned ? video.width : video.height;
  const outHeight = even(Math.min(height, maxHeight));
  // As ffmpeg's scale=-2:h rounds: the width in proportion, to an even number.
  const outWidth = height <= maxHeight ? even(width) : Math.max(2, Math.round((width * outHeight) / height / 2) * 2);
  return { width: outWidth, height: outHeight };
}

function even(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}

/**
 * A guess of the ffmpeg time a file costs, only to order the work (longest first): a recording's
 * samples, a clip's frames, each encoded and each decoded at its size, HDR tone-mapped in floating
 * point. The weights are Debian's ffmpeg 5.1 on the bench's set: 0.28 µs a sample, 11.5 ms a
 * frame and 2.2 ms a megapixel read, four times that in HDR.
 */
export function workOf({ durationSeconds = 0, audio, video }: MediaProbe): number {
  const sound = audio ? durationSeconds * audio.sampleRate * audio.channels * 0.28e-6 : 0;
  if (!video) return sound;
  const frames = durationSeconds * (video.frameRate || 30);
  return sound + frames * (0.0115 + 0.0022 * ((video.width * video.height) / 1e6)) * (video.hdr ? 4 : 1);
}

/** The RFC 6381 codecs value of an H.264 stream: `avc1.640028` is High at level 4.0. */
export function avcCodecOf(video: Pick<VideoStream, 'profile' | 'level'>): string {
  const profiles: Record<string, string> = { Baseline: '42', 'Constrained Baseline': '42', Main: '4d', High: '64' };
  const profile = profiles[video.profile ?? 'High'] ?? '64';
  const constraint = video.profile === 'Constrained Baseline' ? 'c0' : '00';
  const level = (video.level ?? 40).toString(16).padStart(2, '0');
  return `avc1.${profile}${constraint}${level}`;
}
