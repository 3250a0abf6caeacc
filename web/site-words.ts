import type english from './words/en.json';

/**
 * Every word the site writes, in the site's language (`language` in photos/site.json), and
 * its numbers, plurals and days. The build works out everything a language needs with Intl
 * in Node (web/prerender/word-tables.ts) and hands the page the result as plain tables: a
 * visitor's phone never makes an Intl object (the first one loads ICU's data, a long task of
 * the hydration on a phone's CPU) and never downloads a language it does not show.
 * A text helper, not a component: the pre-render's own process uses it for head tags.
 */

type Phrases = (typeof english)['phrases'];
/** A phrase with one form. */
export type PhraseKey = { [K in keyof Phrases]: Phrases[K] extends string ? K : never }[keyof Phrases];
/** A phrase with a form per plural category (`{count}` is the formatted number). */
export type CountKey = Exclude<keyof Phrases, PhraseKey>;

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
export type PhraseForms = Partial<Record<PluralCategory, string>> & { other: string };

/** The words and tables of one language, as the build hands them to the site. */
export interface SiteWords {
  /** The site's BCP 47 tag (`<html lang>`). */
  tag: string;
  /** `de_DE`, for og:locale. */
  ogLocale: string;
  phrases: Record<string, string | PhraseForms>;
  /** Plural category of 0…199 (one letter each, see PLURAL_LETTERS), and of a whole million. */
  plurals: { small: string; million: string };
  numbers: {
    group: string;
    decimal: string;
    /** What comes before a negative number: '-', '−' (lt), '\u200e-' (he). */
    minus: string;
    /** Digits of the grouping's first group (3), and of the others (3; 2 in India). */
    primary: number;
    secondary: number;
    /** Fewest digits above the first group for a separator: 2 in Spanish (`1234`, `12.345`). */
    minimumGrouping: number;
    /** The ten digits, when not 0–9. */
    digits?: string;
  };
  /** One pattern per month, `{d}` (or `{dd}`, two digits) and `{y}` for the day and year: `{d}. Feb. {y}`. */
  days: string[];
}

export const PLURAL_LETTERS: Record<string, PluralCategory> = { z: 'zero', o: 'one', t: 'two', f: 'few', m: 'many', x: 'other' };

let current: SiteWords | undefined;

/** Called once by each entry (and by the pre-render) before anything renders. */
export function setSiteWords(words: SiteWords): void {
  current = words;
}

export function siteWords(): SiteWords {
  if (!current) throw new Error('The site words are not set: an entry must call setSiteWords first');
  return current;
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/** A phrase, its `{placeholders}` filled: `t('lists.pageTitle', { list: '2024' })`. */
export function t(key: PhraseKey, values: Record<string, string | number> = {}): string {
  const phrase = siteWords().phrases[key];
  if (typeof phrase !== 'string') throw new Error(`The phrase ${key} is missing from the site's words`);
  return fill(phrase, values);
}

/** A count in its plural form: `tn('count.species', 2)` → '2 Arten'. */
export function tn(key: CountKey, count: number, values: Record<string, string | number> = {}): string {
  const forms = siteWords().phrases[key];
  if (typeof forms !== 'object') throw new Error(`The phrase ${key} is missing from the site's words`);
  return fill(forms[pluralCategory(count)] ?? forms.other, { ...values, count });
}

/** The plural category of a whole number, from the build's table (CLDR's rules for whole numbers read n, n % 10, n % 100 and whole millions). */
export function pluralCategory(count: number): PluralCategory {
  const { small, million } = siteWords().plurals;
  const n = Math.abs(Math.trunc(count));
  if (!Number.isSafeInteger(n) || n !== Math.abs(count)) return 'other';
  const letter = n < 200 ? small[n] : n % 1_000_000 === 0 ? million : small[100 + (n % 100)];
  return PLURAL_LETTERS[letter ?? 'x'] ?? 'other';
}

/** Text whose digits are 0–9 in the language's own digits (`{digits}` of the tables), as formatNumber writes them. */
export function localDigits(text: string): string {
  const digits = siteWords().numbers.digits;
  return digits ? text.replace(/\d/g, (d) => digits[Number(d)]!) : text;
}

/** A number in the language's form: 1.234 (de), 1 234 (fr), 1234 (es, four digits). */
export function formatNumber(value: number): string {
  const { group, decimal, minus, primary, secondary, minimumGrouping } = siteWords().numbers;
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  let grouped = whole;
  if (whole.length >= primary + minimumGrouping) {
    const parts = [whole.slice(-primary)];
    for (let end = whole.length - primary; end > 0; end -= secondary) parts.unshift(whole.slice(Math.max(0, end - secondary), end));
    grouped = parts.join(group);
  }
  const sign = value < 0 && rounded !== 0 ? minus : '';
  return localDigits(`${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`);
}

/**
 * A day (`2011-02-14`) as the language writes it: 'Feb 14, 2011', '14. Feb. 2011', '2011年2月14日'.
 * A day past its month's end (`2023-02-30`) is read as Date reads it (Mar 2).
 */
export function formatDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const date = new Date(0);
  date.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  const pattern = siteWords().days[date.getUTCMonth()];
  if (!pattern || Number.isNaN(date.getTime())) return day;
  const dayOfMonth = String(date.getUTCDate());
  return localDigits(pattern.replace('{dd}', dayOfMonth.padStart(2, '0')).replace('{d}', dayOfMonth).replace('{y}', String(date.getUTCFullYear())));
}

/**
 * A phrase around an element the page puts in it (a link): `tAround('info.otherPhotographers', 'link')`
 * → ['Some photos are … see the ', '.'].
 */
export function tAround(key: PhraseKey, placeholder: string, values: Record<string, string | number> = {}): [string, string] {
  const [before = '', after = ''] = t(key, values).split(`{${placeholder}}`);
  return [before, after];
}
