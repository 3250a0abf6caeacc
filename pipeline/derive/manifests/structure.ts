import { compareNames, type LifeListFolder } from '../../../data/manifest-schemas.ts';
import { ancestorsOf, groupByAncestor, type PublishedPhoto } from './published-photo.ts';

/** Nested folders with `file_count` everywhere (0 included) and `files` on leaves: display name then `_lowq` name per photo. */
export function structureOf(photos: readonly PublishedPhoto[], folders: readonly string[][]): LifeListFolder {
  const root: LifeListFolder = { file_count: photos.length };
  const allFolders = ancestorsOf([...folders, ...photos.map((p) => p.plan.folder)]);
  const inside = groupByAncestor(photos);
  const children = new Map<string, string[]>();
  for (const folder of allFolders) {
    const siblings = children.get(parentOf(folder)) ?? [];
    siblings.push(folder);
    children.set(parentOf(folder), siblings);
  }
  const byName = (a: string, b: string) => compareNames(lastName(a), lastName(b)) || (a < b ? -1 : 1);

  const build = (prefix: string): LifeListFolder => {
    const mine = inside.get(prefix) ?? [];
    const node: LifeListFolder = { file_count: mine.length };
    const below = children.get(prefix);
    if (!below) {
      node.files = mine.flatMap((p) => [p.plan.displayName, p.plan.thumbnailName]);
      return node;
    }
    for (const child of [...below].sort(byName)) node[lastName(child)] = build(child);
    return node;
  };
  for (const name of [...(children.get('') ?? [])].sort(byName)) root[name] = build(name);
  return root;
}

function parentOf(folder: string): string {
  const i = folder.lastIndexOf('/');
  return i < 0 ? '' : folder.slice(0, i);
}

function lastName(folder: string): string {
  return folder.slice(folder.lastIndexOf('/') + 1);
}

