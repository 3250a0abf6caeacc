import { compareNames } from './manifest-layout.ts';

/**
 * Field-guide (taxonomic) order for a folder tree of any shape: a species (leaf) sorts
 * by its taxonomic order (the eBird export's, else the bird taxonomy's sequence), an order or family folder by the smallest taxonomic
 * order of the species under it ("ordered by its first species"). Folders with no
 * known order follow, alphabetically; ties are broken by name. Pure and generic: the
 * caller says how to get a node's name, children and, for species, taxonomic order.
 */
export interface TaxonomicAccessors<T> {
  name: (node: T) => string;
  children: (node: T) => readonly T[];
  /** Taxonomic order of a species node (a leaf); undefined when it is unknown (not in the export or the taxonomy). */
  speciesOrder: (node: T) => number | undefined;
}

/** The smallest taxonomic order found in `node` or under it (undefined when none is known). */
export function firstTaxonOrder<T>(node: T, get: TaxonomicAccessors<T>, cache = new Map<T, number | undefined>()): number | undefined {
  if (cache.has(node)) return cache.get(node);
  const children = get.children(node);
  let order: number | undefined;
  if (children.length === 0) order = get.speciesOrder(node);
  else {
    for (const child of children) {
      const o = firstTaxonOrder(child, get, cache);
      if (o !== undefined && (order === undefined || o < order)) order = o;
    }
  }
  cache.set(node, order);
  return order;
}

/** `nodes` (siblings) sorted in taxonomic order; a new array, the nodes are not changed. */
export function sortTaxonomically<T>(nodes: readonly T[], get: TaxonomicAccessors<T>, cache = new Map<T, number | undefined>()): T[] {
  const keyed = nodes.map((node) => ({ node, order: firstTaxonOrder(node, get, cache), name: get.name(node) }));
  keyed.sort((a, b) => {
    if (a.order !== undefined && b.order !== undefined && a.order !== b.order) return a.order - b.order;
    if (a.order === undefined && b.order !== undefined) return 1;
    if (a.order !== undefined && b.order === undefined) return -1;
    return compareNames(a.name, b.name);
  });
  return keyed.map((k) => k.node);
}
