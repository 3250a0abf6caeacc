import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { languageFiles, loadSiteWords, readLanguageFile, wordsFileFor, WORDS_FOLDER } from '../prerender/word-tables.ts';
import { formatDay, formatNumber, pluralCategory, setSiteWords, t, tn, type PhraseForms } from '../site-words.ts';

const dir = join(process.cwd(), WORDS_FOLDER);
const SHIPPED = ['de', 'en', 'es', 'fr', 'it', 'ja', 'nl', 'pt-BR', 'zh-Hans'];
/** Languages with plural rules beyond one/other, for the tables' sake (no words file needed). */
const OTHER_RULES = ['ru', 'pl', 'ar', 'cy', 'lt', 'he', 'cs', 'ga', 'sl', 'hi-IN', 'ar-EG'];
const english = readLanguageFile('en', dir).phrases;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const use = (tag: string) => setSiteWords(loadSiteWords(tag, dir).words);
afterEach(() => use('en'));

describe('the language files', () => {
  it('ship every language the site promises', () => {
    expect(languageFiles(dir)).toEqual(expect.arrayContaining(SHIPPED));
  });

  describe.each(languageFiles(dir))('%s', (tag) => {
    const { phrases } = readLanguageFile(tag, dir);
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();

    it("has every phrase the site uses, and no other", () => {
      expect(Object.keys(phrases).sort()).toEqual(Object.keys(english).sort());
    });

    it("keeps each phrase's placeholders, and gives a count every plural form its language has", () => {
      for (const [key, own] of Object.entries(phrases)) {
        const theirs = english[key];
        if (typeof theirs === 'string') {
          expect(typeof own, key).toBe('string');
          expect(placeholders(own as string), key).toEqual(placeholders(theirs));
          continue;
        }
        expect(typeof own, key).toBe('object');
        const forms = own as PhraseForms;
        expect(Object.keys(forms).sort(), key).toEqual(categories);
        for (const [category, text] of Object.entries(forms)) expect(placeholders(text!), `${key}.${category}`).toEqual(placeholders(theirs!.other));
      }
    });

    it('writes no phrase empty', () => {
      const texts = Object.values(phrases).flatMap((p) => (typeof p === 'string' ? [p] : Object.values(p)));
      for (const text of texts) expect(text!.trim()).not.toBe('');
    });
  });
});

describe("the build's tables", () => {
  it.each([...SHIPPED, ...OTHER_RULES])('%s: plural categories as Intl.PluralRules gives them', (tag) => {
    use(tag);
    const rules = new Intl.PluralRules(tag);
    const counts = [...Array.from({ length: 3000 }, (_, n) => n), 10_000, 100_001, 1_000_000, 2_000_000, 1_000_001, 12_345_678];
    for (const n of counts) expect(pluralCategory(n), `${tag} ${n}`).toBe(rules.select(n));
  });

  it.each([...SHIPPED, ...OTHER_RULES])('%s: numbers as Intl.NumberFormat writes them', (tag) => {
    use(tag);
    const format = new Intl.NumberFormat(tag);
    for (const n of [0, 7, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 98_765_432, -4321, 2.5, 1234.125]) expect(formatNumber(n), `${tag} ${n}`).toBe(format.format(n));
  });

  it.each([...SHIPPED, ...OTHER_RULES])("%s: every day of a leap year and of 1900 as Intl's short date", (tag) => {
    use(tag);
    const format = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
    for (const start of [Date.UTC(1900, 0, 1), Date.UTC(2024, 0, 1)]) {
      for (let d = 0; d < 366; d++) {
        const day = new Date(start + d * 86_400_000);
        expect(formatDay(day.toISOString().slice(0, 10)), `${tag} ${day.toISOString()}`).toBe(format.format(day));
      }
    }
  });
});

describe('the words of a German site', () => {
  it('counts with the plural rules and writes numbers and days as a German reader does', () => {
    use('de');
    expect(tn('count.species', 1)).toBe('1 Art');
    expect(tn('count.species', 2)).toBe('2 Arten');
    expect(tn('count.species', 1234)).toBe('1.234 Arten');
    expect(formatDay('2011-02-14')).toBe('14. Feb. 2011');
    expect(t('nav.lifeList')).toBe('Lebensliste');
    expect(t('lists.mapRegions', { country: 'Kanada' })).toBe('Kanada: Regionen mit Beobachtungen, schattiert nach Artenzahl');
  });

  it('stays English by default, as the site always was', () => {
    expect(tn('count.species', 1)).toBe('1 species');
    expect(tn('count.photos', 1200)).toBe('1,200 photos');
    expect(formatDay('2011-02-14')).toBe('Feb 14, 2011');
  });
});

describe('the file a language reads its words from', () => {
  const files = languageFiles(dir);
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['es-MX', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-CN', 'zh-Hans'],
    ['zh-Hans-SG', 'zh-Hans'],
    ['zh-TW', undefined],
    ['sv', undefined],
  ])('%s → %s', (tag, file) => {
    expect(wordsFileFor(tag, files)).toBe(file);
  });

  it('tells the owner when no file is near, and shows English words with the dates in that language', () => {
    const { words, warnings } = loadSiteWords('sv', dir);
    expect(warnings).toEqual([expect.stringMatching(/No words for the language sv .*docs\/languages\.md/)]);
    expect(words.phrases['nav.lifeList']).toBe('Life List');
    expect(words.tag).toBe('sv');
    expect(words.ogLocale).toBe('sv_SE');
  });

  it('names the locale of link previews from the tag', () => {
    expect(loadSiteWords('en', dir).words.ogLocale).toBe('en_US');
    expect(loadSiteWords('de', dir).words.ogLocale).toBe('de_DE');
    expect(loadSiteWords('pt-BR', dir).words.ogLocale).toBe('pt_BR');
    expect(loadSiteWords('zh-Hans', dir).words.ogLocale).toBe('zh_CN');
  });
});
