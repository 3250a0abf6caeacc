import { describe, expect, it } from 'vitest';
import { ebirdLocaleOf, isEnglish, languageTagOf, sameLanguage } from './language-tags.ts';

describe('language tags', () => {
  it.each([
    ['zh_SIM', 'zh-Hans'],
    ['in', 'id'],
    ['iw', 'he'],
    ['pt_BR', 'pt-BR'],
    ['es_MX', 'es-MX'],
    ['en_UK', 'en-GB'],
    ['no', 'no'],
    ['de', 'de'],
    ['pt-br', 'pt-BR'],
  ])("eBird's %s is BCP 47's %s", (ebird, tag) => {
    expect(languageTagOf(ebird)).toBe(tag);
  });

  it.each([
    ['zh-Hans', 'zh_SIM'],
    ['zh-CN', 'zh_SIM'],
    ['zh', 'zh_SIM'],
    ['zh-Hant', 'zh'],
    ['zh-TW', 'zh'],
    ['id', 'in'],
    ['he', 'iw'],
    ['pt-BR', 'pt_BR'],
    ['es-MX', 'es_MX'],
    ['en-GB', 'en_UK'],
    ['nb', 'no'],
    ['de', 'de'],
    ['sr-Latn', 'sr'],
  ])('%s is asked of eBird as %s', (tag, ebird) => {
    expect(ebirdLocaleOf(tag)).toBe(ebird);
  });

  it('every eBird code comes back to itself through its BCP 47 tag', () => {
    for (const code of ['zh_SIM', 'in', 'iw', 'pt_BR', 'pt_PT', 'es_MX', 'es_ES', 'en_UK', 'no', 'de', 'fr', 'ja', 'ht_HT']) expect(ebirdLocaleOf(languageTagOf(code))).toBe(code);
  });

  it("reads a code without `_` as BCP 47: the owner's zh is Chinese (Simplified); eBird's zh (Traditional) is zh-Hant", () => {
    expect(ebirdLocaleOf('zh')).toBe('zh_SIM');
    expect(languageTagOf('zh')).toBe('zh');
    expect(ebirdLocaleOf('zh-Hant')).toBe('zh');
  });

  it('compares languages whichever spelling they come in', () => {
    expect(sameLanguage('zh_SIM', 'zh-Hans')).toBe(true);
    expect(sameLanguage('pt_BR', 'pt-br')).toBe(true);
    expect(sameLanguage('pt_BR', 'pt')).toBe(false);
    expect(sameLanguage('es', 'es-MX')).toBe(false);
  });

  it('knows English, whose names the taxonomy has already', () => {
    expect(isEnglish('en')).toBe(true);
    expect(isEnglish('en-US')).toBe(true);
    expect(isEnglish('es')).toBe(false);
  });
});
