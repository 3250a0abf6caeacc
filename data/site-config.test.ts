import { describe, expect, it } from 'vitest';
import { parseSiteConfig, SiteConfigError } from './site-config.ts';

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
