import { describe, expect, it } from 'vitest';
import { mediaKindOf, mediaNameKey, mediaPaths } from './media-layout.ts';

describe('mediaPaths', () => {
  it("puts a recording's audio and spectrogram under media/, in its folders", () => {
    expect(mediaPaths('Passeriformes/Wrens/Canyon Wren/ZOOM0001.WAV', 'recording')).toEqual({
      kind: 'recording',
      audio: 'media/Passeriformes/Wrens/Canyon Wren/ZOOM0001.m4a',
      spectrogram: 'media/Passeriformes/Wrens/Canyon Wren/ZOOM0001.spectrogram.webp',
    });
  });
  it("names a clip's video and its poster's renditions as a photo's are named", () => {
    const paths = mediaPaths('Gruiformes/Cranes/Sandhill Crane/IMG_0001.MOV', 'clip');
    if (paths.kind !== 'clip') throw new Error('a clip');
    expect(paths.video).toBe('media/Gruiformes/Cranes/Sandhill Crane/IMG_0001.mp4');
    expect(paths.poster).toBe('media/Gruiformes/Cranes/Sandhill Crane/IMG_0001.poster.jpg');
    expect(paths.thumbnail).toBe('media/Gruiformes/Cranes/Sandhill Crane/IMG_0001.poster_lowq.jpg');
    expect(paths.source(480, 'webp')).toBe('media/Gruiformes/Cranes/Sandhill Crane/IMG_0001.poster-480.webp');
  });
});

describe('mediaKindOf', () => {
  it('knows recordings and clips by extension, in any case, and nothing else', () => {
    expect(['a.WAV', 'a.flac', 'a.mp3', 'a.m4a', 'a.aac', 'a.ogg', 'a.opus'].map(mediaKindOf)).toEqual(Array(7).fill('recording'));
    expect(['a.MP4', 'a.mov', 'a.m4v'].map(mediaKindOf)).toEqual(Array(3).fill('clip'));
    expect(['a.jpg', 'a.xmp', 'README'].map(mediaKindOf)).toEqual([undefined, undefined, undefined]);
  });
  it('gives two files of one stem in one folder one key: they would publish under one name', () => {
    expect(mediaNameKey('A/B/x.wav')).toBe(mediaNameKey('A/B/X.mp3'));
    expect(mediaNameKey('A/B/x.wav')).not.toBe(mediaNameKey('A/C/x.wav'));
  });
});
