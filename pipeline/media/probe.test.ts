import { describe, expect, it } from 'vitest';
import { avcCodecOf, clipSize, parseProbe, workOf, type MediaProbe } from './probe.ts';

const phoneClip = JSON.stringify({
  streams: [
    { codec_type: 'video', codec_name: 'hevc', width: 3840, height: 2160, avg_frame_rate: '30000/1001', pix_fmt: 'yuv420p10le', color_transfer: 'arib-std-b67', side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] },
    { codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '48000' },
  ],
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', tags: { 'com.apple.quicktime.location.ISO6709': '+37.7749-122.4194+010.000/' } },
});

describe('parseProbe', () => {
  it("reads a phone's HDR HEVC clip: its turn, bit depth, HDR and sound", () => {
    const probe = parseProbe(phoneClip);
    expect(probe.durationSeconds).toBe(12.5);
    expect(probe.video).toMatchObject({ codec: 'hevc', width: 3840, height: 2160, rotation: 270, bitDepth: 10, hdr: true });
    expect(probe.video?.frameRate).toBeCloseTo(29.97, 2);
    expect(probe.audio).toEqual({ codec: 'aac', channels: 2, sampleRate: 48000 });
    expect(probe.location).toBe('+37.7749-122.4194+010.000/');
  });
  it("takes an MP3's cover picture for no picture, and the older rotate tag where there is no matrix", () => {
    const mp3 = parseProbe(JSON.stringify({ streams: [{ codec_type: 'audio', codec_name: 'mp3', channels: 1, sample_rate: '44100' }, { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } }], format: { format_name: 'mp3' } }));
    expect(mp3.video).toBeUndefined();
    expect(mp3.durationSeconds).toBeUndefined();
    const tagged = parseProbe(JSON.stringify({ streams: [{ codec_type: 'video', codec_name: 'h264', width: 4, height: 2, pix_fmt: 'yuv420p', avg_frame_rate: '0/0', tags: { rotate: '90' } }], format: {} }));
    expect(tagged.video).toMatchObject({ rotation: 90, bitDepth: 8, hdr: false, frameRate: 0 });
  });
});

describe('clipSize', () => {
  it('turns, then keeps a clip no taller than the limit, both sides even', () => {
    expect(clipSize({ width: 3840, height: 2160, rotation: 0 }, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(clipSize({ width: 1920, height: 1080, rotation: 90 }, 1080)).toEqual({ width: 608, height: 1080 });
    expect(clipSize({ width: 641, height: 361, rotation: 0 }, 1080)).toEqual({ width: 640, height: 360 });
  });
});

describe('avcCodecOf', () => {
  it('names High at level 4.0 as browsers expect', () => {
    expect(avcCodecOf({ profile: 'High', level: 40 })).toBe('avc1.640028');
    expect(avcCodecOf({ profile: 'Constrained Baseline', level: 30 })).toBe('avc1.42c01e');
  });
});

describe('workOf', () => {
  it('puts the work a pool should start first first: HDR HEVC, then long 1080p and 4K clips, then recordings by their samples', () => {
    const video = (width: number, height: number, hdr = false) => ({ codec: 'h264', width, height, rotation: 0, pixelFormat: 'yuv420p', bitDepth: 8, hdr, frameRate: 30 });
    const files: Record<string, MediaProbe> = {
      hdr3s: { formatName: 'mov', durationSeconds: 3, video: video(1920, 1080, true) },
      hd8s: { formatName: 'mov', durationSeconds: 8, video: video(1920, 1080), audio: { codec: 'aac', channels: 2, sampleRate: 48000 } },
      uhd4s: { formatName: 'mov', durationSeconds: 4, video: video(3840, 2160) },
      stereo90s: { formatName: 'flac', durationSeconds: 90, audio: { codec: 'flac', channels: 2, sampleRate: 48000 } },
      mono60s: { formatName: 'wav', durationSeconds: 60, audio: { codec: 'pcm_s16le', channels: 1, sampleRate: 48000 } },
      unknownLength: { formatName: 'mp3', audio: { codec: 'mp3', channels: 2, sampleRate: 44100 } },
    };
    const order = Object.entries(files).sort(([, a], [, b]) => workOf(b) - workOf(a)).map(([name]) => name);
    expect(order).toEqual(['hdr3s', 'hd8s', 'uhd4s', 'stereo90s', 'mono60s', 'unknownLength']);
  });
});
