import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_MARKER, loadBuildState } from './build-state.ts';

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

  it('starts afresh without a word on a first build (no state yet)', async () => {
    const state = await loadBuildState(stateFile, dist, warn);
    expect(state.files).toEqual({});
    expect(await readdir(dist)).toEqual([]);
    expect(warnings).toEqual([]);
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
