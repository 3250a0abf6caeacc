import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeIssues } from '../../data/describe-issues.ts';
import { infoSchema, MANIFEST_FILES, type Info } from '../../data/manifest-schemas.ts';
import { fullMessageOf } from '../../data/error-text.ts';
import { isMissingFile } from '../../node-lib/files.ts';

/**
 * The publishing settings of the last ingest (info.json in the published data folder), read the
 * one way by the build and the Vite config: undefined before the first ingest (no info.json);
 * an unreadable or invalid file stops with its path and the reason.
 */
export function readPublishedSettings(publicDir: string): Info['publishing'] | undefined {
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
  return parsed.data.publishing;
}
