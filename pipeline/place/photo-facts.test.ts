import { describe, expect, it } from 'vitest';
import { sidecarsOf } from '../scan/photo-list.ts';
import { factsFromTags, withSidecar } from './photo-facts.ts';

describe('a sidecar', () => {
  const own = factsFromTags({ Subject: ['Osprey'], HierarchicalSubject: 'Birds|Hawks|Osprey', Rating: 5, Title: 'Embedded', Description: 'Own caption', DateTimeOriginal: '2024:05:01 07:12:00' });

  it("wins over the photo's keywords, rating, title and caption, field by field", () => {
    const side = factsFromTags({ Subject: ['Mallard'], Rating: -1, Title: 'From the sidecar' });
    expect(withSidecar(own, side)).toEqual({ keywords: ['Mallard'], hierarchicalKeywords: [], rating: -1, title: 'From the sidecar', caption: 'Own caption', takenOn: '2024-05-01' });
  });

  it("that says nothing leaves the photo's own values", () => {
    expect(withSidecar(own, factsFromTags({}))).toEqual(own);
  });

  it('is found by either name a photo editor gives it, in any letter case, the whole-file name first', () => {
    const found = sidecarsOf(['a/IMG_1.JPG', 'a/IMG_2.jpg', 'a/IMG_3.jpg', 'IMG_4.heic'], ['a/IMG_1.JPG', 'a/img_1.xmp', 'a/IMG_2.jpg', 'a/IMG_2.jpg.XMP', 'a/IMG_2.xmp', 'a/IMG_3.jpg', 'IMG_4.heic', 'IMG_4.xmp']);
    expect([...found]).toEqual([
      ['a/IMG_1.JPG', 'a/img_1.xmp'],
      ['a/IMG_2.jpg', 'a/IMG_2.jpg.XMP'],
      ['IMG_4.heic', 'IMG_4.xmp'],
    ]);
  });
});

describe('ratings as Lightroom and darktable write them', () => {
  it('keeps -1 (rejected) to 5, and nothing else', () => {
    expect([-1, 0, 3, 5, '4', 7, -2, 2.5].map((Rating) => factsFromTags({ Rating }).rating)).toEqual([-1, 0, 3, 5, 4, undefined, undefined, undefined]);
  });
});
