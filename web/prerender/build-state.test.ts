import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_MARKER, builtFrom, finishBuild, loadBuildState, writeIfChanged } from './build-state.ts';

describe('loadBuildState', () => {
  let root: string;
  let dist: string;
  let stateFile: string;
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'build-state-'));
    dist = join(root, 'dist');
    stateFile = join(root, 'state.json');
    warnings.length = 0;
    await mkdir(dist);
    await writeFile(join(dist, 'index.html'), '<p>old</p>');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps dist/ when the state matches its marker', async () => {
    await writeFile(stateFile, JSON.stringify({ id: 'abc', files: { 'index.html': 'sig' } }));
    await writeFile(join(dist, BUILD_MARKER), 'abc\ninputs\n');
    const state = await loadBuildState(stateFile, dist, warn);
    expect(state.files).toEqual({ 'index.html': 'sig' });
    expect(await readdir(dist)).toContain('index.html');
    expect(warnings).toEqual([]);
  });

  it('starts afresh without a word on a first build (no state yet), marking the folder as a build\'s at once', async () => {
    const state = await loadBuildState(stateFile, dist, warn);
    expect(state.files).toEqual({});
    expect(await readdir(dist)).toEqual([BUILD_MARKER]);
    expect(warnings).toEqual([]);
  });

  it('takes over the files of a first build that failed before it finished (the next build never refuses them)', async () => {
    const fresh = join(root, 'new-dist');
    const cutShort = await loadBuildState(stateFile, fresh, warn);
    await writeIfChanged(cutShort, fresh, 'species/a/index.html', 'sig', async () => '<p>half</p>');
    // No finishBuild: the pre-render failed, or the owner pressed Ctrl-C.
    const next = await loadBuildState(stateFile, fresh, warn);
    expect(next.files).toEqual({});
    expect(next.id).not.toBe(cutShort.id);
    expect(await readdir(fresh)).toEqual([BUILD_MARKER]);
    expect(warnings).toEqual([]);
  });

  it('takes over what a build of older code left when it failed before writing any marker', async () => {
    const old = join(root, 'old-dist');
    await mkdir(join(old, 'life_list'), { recursive: true });
    await writeFile(join(old, 'bird-photos.json'), '{}');
    await writeFile(join(old, 'life_list', 'a_lowq.jpg'), 'jpeg');
    const state = await loadBuildState(stateFile, old, warn);
    expect(state.files).toEqual({});
    expect(await readdir(old)).toEqual([BUILD_MARKER]);
  });

  it('a build cut short after a complete one is never taken for up to date', async () => {
    const first = await loadBuildState(stateFile, dist, warn);
    await finishBuild(first, stateFile, dist, 'inputs-1');
    expect(await builtFrom(dist)).toBe('inputs-1');
    const cutShort = await loadBuildState(stateFile, dist, warn);
    expect(cutShort.id).toBe(first.id);
    expect(await builtFrom(dist)).toBeUndefined();
    await finishBuild(cutShort, stateFile, dist, 'inputs-2');
    expect(await builtFrom(dist)).toBe('inputs-2');
  });

  it('says so when the state is damaged, then starts afresh', async () => {
    await writeFile(stateFile, '{"id": "abc", "fil');
    await writeFile(join(dist, BUILD_MARKER), 'abc\n');
    const state = await loadBuildState(stateFile, dist, warn);
    expect(state.files).toEqual({});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${stateFile} is damaged`);
    expect(warnings[0]).toContain(`${dist} is built afresh`);
  });

  it('never empties a folder of other files (an output pointed at the wrong folder)', async () => {
    const other = join(root, 'documents');
    await mkdir(other);
    await writeFile(join(other, 'letter.txt'), 'keep me');
    await expect(loadBuildState(stateFile, other, warn)).rejects.toThrow(/holds files that no build of this site wrote/);
    expect(await readdir(other)).toEqual(['letter.txt']);
  });

  it('stops when the state is there but cannot be read, leaving dist/ as it was', async () => {
    await mkdir(stateFile);
    await expect(loadBuildState(stateFile, dist, warn)).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await readdir(dist)).toEqual(['index.html']);
  });
});
