import { describe, expect, it } from 'vitest';
import { birdNamesLanguageOf, parseSiteConfig, placeNamesLanguageOf, SiteConfigError } from './site-config.ts';

const site = (extra: Record<string, unknown>) => parseSiteConfig({ owner: 'Test Owner', ...extra });

describe('the languages birds and places are named in', () => {
  it('birds: the site language, unless names.language chooses another; English names for an English site', () => {
    expect(birdNamesLanguageOf(site({ language: 'de' }))).toBe('de');
    expect(birdNamesLanguageOf(site({ language: 'de', names: { language: 'es-MX' } }))).toBe('es-MX');
    expect(birdNamesLanguageOf(site({ names: { language: 'fr' } }))).toBe('fr');
    expect(birdNamesLanguageOf(site({ language: 'en-GB' }))).toBeUndefined();
    expect(birdNamesLanguageOf(site({}))).toBeUndefined();
    expect(birdNamesLanguageOf(site({ language: 'de', names: 'folders' }))).toBe('de');
  });

  it("reads eBird's spelling of a language as its BCP 47 tag", () => {
    expect(birdNamesLanguageOf(site({ names: { language: 'zh_SIM' } }))).toBe('zh-Hans');
    expect(birdNamesLanguageOf(site({ language: 'pt_BR' }))).toBe('pt-BR');
  });

  it('places: the site language, English by default', () => {
    expect(placeNamesLanguageOf(site({ language: 'es' }))).toBe('es');
    expect(placeNamesLanguageOf(site({}))).toBe('en');
  });

  it('a language that is no tag is a clear error', () => {
    expect(() => site({ language: 'deutsch-' })).toThrow(SiteConfigError);
    expect(() => site({ language: 'x' })).toThrow(/is not a language tag \(BCP 47\)/);
  });
});

describe("site.json's language", () => {
  it('is English unless the owner names another', () => {
    expect(parseSiteConfig({ owner: 'A' }).language).toBe('en');
  });

  it('takes any BCP 47 tag, in its canonical form', () => {
    expect(parseSiteConfig({ owner: 'A', language: 'de' }).language).toBe('de');
    expect(parseSiteConfig({ owner: 'A', language: 'es-mx' }).language).toBe('es-MX');
    expect(parseSiteConfig({ owner: 'A', language: 'zh-hans' }).language).toBe('zh-Hans');
  });

  it('refuses what is not a language tag, saying what one looks like', () => {
    expect(() => parseSiteConfig({ owner: 'A', language: 'German!' })).toThrow(SiteConfigError);
    expect(() => parseSiteConfig({ owner: 'A', language: 'German!' })).toThrow(/language: "German!" is not a language tag \(BCP 47\) such as en, de, es-MX/);
    expect(() => parseSiteConfig({ owner: 'A', language: 42 })).toThrow(/language/);
  });
});
