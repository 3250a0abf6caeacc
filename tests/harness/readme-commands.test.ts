import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEntry } from '../../harness/processes.ts';
import { startUntilServing } from '../../harness/readme-commands.ts';
import { freePort } from '../../harness/ports.ts';

/**
 * A command that fails to serve leaves nothing running: here npm's script starts a process in the
 * background and ends at once, as a script whose server outlives a failed first step would.
 */
describe('startUntilServing, when the command ends before it serves', () => {
  let project: string;
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'readme-commands-test-'));
    await writeFile(join(project, 'lingering.cjs'), "require('node:fs').writeFileSync('lingering.pid', String(process.pid));\nsetInterval(() => {}, 1000);\n");
    const script = 'node lingering.cjs & while [ ! -s lingering.pid ]; do sleep 0.1; done; exit 3';
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'ends-early', private: true, scripts: { serve: script } }));
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('says how it ended, and stops what it left running', async () => {
    // A port nothing listens on: the command never serves.
    const origin = `http://127.0.0.1:${await freePort()}`;
    await expect(startUntilServing(project, 'serve', [], origin, () => ['/'], 60_000)).rejects.toThrow(/npm serve exited with 3 before serving/);
    const lingering = Number(await readFile(join(project, 'lingering.pid'), 'utf8'));
    const entry = processEntry(lingering);
    expect(entry === undefined || entry.state === 'Z').toBe(true);
  });
});
