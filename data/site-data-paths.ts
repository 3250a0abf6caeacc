import { slugWithHash } from './paths.ts';

/** The folder of the per-page data files (data/site-data-schemas.ts holds their schemas). */
export const SITE_DATA_DIR = 'site-data';

/** Site-relative paths of the per-page data files. Keys are slugs plus a hash: safe on every file system and URL. */
export const siteDataPaths = {
  home: `${SITE_DATA_DIR}/home.json`,
  credits: `${SITE_DATA_DIR}/credits.json`,
  level: (segments: readonly string[]) => `${SITE_DATA_DIR}/life-list/${segments.length === 0 ? 'index' : slugWithHash(segments.join('/'))}.json`,
  species: (name: string) => `${SITE_DATA_DIR}/species/${slugWithHash(name)}.json`,
  /** The life list's species without a photo (only with an eBird export). */
  notPhotographed: `${SITE_DATA_DIR}/not-photographed.json`,
  /** The Lists page's table and map (only with an eBird export). */
  lists: `${SITE_DATA_DIR}/lists.json`,
  /** One year, country or state/province list; keys are `2024`, `US`, `US-TX`. */
  list: (key: string) => `${SITE_DATA_DIR}/lists/${key}.json`,
  /** The Outings page: every outing and trip, newest first, grouped by year. */
  outings: `${SITE_DATA_DIR}/outings.json`,
  /** One year of the Outings page, when it has too many entries for one page. */
  outingsYear: (year: number) => `${SITE_DATA_DIR}/outings/year-${year}.json`,
  /** One outing (a day, `2023-06-08`) or trip (`trip-…`). */
  outing: (key: string) => `${SITE_DATA_DIR}/outings/${key}.json`,
  /** A map of the Lists page, its shapes only (SVG): `world`, or a country code for its states/provinces (data/lists-map-files.ts). */
  listsMap: (name: string) => `${SITE_DATA_DIR}/maps/${name}.svg`,
  /** Every species page's names, for the search box: fetched only when the box is first used. */
  search: `${SITE_DATA_DIR}/search.json`,
} as const;
