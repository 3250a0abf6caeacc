import type { BirdListData, ListsData } from '../data/bird-lists.ts';
import type { OutingData, OutingsData, OutingsYearData } from '../data/outings.ts';
import type { Info } from '../data/manifest-schemas.ts';
import type { CreditsData, HomeData, LevelData, NotPhotographedData, SearchData, SpeciesData } from '../data/site-data-schemas.ts';

/** Each data file the site reads, by kind, and its type: what web/data-files.ts fetches, web/data-schemas.ts checks and web/site-model.ts reads. */
export interface DataTypes {
  info: Info;
  home: HomeData;
  level: LevelData;
  species: SpeciesData;
  credits: CreditsData;
  notPhotographed: NotPhotographedData;
  search: SearchData;
  lists: ListsData;
  list: BirdListData;
  outings: OutingsData;
  outing: OutingData;
  outingsYear: OutingsYearData;
}
export type DataKind = keyof DataTypes;
