import { mkdir, mkdtemp, rm, symlink, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema, lifeListStructureSchema } from '../../data/manifest-schemas.ts';
import { walkTree } from '../../pipeline/scan/tree-walk.ts';
import { fixture, ingestArgs, makeTree, readJson, runCli, type CliRun, type Tree } from '../../harness/ingest-tree.ts';

const PHOTO = fixture('photos/mei_iphone-xr_1x1px_gps.jpg');

/** Depth of the deepest folder in a Life List structure. */
function depthOf(folder: Record<string, unknown>): number {
  const children = Object.entries(folder).filter(([key, value]) => key !== 'file_count' && key !== 'files' && typeof value === 'object');
  return 1 + Math.max(0, ...children.map(([, child]) => depthOf(child as Record<string, unknown>)));
}

describe('linked folders: followed once, loops reported once, a photo reachable twice published once', () => {
  let tree: Tree;
  let outside: string;
  let run: CliRun;
  let report: { problems: Array<{ severity: string; path: string; reason: string }> };

  beforeAll(async () => {
    tree = await makeTree({
      files: {
        'Passeriformes/Tits/Blue Tit/a.jpg': PHOTO,
        'Passeriformes/Tits/Great Tit/b.jpg': PHOTO,
      },
    });
    const lifeList = path.join(tree.photosDir, 'life_list');
    // A folder outside the photos folder, linked in: followed.
    outside = await mkdtemp(path.join(tmpdir(), 'linked-outside-'));
    await mkdir(path.join(outside, 'Gulls', 'Herring Gull'), { recursive: true });
    await copyFile(PHOTO, path.join(outside, 'Gulls', 'Herring Gull', 'c.jpg'));
    await symlink(outside, path.join(lifeList, 'Charadriiformes'), 'dir');
    // Loops: a link to the photos folder (the parent of life_list) and to life_list itself.
    await symlink(tree.photosDir, path.join(lifeList, 'Passeriformes', 'Tits', 'Blue Tit', 'up'), 'dir');
    await symlink(lifeList, path.join(outside, 'Gulls', 'back-to-life-list'), 'dir');
    // The same folder twice: a second link to the outside folder.
    await symlink(outside, path.join(lifeList, 'Waders'), 'dir');
    // The same photo twice: a file link in another species folder.
    await mkdir(path.join(lifeList, 'Passeriformes', 'Finches', 'Chaffinch'), { recursive: true });
    await symlink(path.join(lifeList, 'Passeriformes', 'Tits', 'Great Tit', 'b.jpg'), path.join(lifeList, 'Passeriformes', 'Finches', 'Chaffinch', 'linked.jpg'));
    run = await runCli(ingestArgs(tree, '--json'));
    report = JSON.parse(run.stdout);
  });
  afterAll(async () => {
    await tree.cleanup();
    await rm(outside, { recursive: true, force: true });
  });

  it('publishes each photo once, the linked-in folder included', async () => {
    const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, 'photo-index.json')));
    expect(Object.values(index.photos).map((p) => p.source).sort()).toEqual([
      'Charadriiformes/Gulls/Herring Gull/c.jpg',
      'Passeriformes/Tits/Blue Tit/a.jpg',
      'Passeriformes/Tits/Great Tit/b.jpg',
    ]);
    const structure = lifeListStructureSchema.parse(await readJson(path.join(tree.publicDir, 'life_list', 'life_list_structure.json')));
    expect(depthOf(structure as Record<string, unknown>)).toBeLessThanOrEqual(4);
  });

  it('reports each loop once, and names both paths of what is reachable twice', () => {
    const lines = report.problems.map((p) => `${p.severity} ${p.path}: ${p.reason}`);
    expect(lines.filter((l) => /loop/.test(l))).toEqual([
      expect.stringMatching(/^warning life_list\/Charadriiformes\/Gulls\/back-to-life-list: symbolic link to 'life_list', a folder that contains it: a loop/),
      expect.stringMatching(/^warning life_list\/Passeriformes\/Tits\/Blue Tit\/up: symbolic link to '.*photos', a folder that contains it: a loop/),
    ].sort());
    expect(lines).toContain("warning life_list/Waders: symbolic link to the same folder as 'life_list/Charadriiformes'; its photos are published once, from 'life_list/Charadriiformes'");
    expect(lines).toContain(
      "warning life_list/Passeriformes/Finches/Chaffinch/linked.jpg: 'life_list/Passeriformes/Finches/Chaffinch/linked.jpg' and 'life_list/Passeriformes/Tits/Great Tit/b.jpg' are the same photo (a link); published once, as 'life_list/Passeriformes/Tits/Great Tit/b.jpg'",
    );
    expect(lines.length).toBeLessThan(10);
  });

  it('never runs away, whatever the tree: a folder linking to itself and to its parent', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'walk-loop-'));
    try {
      await mkdir(path.join(root, 'a', 'b'), { recursive: true });
      await symlink(root, path.join(root, 'a', 'b', 'to-root'), 'dir');
      await symlink(path.join(root, 'a'), path.join(root, 'a', 'b', 'to-a'), 'dir');
      await symlink(path.join(root, 'a', 'b'), path.join(root, 'a', 'b', 'self'), 'dir');
      await symlink(path.join(root, 'missing'), path.join(root, 'a', 'dangling'));
      const walked = await walkTree(root);
      expect(walked.dirs).toEqual(['a', 'a/b']);
      expect(walked.notes.map((n) => `${n.severity} ${n.relative}`).sort()).toEqual(['error a/dangling', 'warning a/b/self', 'warning a/b/to-a', 'warning a/b/to-root']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
