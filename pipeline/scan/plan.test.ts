import { describe, expect, it } from 'vitest';
import { privacyOptionsSchema, renditionOptionsSchema } from '../../data/site-config.ts';
import { outputKeys, planPhoto, type PlanSettings } from './plan.ts';

const defaults: PlanSettings = { renditions: renditionOptionsSchema.parse({}), privacy: privacyOptionsSchema.parse({}) };
const withRenditions = (r: object): PlanSettings => ({ ...defaults, renditions: renditionOptionsSchema.parse(r) });

describe('planPhoto', () => {
  it('maps a photo under life_list/ to its site-relative outputs', () => {
    const plan = planPhoto("Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001.JPG", defaults);
    expect(plan).toMatchObject({
      relativePath: "Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001.JPG",
      folder: ['Charadriiformes', 'Gulls, Terns', "Franklin's Gull"],
      species: "Franklin's Gull",
      originalName: 'DSC_0001.JPG',
      displayName: 'DSC_0001.jpg',
      thumbnailName: 'DSC_0001_lowq.jpg',
      display: "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001.jpg",
      thumbnail: "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001_lowq.jpg",
      original: undefined,
    });
    expect(plan.sources.map((s) => s.path)).toEqual([
      "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001-360.webp",
      "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001-480.webp",
      "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001-720.webp",
      "life_list/Charadriiformes/Gulls, Terns/Franklin's Gull/DSC_0001-960.webp",
    ]);
  });

  it('keeps dots inside the stem and plans one file per format and distinct width', () => {
    const plan = planPhoto('A/B/x.y.tiff', withRenditions({ formats: ['webp', 'avif'], srcsetWidths: [960, 480, 960] }));
    expect(plan.stem).toBe('x.y');
    expect(plan.sources.map((s) => s.path)).toEqual(['life_list/A/B/x.y-480.webp', 'life_list/A/B/x.y-960.webp', 'life_list/A/B/x.y-480.avif', 'life_list/A/B/x.y-960.avif']);
  });

  it('puts published originals in their own tree, so x.jpg never collides with its display rendition', () => {
    const plan = planPhoto('A/B/x.jpg', { ...defaults, privacy: privacyOptionsSchema.parse({ publishOriginals: true }) });
    expect(plan.original).toBe('originals/life_list/A/B/x.jpg');
    expect(plan.display).toBe('life_list/A/B/x.jpg');
  });

  it('normalises backslashes and empty segments', () => {
    expect(planPhoto('A\\B\\\\C\\x.png', defaults).folder).toEqual(['A', 'B', 'C']);
  });
});

describe('outputKeys: a setting changes exactly the outputs it shapes', () => {
  const base = outputKeys(defaults);
  const changed = (settings: PlanSettings) => {
    const keys = outputKeys(settings);
    return (Object.keys(keys) as Array<keyof typeof keys>).filter((k) => keys[k] !== base[k]).sort();
  };

  it.each([
    [{ webpQuality: 60 }, ['sources']],
    [{ avifQuality: 40 }, []],
    [{ formats: ['webp', 'avif'] }, ['sources']],
    [{ srcsetWidths: [320, 640] }, ['sources']],
    [{ thumbnailLongEdge: 400 }, ['thumbnail']],
    [{ jpegQuality: 90 }, ['display', 'thumbnail']],
    [{ displayLongEdge: 1600 }, ['display', 'placeholder', 'sources', 'thumbnail']],
  ])('renditions %j → %j', (change, expected) => {
    expect(changed(withRenditions(change))).toEqual(expected);
  });

  it.each([
    [{ keepGps: true }, ['display']],
    [{ keepSerialNumbers: true }, ['display']],
    [{ publishOriginals: true }, ['original']],
  ])('privacy %j → %j', (change, expected) => {
    expect(changed({ ...defaults, privacy: privacyOptionsSchema.parse(change) })).toEqual(expected);
  });
});
