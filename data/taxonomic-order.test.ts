import { describe, expect, it } from 'vitest';
import { firstTaxonOrder, sortTaxonomically, type TaxonomicAccessors } from './taxonomic-order.ts';

interface Folder {
  name: string;
  children?: Folder[];
}
const orders: Record<string, number> = { Mallard: 472, 'Wood Duck': 380, 'Snow Goose': 256, 'Great Egret': 8600, 'Little Blue Heron': 8690, 'Carolina Wren': 26520, 'Bald Eagle': 9640 };
const get: TaxonomicAccessors<Folder> = {
  name: (f) => f.name,
  children: (f) => f.children ?? [],
  speciesOrder: (f) => orders[f.name],
};
const tree: Folder[] = [
  { name: 'Passeriformes', children: [{ name: 'Wrens', children: [{ name: 'Carolina Wren' }] }] },
  { name: 'Anseriformes', children: [{ name: 'Ducks, Geese, and Waterfowl', children: [{ name: 'Mallard' }, { name: 'Wood Duck' }, { name: 'Snow Goose' }] }] },
  { name: 'Accipitriformes', children: [{ name: 'Hawks, Eagles, and Kites', children: [{ name: 'Bald Eagle' }, { name: 'Mystery Hawk' }] }] },
  { name: 'Pelecaniformes', children: [{ name: 'Herons, Egrets, and Bitterns', children: [{ name: 'Little Blue Heron' }, { name: 'Great Egret' }] }] },
  { name: 'Apodiformes', children: [{ name: 'Hummingbirds', children: [{ name: 'Unknown Hummer' }] }] },
];

describe('taxonomic order of a folder tree', () => {
  it('orders orders and families by their first species, species by their own order', () => {
    expect(sortTaxonomically(tree, get).map((f) => f.name)).toEqual(['Anseriformes', 'Pelecaniformes', 'Accipitriformes', 'Passeriformes', 'Apodiformes']);
    const ducks = tree[1]!.children![0]!.children!;
    expect(sortTaxonomically(ducks, get).map((f) => f.name)).toEqual(['Snow Goose', 'Wood Duck', 'Mallard']);
    expect(sortTaxonomically(tree[2]!.children![0]!.children!, get).map((f) => f.name)).toEqual(['Bald Eagle', 'Mystery Hawk']);
  });

  it('orders folders without a species by name, as the rest of the site does (numbers by value, case ignored)', () => {
    const unknown = [{ name: 'gull 10' }, { name: 'Gull 2' }, { name: 'Albatross' }];
    expect(sortTaxonomically(unknown, get).map((f) => f.name)).toEqual(['Albatross', 'Gull 2', 'gull 10']);
  });

  it('finds the first taxonomic order under a folder', () => {
    expect(firstTaxonOrder(tree[3]!, get)).toBe(8600);
    expect(firstTaxonOrder(tree[4]!, get)).toBeUndefined();
  });

  it('does not change its input', () => {
    const before = tree.map((f) => f.name);
    sortTaxonomically(tree, get);
    expect(tree.map((f) => f.name)).toEqual(before);
  });
});
