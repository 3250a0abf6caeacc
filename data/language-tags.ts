/**
 * Language tags: the owner writes BCP 47 (`de`, `pt-BR`, `zh-Hans`), eBird names its taxonomy's
 * languages with codes of its own (`pt_BR`, `zh_SIM`, `in`, `iw`). Both spellings meet here, once.
 * No zod and no data, so the site's first bundle may import it.
 */

/**
 * eBird's codes with a `_` whose BCP 47 tag is not the code with `-` for `_`. Its codes without
 * one read as BCP 47 already: `in` and `iw` are BCP 47's old `id` and `he`, which it canonicalises;
 * eBird's `zh` (Traditional) is asked for as `zh-Hant`, as BCP 47's `zh` is Simplified.
 */
const EBIRD_TO_BCP47: Readonly<Record<string, string>> = {
  zh_SIM: 'zh-Hans',
  en_UK: 'en-GB',
};

/** A language code as the owner or eBird may write it: `es`, `pt-BR`, `pt_BR`, `zh-Hans`, `zh_SIM`. */
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/** The BCP 47 tag of an eBird locale code, or of a tag already in BCP 47 (canonical case): `zh_SIM` → `zh-Hans`, `pt_BR` → `pt-BR`, `iw` → `he`. */
export function languageTagOf(code: string): string {
  const special = Object.entries(EBIRD_TO_BCP47).find(([ebird]) => ebird.toLowerCase() === code.toLowerCase());
  if (special) return special[1];
  try {
    return Intl.getCanonicalLocales(code.replaceAll('_', '-'))[0] ?? code;
  } catch {
    return code;
  }
}

/**
 * The eBird locale code to ask eBird's taxonomy for names in `tag`: `zh-Hans` (and `zh`, `zh-CN`)
 * → `zh_SIM`, `zh-Hant` (and `zh-TW`, `zh-HK`) → `zh`, `id` → `in`, `he` → `iw`, `nb`/`nn` → `no`,
 * `pt-BR` → `pt_BR`; a script or variant other than Chinese's is left out (eBird has none).
 */
export function ebirdLocaleOf(tag: string): string {
  const locale = new Intl.Locale(languageTagOf(tag));
  if (locale.language === 'zh') return locale.maximize().script === 'Hant' ? 'zh' : 'zh_SIM';
  if (locale.language === 'nb' || locale.language === 'nn' || locale.language === 'no') return 'no';
  if (locale.language === 'en' && locale.region === 'GB') return 'en_UK';
  const language = ({ id: 'in', he: 'iw' } as Record<string, string>)[locale.language] ?? locale.language;
  return locale.region ? `${language}_${locale.region}` : language;
}

/** Whether two codes (BCP 47, or eBird's with a `_`) name the same language: `pt_BR` and `pt-br`, `zh_SIM` and `zh-Hans`. */
export function sameLanguage(a: string, b: string): boolean {
  return ebirdLocaleOf(a) === ebirdLocaleOf(b);
}

/** Whether a tag is English, whose bird names are the taxonomy's own (no local names needed). */
export function isEnglish(tag: string): boolean {
  return new Intl.Locale(languageTagOf(tag)).language === 'en';
}
