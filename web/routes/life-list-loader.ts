import type { LoaderFunctionArgs } from 'react-router';
import { decodeLifeListPath, type LifeListOrder } from '../../data/paths.ts';
import { site } from '../site.ts';
import type { LevelView } from '../site-model.ts';
import { notFound } from './not-found.tsx';

/**
 * One Life List level in one order: its folder cards, or a species' photo wall, from that
 * level's data file (and the species'). The taxonomic order exists with an eBird export
 * (info.json, which every page has loaded already, says whether there is one) or, without one,
 * when the bird taxonomy gave some species its place (the root level's cards say so).
 */
export interface LifeListData {
  level: LevelView;
  /** An eBird export was published: the not-yet-photographed page and the Lists exist. */
  hasLifeList: boolean;
  /** The taxonomic order exists: the order choice is shown and `/life-list-taxonomic/…` pages exist. */
  hasTaxonomicOrder: boolean;
}

export function lifeListLoader(order: LifeListOrder) {
  return async ({ params }: LoaderFunctionArgs): Promise<LifeListData> => {
    const [level, info] = await Promise.all([site.level(decodeLifeListPath(params.path), order), site.info()]);
    const hasLifeList = info.stats.lifeList !== undefined;
    const hasTaxonomicOrder = level?.kind === 'folders' && (await site.hasTaxonomicOrder(info));
    if (!level || (order === 'taxonomic' && !hasTaxonomicOrder)) throw notFound();
    return { level, hasLifeList, hasTaxonomicOrder };
  };
}
