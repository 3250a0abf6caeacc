import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeIssues } from '../../data/describe-issues.ts';
import { infoSchema, MANIFEST_FILES, type Info } from '../../data/manifest-schemas.ts';
import { fullMessageOf } from '../../data/error-text.ts';
import { isMissingFile } from '../../node-lib/files.ts';

/**
 * The publishing settings and the language of the last ingest (info.json in the published data folder), read the
 * one way by the build and the Vite config: undefined before the first ingest (no info.json);
 * an unreadable or invalid file stops with its path and the reason.
 */
export function readPublishedSettings(publicDir: string): Info['publishing'] | undefined {
  return readPublishedInfo(publicDir)?.publishing;
}

/** The language of the site (site.json's `language`, through info.json): English before the first ingest. */
export function readPublishedLanguage(publicDir: string): string {
  return readPublishedInfo(publicDir)?.language ?? 'en';
}

function readPublishedInfo(publicDir: string): Info | undefined {
  const file = join(publicDir, MANIFEST_FILES.info);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw new Error(`${file} could not be read (${fullMessageOf(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON (${fullMessageOf(error)}); run \`npm run ingest\` again`);
  }
  const parsed = infoSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not valid (${describeIssues(parsed.error).join('; ')}); run \`npm run ingest\` again`);
  return parsed.data;
}
