import { describe, expect, it } from 'vitest';
import { listsMapFiles, mapSvg } from './lists-map-files.ts';

describe('mapSvg', () => {
  it('writes one path per code, the shapes of one code joined, land without a code unnamed, all in #land', () => {
    const svg = mapSvg({
      width: 640,
      height: 300,
      shapes: [
        { code: 'MX-BCS', d: 'M1,2 3,4Z' },
        { code: '', d: 'M5,6 7,8Z' },
        { code: 'MX-BCS', d: 'M9,9 8,8Z' },
        { code: 'MX-SON', d: 'M0,0 1,1Z' },
      ],
    });
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 300"><g id="land"><path id="MX-BCS" d="M1,2 3,4ZM9,9 8,8Z"/><path id="MX-SON" d="M0,0 1,1Z"/><path d="M5,6 7,8Z"/></g></svg>\n',
    );
  });
});

describe('listsMapFiles', () => {
  it('gives the page each map by its file, size and sorted codes, and the files by their paths', () => {
    const shape = (code: string) => ({ code, d: 'M0,0 1,1Z' });
    const { maps, files } = listsMapFiles({
      world: { width: 960, height: 470, shapes: [shape('US'), shape('MX'), shape('')] },
      regions: [{ country: 'MX', name: 'Mexico', width: 640, height: 380, shapes: [shape('MX-SON'), shape('MX-BCS')] }],
    });
    expect(maps).toEqual({
      world: { file: 'site-data/maps/world.svg', width: 960, height: 470, codes: ['MX', 'US'] },
      regions: [{ file: 'site-data/maps/MX.svg', width: 640, height: 380, codes: ['MX-BCS', 'MX-SON'], country: 'MX', name: 'Mexico' }],
    });
    expect([...files.keys()]).toEqual(['site-data/maps/world.svg', 'site-data/maps/MX.svg']);
    expect(files.get('site-data/maps/MX.svg')).toContain('<path id="MX-SON"');
  });
});
