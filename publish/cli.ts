/**
 * `npm run publish`: builds as `npm run build` does, then puts the site where site.json's
 * publishing.deploy says, changing only what changed (plan.ts says in which order), and says
 * what it did. `--dry-run` prints the plan and changes nothing; `--yes` lets a publish delete
 * more than a quarter of a target's objects.
 */
import { spawn } from 'node:child_process';
import { Command, CommanderError } from 'commander';
import { stackOf } from '../data/error-text.ts';
import { projectFile } from '../node-lib/project-root.ts';
import { findCredentials, findRegion } from './credentials.ts';
import { PublishError } from './errors.ts';
import { buildFailed } from './messages.ts';
import { publish, type PublishOptions } from './publish.ts';
import { readTargets } from './settings.ts';

interface CliOptions {
  dryRun: boolean;
  yes: boolean;
  build: boolean;
  photos: string;
  out: string;
  photosOut?: string;
  generated?: string;
}

function buildProgram(run: (options: CliOptions) => Promise<void>): Command {
  return new Command('publish')
    .exitOverride()
    .description('Build the site, then upload what changed to where publishing.deploy in photos/site.json says (docs/deploying.md).')
    .option('--dry-run', 'print what would be uploaded and deleted, and change nothing', false)
    .option('--yes', 'go ahead even if more than a quarter of a target’s objects would be deleted', false)
    .option('--no-build', 'publish dist/ as it is, without building first')
    .option('--photos <dir>', 'the photos folder holding site.json', projectFile('photos'))
    .option('--out <dir>', 'the built site', projectFile('dist'))
    .option('--photos-out <dir>', 'the photos set apart for assetOrigin (default: <out>-photos)')
    .option('--generated <dir>', "the ingest's output folder, passed to the build")
    .action(async (options: CliOptions) => run(options));
}

export async function main(argv: string[]): Promise<number> {
  let status = 0;
  try {
    await buildProgram(async (options) => {
      const startedAt = performance.now();
      const storage = await readTargetsAndCredentials(options);
      if (options.build) await build(options);
      await publish({ ...storage, dryRun: options.dryRun, yes: options.yes, out: options.out, photosOut: options.photosOut ?? `${options.out.replace(/[/\\]+$/, '')}-photos`, startedAt, stdout: process.stdout });
    }).parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // A failure the owner can act on is one line; anything else is a defect, shown whole.
    process.stderr.write(`${error instanceof PublishError ? error.message : stackOf(error)}\n`);
    status = 1;
  }
  return status;
}

/** Settings and credentials first: a mistake there fails at once, before a build. */
async function readTargetsAndCredentials(options: CliOptions): Promise<Pick<PublishOptions, 'targets' | 'credentials' | 'region'>> {
  const targets = await readTargets(options.photos);
  const needsBucket = targets.photos !== undefined || targets.site?.kind === 'bucket';
  const region = await findRegion(targets.storage.region);
  return { targets, credentials: needsBucket ? await findCredentials(process.env, region) : undefined, region };
}

/** `npm run build`, as its own process, its output passing through; a production build whatever NODE_ENV the caller has. */
async function build(options: CliOptions): Promise<void> {
  const args = [projectFile('web/prerender/launch.mjs'), '--photos', options.photos, '--out', options.out];
  if (options.photosOut) args.push('--photos-out', options.photosOut);
  if (options.generated) args.push('--generated', options.generated);
  const env = { ...process.env };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  const [status, signal] = await new Promise<[number | null, string | null]>((resolve, reject) => child.once('error', reject).once('exit', (code, sig) => resolve([code, sig])));
  if (status !== 0) throw new PublishError(buildFailed(status, signal));
}
