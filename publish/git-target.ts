import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GitBranch } from '../data/publishing.ts';
import { PublishError } from './errors.ts';
import { gitFailed } from './messages.ts';

/**
 * The site as one commit on a branch of a git repository (GitHub Pages and other git hosts):
 * dist/ becomes the branch's whole tree, as a commit on top of the branch's last one, pushed
 * without force. Nothing is committed when the tree is the same. It works in a temporary git
 * folder of its own (the project's own repository is never touched), fetching only the
 * branch's last commit. Hidden files are the build's own records, except `.nojekyll`, which
 * GitHub Pages reads.
 */
interface GitChanges {
  added: string[];
  changed: string[];
  deleted: string[];
}

/** Git's empty tree, which every repository knows: the base of a branch's first commit. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const EXCLUDE = ['.*', '!/.nojekyll', ''].join('\n');

/** A publish to a branch, prepared: what it changes is known, nothing is pushed until `push`. */
export interface GitPublish {
  changes: GitChanges;
  /** Files on the branch before the publish. */
  before: number;
  /** Commits the tree and pushes it; the commit, or undefined when nothing changed. */
  push(): Promise<string | undefined>;
  /** Removes the temporary git folder. */
  close(): Promise<void>;
}

export async function prepareGitPublish(dist: string, target: GitBranch): Promise<GitPublish> {
  const gitDir = await mkdtemp(path.join(os.tmpdir(), 'bird-portfolio-publish-git-'));
  const close = () => rm(gitDir, { recursive: true, force: true });
  try {
    const git = gitIn(gitDir, dist);
    await git(['init', '--quiet'], 'init');
    await mkdir(path.join(gitDir, 'info'), { recursive: true });
    await writeFile(path.join(gitDir, 'info', 'exclude'), EXCLUDE);
    const parent = await fetchBranch(git, target);
    const before = parent ? (await git(['ls-tree', '-r', '--name-only', '-z', parent], 'ls-tree')).split('\0').filter(Boolean).length : 0;
    await git(parent ? ['read-tree', parent] : ['read-tree', '--empty'], 'read-tree');
    await git(['add', '--all', '--', '.'], 'add');
    const changes = await changesSince(git, parent);
    const push = async () => {
      if (changes.added.length + changes.changed.length + changes.deleted.length === 0) return undefined;
      const tree = (await git(['write-tree'], 'write-tree')).trim();
      const message = `Publish the site (${changes.added.length} added, ${changes.changed.length} changed, ${changes.deleted.length} deleted)`;
      const commit = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message], 'commit')).trim();
      await git(['push', '--quiet', target.remote, `${commit}:refs/heads/${target.branch}`], 'push');
      return commit;
    };
    return { changes, before, push, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type Git = (args: string[], what: string) => Promise<string>;

function gitIn(gitDir: string, workTree: string): Git {
  // An identity for the commit when the owner's git has none; theirs wins when set.
  const env = { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: workTree, GIT_AUTHOR_NAME: process.env.GIT_AUTHOR_NAME ?? 'npm run publish', GIT_AUTHOR_EMAIL: process.env.GIT_AUTHOR_EMAIL ?? 'publish@localhost', GIT_COMMITTER_NAME: process.env.GIT_COMMITTER_NAME ?? 'npm run publish', GIT_COMMITTER_EMAIL: process.env.GIT_COMMITTER_EMAIL ?? 'publish@localhost', GIT_TERMINAL_PROMPT: '0' };
  return async (args, what) => {
    try {
      const { stdout } = await promisify(execFile)('git', args, { env, cwd: workTree, maxBuffer: 1024 ** 3 });
      return stdout;
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n').filter(Boolean).at(-1);
      throw new PublishError(gitFailed(what, stderr || (error as Error).message));
    }
  };
}

/** The branch's last commit, fetched; undefined when the branch does not exist yet. */
async function fetchBranch(git: Git, target: GitBranch): Promise<string | undefined> {
  const heads = await git(['ls-remote', '--heads', target.remote, `refs/heads/${target.branch}`], `ls-remote ${target.remote}`);
  if (!heads.trim()) return undefined;
  await git(['fetch', '--quiet', '--depth=1', target.remote, `refs/heads/${target.branch}`], `fetch ${target.branch}`);
  return (await git(['rev-parse', 'FETCH_HEAD'], 'rev-parse')).trim();
}

async function changesSince(git: Git, parent: string | undefined): Promise<GitChanges> {
  const out = await git(['diff-index', '--cached', '--name-status', '-z', '--no-renames', parent ?? EMPTY_TREE], 'diff');
  const fields = out.split('\0').filter(Boolean);
  const changes: GitChanges = { added: [], changed: [], deleted: [] };
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [status, file] = [fields[i]!, fields[i + 1]!];
    (status === 'A' ? changes.added : status === 'D' ? changes.deleted : changes.changed).push(file);
  }
  return changes;
}
