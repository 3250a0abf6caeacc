import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newUsersEnvironment } from './readme-commands.ts';

/**
 * `npm run publish` as an owner runs it (node on its launcher, a clean environment plus the
 * variables given: the storage's credentials), for the publish tests and the bench.
 */
export const PUBLISH_LAUNCHER = fileURLToPath(new URL('../publish/launch.mjs', import.meta.url));

/**
 * A photos folder holding only the site.json a publish reads, with these `publishing` settings:
 * all `npm run publish -- --no-build` needs from the library. `<work>/photos-<name>`.
 */
export async function publishSettings(work: string, name: string, publishing: object): Promise<string> {
  const dir = join(work, `photos-${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'site.json'), JSON.stringify({ owner: 'Publish Test', publishing }));
  return dir;
}

export interface PublishRun {
  child: ChildProcess;
  /** Its whole output so far (stdout then stderr, each in order). */
  stdout: () => string;
  stderr: () => string;
  finished: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; wallMs: number }>;
}

/**
 * The environment a publish runs in: an owner's shell with `env` added. The AWS SDK's
 * credential chain, when nothing before it has credentials, asks the instance metadata
 * address (169.254.169.254), which no test may reach: off unless a test sets it.
 */
export const publishEnvironment = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...newUsersEnvironment(), AWS_EC2_METADATA_DISABLED: 'true', ...env });

export function startPublish(args: string[], env: NodeJS.ProcessEnv = {}): PublishRun {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [PUBLISH_LAUNCHER, ...args], { env: publishEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; wallMs: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) => resolve({ status, signal, stdout, stderr, wallMs: performance.now() - startedAt }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, finished };
}

export function runPublish(args: string[], env: NodeJS.ProcessEnv = {}): PublishRun['finished'] {
  return startPublish(args, env).finished;
}
