import type { ZodMiniType } from 'zod/mini';
import { describeIssues } from '../data/describe-issues.ts';
import { birdListDataSchema, listsDataSchema } from '../data/bird-lists.ts';
import { infoSchema } from '../data/manifest-schemas.ts';
import { outingDataSchema, outingsDataSchema, outingsYearDataSchema } from '../data/outings.ts';
import { creditsDataSchema, homeDataSchema, levelDataSchema, notPhotographedDataSchema, searchDataSchema, speciesDataSchema } from '../data/site-data-schemas.ts';
import type { DataKind, DataTypes } from './data-kinds.ts';

/**
 * The data files' schemas (and zod with them), as a chunk of their own: web/data-files.ts
 * loads it with the first file it fetches (a pre-rendered page's own data, before hydrating),
 * in parallel with that file, so the entry script stays smaller.
 */

const schemas: { [K in DataKind]: ZodMiniType<DataTypes[K]> } = {
  info: infoSchema,
  home: homeDataSchema,
  level: levelDataSchema,
  species: speciesDataSchema,
  credits: creditsDataSchema,
  notPhotographed: notPhotographedDataSchema,
  search: searchDataSchema,
  lists: listsDataSchema,
  list: birdListDataSchema,
  outings: outingsDataSchema,
  outing: outingDataSchema,
  outingsYear: outingsYearDataSchema,
};

export type ParsedData<K extends DataKind> = { ok: true; data: DataTypes[K] } | { ok: false; problems: string[] };

export function parseData<K extends DataKind>(kind: K, raw: unknown): ParsedData<K> {
  const result = schemas[kind].safeParse(raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, problems: describeIssues(result.error) };
}
