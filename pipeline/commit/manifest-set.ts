import { renameSync, rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MANIFEST_FILES, manifestSchemas, type ManifestName, type Manifests } from '../../data/manifest-schemas.ts';
import { MEDIA_INDEX_FILE } from '../../data/manifest-layout.ts';
import { mediaIndexSchema, type MediaIndex } from '../../data/media-schemas.ts';
import { finishOnInterrupt, isMissingFile, tempPathFor, unlessMissing, writeFileAtomically } from '../../node-lib/files.ts';
import { messageOf } from '../../data/error-text.ts';

/**
 * The manifests are written as a set: each to a temporary file, then a journal in
 * cache/ listing the pending renames, then the renames, then the journal is deleted.
 * A run killed after the journal is written is rolled forward by the next run (or by
 * validate); killed before it, the previous manifests are untouched.
 */
export const JOURNAL_FILE = 'manifests.journal.json';

const journalSchema = z.strictObject({
  renames: z.array(z.strictObject({ from: z.string(), to: z.string() })),
});

/** Stage: the derived manifests → files in public/, each parsed by its schema first, all committed together. */
export async function run(manifests: Manifests, publicDir: string, cacheDir: string, media: MediaIndex = { version: 1, media: {} }): Promise<void> {
  const renames: Array<{ from: string; to: string }> = [];
  // Parsing here means a bug in the derivation can never publish a manifest the site would reject.
  const files = [
    ...(Object.keys(MANIFEST_FILES) as ManifestName[]).map((name) => ({ file: MANIFEST_FILES[name], parsed: manifestSchemas[name].parse(manifests[name]) as unknown, indent: name === 'photoIndex' ? undefined : 2 })),
    { file: MEDIA_INDEX_FILE, parsed: mediaIndexSchema.parse(media) as unknown, indent: undefined },
  ];
  for (const { file, parsed, indent } of files) {
    const target = path.join(publicDir, ...file.split('/'));
    const text = `${JSON.stringify(parsed, null, indent)}\n`;
    // An unchanged manifest is left alone, so a no-op run rewrites nothing and the build relinks nothing.
    if ((await unlessMissing(readFile(target, 'utf8'))) === text) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const temp = tempPathFor(target);
    renames.push({ from: temp, to: target });
    // Stopped before the journal: the previous set stands, and this one's files go.
    finishOnInterrupt(SET_KEY, () => {
      for (const r of renames) rmSync(r.from, { force: true });
    });
    await writeFile(temp, text);
  }
  const journal = path.join(cacheDir, JOURNAL_FILE);
  await writeFileAtomically(journal, JSON.stringify({ renames }));
  // Stopped after it: the set is finished as the next run would roll it forward.
  finishOnInterrupt(SET_KEY, () => {
    for (const r of renames) renameIfThere(r.from, r.to);
    rmSync(journal, { force: true });
  });
  try {
    await applyRenames(renames);
    await rm(journal, { force: true });
  } finally {
    finishOnInterrupt(SET_KEY);
  }
}

/** The key of the set being written in finishOnInterrupt's registry. */
const SET_KEY = 'the manifest set';

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
}

export type RollForward = { found: false } | { found: true; damaged?: string };

/**
 * Finishes a manifest set whose run was killed after its journal was written. A journal
 * that cannot be parsed is removed and said so (`damaged`): the caller must not trust the
 * manifests in public/ to be one set, and derives them again.
 */
export async function rollForward(cacheDir: string): Promise<RollForward> {
  const journal = path.join(cacheDir, JOURNAL_FILE);
  const text = await unlessMissing(readFile(journal, 'utf8'));
  if (text === undefined) return { found: false };
  let damaged: string | undefined;
  try {
    await applyRenames(journalSchema.parse(JSON.parse(text)).renames);
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof z.ZodError)) throw error;
    damaged = messageOf(error);
  }
  await rm(journal, { force: true });
  return damaged === undefined ? { found: true } : { found: true, damaged };
}

async function applyRenames(renames: ReadonlyArray<{ from: string; to: string }>): Promise<void> {
  for (const { from, to } of renames) {
    try {
      await rename(from, to);
    } catch (error) {
      // Already renamed by an earlier attempt.
      if (!isMissingFile(error)) throw error;
    }
  }
}
