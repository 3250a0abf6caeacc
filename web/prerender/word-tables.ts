import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLURAL_LETTERS, type PhraseForms, type SiteWords } from '../site-words.ts';

/**
 * The build's half of the site's words (web/site-words.ts is the page's half): the phrases of
 * the site's language from its file in web/words/, and the tables of its plurals, numbers and
 * days, worked out here with Node's Intl so the visitor's phone needs none.
 */

/** The language files' folder, in the project (projectFile('web/words')): the callers name it, so this module runs in jsdom's tests too. */
export const WORDS_FOLDER = 'web/words';
const DEFAULT_LANGUAGE = 'en';

export interface LanguageFile {
  /** The language's own name for itself ('Deutsch'). */
  name: string;
  phrases: Record<string, string | PhraseForms>;
}

/** The tags of the language files in `dir` (`en`, `pt-BR`, …). */
export function languageFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function readLanguageFile(tag: string, dir: string): LanguageFile {
  const file = join(dir, `${tag}.json`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LanguageFile>;
  if (typeof parsed.name !== 'string' || typeof parsed.phrases !== 'object' || parsed.phrases === null) throw new Error(`${file} must hold a "name" and the "phrases" (docs/languages.md)`);
  return parsed as LanguageFile;
}

/**
 * The file whose words a site in `tag` shows: the tag's own (`es-MX`), else its language's
 * (`es`), else a file of the same language and script (`pt-PT` → `pt-BR`, `zh-CN` → `zh-Hans`);
 * undefined when no file is near (the site then shows English words, the dates still in `tag`'s form).
 */
export function wordsFileFor(tag: string, files: readonly string[]): string | undefined {
  const lower = new Map(files.map((f) => [f.toLowerCase(), f]));
  const subtags = tag.split('-');
  for (let n = subtags.length; n > 0; n--) {
    const found = lower.get(subtags.slice(0, n).join('-').toLowerCase());
    if (found) return found;
  }
  const wanted = new Intl.Locale(tag).maximize();
  return files.find((f) => {
    const file = new Intl.Locale(f).maximize();
    return file.language === wanted.language && file.script === wanted.script;
  });
}

function pluralTable(tag: string): SiteWords['plurals'] {
  const rules = new Intl.PluralRules(tag);
  const letters = Object.fromEntries(Object.entries(PLURAL_LETTERS).map(([letter, category]) => [category, letter]));
  const letter = (n: number) => letters[rules.select(n)] ?? 'x';
  return { small: Array.from({ length: 200 }, (_, n) => letter(n)).join(''), million: letter(1_000_000) };
}

function numberTable(tag: string): SiteWords['numbers'] {
  const format = new Intl.NumberFormat(tag);
  const parts = format.formatToParts(1234567.5);
  const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value);
  const digits = new Intl.NumberFormat(tag, { useGrouping: false }).format(1234567890).slice(-10);
  const rotated = digits.slice(-1) + digits.slice(0, -1);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    minus: format.format(-1).replace(/[^\p{L}\p{P}\p{S}\p{Cf}\s]/gu, ''),
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    primary: integers.at(-1)?.length ?? 3,
    secondary: integers.length > 2 ? integers.at(-2)!.length : (integers.at(-1)?.length ?? 3),
    minimumGrouping: format.formatToParts(1000).some((p) => p.type === 'group') ? 1 : 2,
    ...(rotated === '0123456789' ? {} : { digits: rotated }),
  };
}

/**
 * Each month's pattern, from Intl's short date of its 1st in 2011 (`{dd}` where the language
 * writes a day in two digits, as Lithuanian does). The narrow no-break space of some languages'
 * parts becomes a space, as V8's own format() writes it.
 */
function dayTable(tag: string): string[] {
  const format = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  return Array.from({ length: 12 }, (_, month) =>
    format
      .formatToParts(new Date(Date.UTC(2011, month, 1)))
      .map((p) => (p.type === 'day' ? (p.value.length === 2 ? '{dd}' : '{d}') : p.type === 'year' ? '{y}' : p.value.replaceAll('\u202f', ' ')))
      .join(''),
  );
}

function ogLocaleOf(tag: string): string {
  const full = new Intl.Locale(tag).maximize();
  return full.region ? `${full.language}_${full.region}` : full.language;
}

/**
 * Everything the site needs to write in `language`, and what the owner should know (no file
 * for the language; phrases the file lacks, shown in English).
 */
export function loadSiteWords(language: string, dir: string): { words: SiteWords; warnings: string[] } {
  const tag = Intl.getCanonicalLocales(language)[0] ?? DEFAULT_LANGUAGE;
  const warnings: string[] = [];
  const english = readLanguageFile(DEFAULT_LANGUAGE, dir).phrases;
  const file = wordsFileFor(tag, languageFiles(dir));
  if (!file) warnings.push(`No words for the language ${tag} in web/words/: the site shows English words (docs/languages.md says how to add a language).`);
  const own = file ? readLanguageFile(file, dir).phrases : english;
  const missing = Object.keys(english).filter((key) => own[key] === undefined);
  if (missing.length > 0) warnings.push(`web/words/${file}.json lacks ${missing.length} phrases, shown in English: ${missing.join(', ')}.`);
  const phrases = Object.fromEntries(Object.keys(english).map((key) => [key, own[key] ?? english[key]!]));
  return { words: { tag, ogLocale: ogLocaleOf(tag), phrases, plurals: pluralTable(tag), numbers: numberTable(tag), days: dayTable(tag) }, warnings };
}
