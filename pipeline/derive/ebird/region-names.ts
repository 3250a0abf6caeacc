import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso31661, iso31662 } from 'iso-3166';

/**
 * Region codes' names in the site's language, worked out at ingest so the visitor's browser never
 * formats them. From maintained data, not a table of ours: countries from the CLDR names built into
 * Node's ICU (`Intl.DisplayNames`: 'Vereinigte Staaten', 'Canadá'); states/provinces from CLDR's
 * subdivision names in that language (`cldr-subdivisions-full`, which has few outside English:
 * 'Schottland', 'Inglaterra'), else ISO 3166-2's (`iso-3166`: 'Texas', 'Ontario', 'Quintana Roo'),
 * which is how eBird names them.
 */
/** A region code's name; the code itself when no data names it (never a guess). */
export type RegionNamer = (code: string) => string;

const isoCountries = new Map(iso31661.map((c) => [c.alpha2, c]));
const isoSubdivisions = new Map(iso31662.map((s) => [s.code, s.name]));
const namers = new Map<string, RegionNamer>();

/** The namer of region codes in `language` (BCP 47; 'en' by default). */
export function regionNamerFor(language = 'en'): RegionNamer {
  let namer = namers.get(language);
  if (!namer) {
    const countries = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    const subdivisions = cldrSubdivisions(language);
    namer = (code) => {
      if (code.includes('-')) return subdivisions[code.replace('-', '').toLowerCase()] ?? isoSubdivisions.get(code) ?? code;
      return countries.of(code) ?? isoCountries.get(code)?.name ?? code;
    };
    namers.set(language, namer);
  }
  return namer;
}

const require = createRequire(import.meta.url);

/**
 * CLDR's subdivision names in `language` (keys such as `caon`, `gbsct`): the file of the tag itself,
 * else of its language and script (`zh-TW` → `zh-Hant`), else of its language (`pt-BR` → `pt`).
 */
function cldrSubdivisions(language: string): Readonly<Record<string, string>> {
  const locale = new Intl.Locale(language);
  const script = locale.maximize().script;
  for (const candidate of new Set([locale.toString(), `${locale.language}-${script}`, locale.language])) {
    // A tag of letters, digits and hyphens, never a path: the name of one of the package's folders.
    if (!/^[A-Za-z0-9-]+$/.test(candidate)) continue;
    let file: string;
    try {
      file = require.resolve(`cldr-subdivisions-full/subdivisions/${candidate}/${candidate}.json`);
    } catch {
      continue;
    }
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } } };
    return json.subdivisions.localeDisplayNames.subdivisions;
  }
  return {};
}
