import type { ListsMap, ListsMaps, PageMap, PageMaps } from './bird-lists.ts';
import { siteDataPaths } from './site-data-paths.ts';

/**
 * The Lists page's maps as files of their own: one SVG per map (the world, and each country
 * whose states/provinces are drawn) holding only its shapes, each an SVG path whose `id` is its
 * region code, all in one group `#land`. The page draws a map with `<use>` of that file: all of
 * `#land` in grey, then each shape with a list (`#US-TX`) shaded and linked. So the page's HTML
 * and its data file carry no geometry (a first view as light as the other pages'), only the
 * Lists page fetches a map, only the maps of countries with lists exist, and a map's file is
 * the same from one build to the next until its shapes change. The links, their names and the
 * shading stay in the page: they work without JavaScript and are read as the page's own.
 */

/** The group of every shape of a map's file: what the page draws in grey under the shaded ones. */
export const LAND_ID = 'land';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One map's file: its shapes, one path per code (several shapes of one code joined), land without a code unnamed. */
export function mapSvg(map: ListsMap): string {
  const byCode = new Map<string, string[]>();
  const unnamed: string[] = [];
  for (const shape of map.shapes) {
    if (shape.code === '') unnamed.push(shape.d);
    else byCode.set(shape.code, [...(byCode.get(shape.code) ?? []), shape.d]);
  }
  const paths = [
    ...[...byCode].map(([code, ds]) => `<path id="${escapeAttribute(code)}" d="${ds.join('')}"/>`),
    ...unnamed.map((d) => `<path d="${d}"/>`),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}"><g id="${LAND_ID}">${paths.join('')}</g></svg>\n`;
}

function pageMap(map: ListsMap, file: string): PageMap {
  const codes = [...new Set(map.shapes.map((s) => s.code).filter((code) => code !== ''))].sort();
  return { file, width: map.width, height: map.height, codes };
}

/** The maps as the Lists page references them, and their files (site-relative path → SVG text). */
export function listsMapFiles(maps: ListsMaps): { maps: PageMaps; files: Map<string, string> } {
  const files = new Map<string, string>();
  const add = (name: string, map: ListsMap) => {
    const file = siteDataPaths.listsMap(name);
    files.set(file, mapSvg(map));
    return pageMap(map, file);
  };
  return {
    maps: {
      world: add('world', maps.world),
      regions: maps.regions.map(({ country, name, ...map }) => ({ ...add(country, map), country, name })),
    },
    files,
  };
}
