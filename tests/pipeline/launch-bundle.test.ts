import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The launcher every command starts from (scripts/launch-bundle.mjs), in a project of its own: a
 * command whose entry imports one package it bundles (`inline`) and one it leaves in node_modules.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
let project: string;

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'launch-bundle-'));
  await mkdir(path.join(project, 'scripts'));
  await mkdir(path.join(project, 'src'));
  await copyFile(path.join(repo, 'scripts', 'launch-bundle.mjs'), path.join(project, 'scripts', 'launch-bundle.mjs'));
  await symlink(path.join(repo, 'node_modules'), path.join(project, 'node_modules'));
  await writeFile(path.join(project, 'package-lock.json'), '{}');
  await writeFile(
    path.join(project, 'src', 'cli.ts'),
    "import { z } from 'zod';\nimport { Command } from 'commander';\nexport async function main(argv: string[]) {\n  console.log(JSON.stringify({ parsed: z.array(z.string()).parse(argv), command: new Command().name('t').name() }));\n  return 0;\n}\n",
  );
  await writeFile(path.join(project, 'src', 'launch.mjs'), "import { launch } from '../scripts/launch-bundle.mjs';\nawait launch({ name: 'test', entry: 'src/cli.ts', sources: ['src'], inline: ['zod'] });\n");
});

afterAll(async () => {
  if (!project) return;
  // This project's bundles and pointer, in the cache it shares with the repository's node_modules.
  const prefix = (await pointer().catch(() => undefined))?.replace(/current$/, '');
  if (prefix) for (const name of await readdir(cache())) if (name.startsWith(prefix)) await rm(path.join(cache(), name), { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

const start = () => spawnSync(process.execPath, [path.join(project, 'src', 'launch.mjs'), 'a', 'b'], { encoding: 'utf8' });

const cache = () => path.join(project, 'node_modules', '.cache', 'bird-portfolio');

/** The file naming this project's current bundle (`test-<project key>-current`). */
async function pointer(): Promise<string> {
  const name = (await readdir(cache())).find((n) => n.startsWith('test-') && n.endsWith('-current'));
  if (!name) throw new Error('no bundle pointer for the test project');
  return name;
}

/** The folder name of the bundle the project's pointer names. */
async function currentBundle(): Promise<string> {
  return (await readFile(path.join(cache(), await pointer()), 'utf8')).trim();
}

describe('scripts/launch-bundle.mjs', () => {
  it('bundles the packages it is told to inline and imports the others from node_modules', async () => {
    const run = start();
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ parsed: ['a', 'b'], command: 't' });
    const folder = path.join(cache(), await currentBundle());
    const code = (await Promise.all((await readdir(folder)).map((file) => readFile(path.join(folder, file), 'utf8')))).join('\n');
    expect(code).toMatch(/from "commander"/);
    expect(code).not.toMatch(/from "zod/);
    expect(code).toMatch(/class \$?ZodError|\$ZodType/);
  });

  it('runs the same bundle again, and builds a new one after an install (a newer lockfile)', async () => {
    const first = await currentBundle();
    expect(start().status).toBe(0);
    expect(await currentBundle()).toBe(first);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(project, 'package-lock.json'), later, later);
    const after = start();
    expect(after.status, after.stderr).toBe(0);
    expect(await currentBundle()).not.toBe(first);
  });
});
