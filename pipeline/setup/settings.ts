import path from 'node:path';
import type { Credit } from '../../data/manifest-schemas.ts';
import { creditSchema } from '../../data/manifest-schemas.ts';
import { parseSiteConfig, SiteConfigError, type SiteConfig } from '../../data/site-config.ts';
import { fatal, problem } from '../report/messages.ts';
import { FatalProblem, readOptionalTextOrStop, type Problems } from '../plumbing/problems.ts';
import { fullMessageOf } from '../../data/error-text.ts';

export const SITE_CONFIG_FILE = 'site.json';
export const CREDITS_FILE = 'credits.tsv';

export interface Settings {
  site: SiteConfig;
  /** Photo path under life_list/ → its credit line. */
  credits: Map<string, Credit>;
}

/** Stage: photos/site.json and photos/credits.tsv → validated settings. A bad site.json is fatal. */
export async function run(photosDir: string, problems: Problems): Promise<Settings> {
  const site = await readSiteConfig(photosDir);
  const credits = await readCredits(photosDir, problems);
  return { site, credits };
}

async function readSiteConfig(photosDir: string): Promise<SiteConfig> {
  const file = path.join(photosDir, SITE_CONFIG_FILE);
  const text = await readOptionalTextOrStop(file, fatal.unreadable);
  if (text === undefined) throw new FatalProblem(fatal.siteConfigMissing(file));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FatalProblem(fatal.siteConfigNotJson(file, fullMessageOf(error)));
  }
  try {
    return parseSiteConfig(raw, file);
  } catch (error) {
    if (error instanceof SiteConfigError) throw new FatalProblem(error.message);
    throw error;
  }
}

/**
 * The credits file is optional; a bad line is reported and skipped. One that is there but
 * cannot be read stops the run: publishing without it would drop the credits the photos'
 * licences require.
 */
async function readCredits(photosDir: string, problems: Problems): Promise<Map<string, Credit>> {
  const file = path.join(photosDir, CREDITS_FILE);
  const text = await readOptionalTextOrStop(file, fatal.creditsUnreadable);
  return text === undefined ? new Map() : parseCredits(text, problems);
}

/** TSV: file, author, licence, licence_url, source; `#` starts a comment line; a `file` header line is allowed. */
function parseCredits(text: string, problems: Problems): Map<string, Credit> {
  const credits = new Map<string, Credit>();
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [file = '', author = '', licence = '', licenceUrl = '', source = ''] = line.split('\t').map((cell) => cell.trim());
    if (file === 'file' && author === 'author') return;
    const candidate = {
      author,
      licence,
      ...(licenceUrl ? { licenceUrl } : {}),
      ...(source ? { source } : {}),
    };
    const parsed = creditSchema.safeParse(candidate);
    if (!file || !parsed.success) {
      const detail = !file ? 'no file name' : parsed.error!.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ');
      problems.warning(CREDITS_FILE, problem.creditLine(index + 1, detail));
      return;
    }
    credits.set(file.normalize('NFC'), parsed.data);
  });
  return credits;
}
