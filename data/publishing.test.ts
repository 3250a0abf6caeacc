import { describe, expect, it } from 'vitest';
import { isPhotoFile } from './publishing.ts';

describe('isPhotoFile: what publishing.assetOrigin moves to the photos folder', () => {
  it('takes the renditions and the published originals, and leaves the data files with the pages', () => {
    expect(isPhotoFile('life_list/Anseriformes/Ducks/Wood Duck/a_lowq.jpg')).toBe(true);
    expect(isPhotoFile('life_list/Anseriformes/Ducks/Wood Duck/a.webp')).toBe(true);
    expect(isPhotoFile('originals/life_list/Anseriformes/Ducks/Wood Duck/a.jpg')).toBe(true);
    expect(isPhotoFile('media/Gruiformes/Cranes/Sandhill Crane/call.m4a')).toBe(true);
    expect(isPhotoFile('media/Gruiformes/Cranes/Sandhill Crane/call.spectrogram.webp')).toBe(true);
    expect(isPhotoFile('life_list/file_count.json')).toBe(false);
    expect(isPhotoFile('site-data/species/Wood Duck.json')).toBe(false);
    expect(isPhotoFile('photo-index.json')).toBe(false);
  });
});
