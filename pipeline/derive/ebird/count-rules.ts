/**
 * Which eBird rows count toward the life list, and as which species: eBird's own rules.
 *
 * - A species row counts.
 * - A subspecies group, form or intergrade (`Yellow-rumped Warbler (Myrtle)`,
 *   `Setophaga coronata [auduboni Group]`, `Buteo jamaicensis borealis`,
 *   `Setophaga coronata coronata x auduboni`) counts as its species: the binomial of
 *   its scientific name. Its date can be the species' first sighting.
 * - A spuh (`duck sp.`, `Anatinae sp.`), a slash (`Greater/Lesser Scaup`), a hybrid
 *   between species (`Mallard x American Black Duck (hybrid)`, `Anas platyrhynchos x rubripes`)
 *   and a domestic type (`Mallard (Domestic type)`) do not count.
 */

export type RowKind = 'species' | 'group' | 'spuh' | 'slash' | 'hybrid' | 'domestic';

export type Classified =
  | { kind: 'species' | 'group'; /** `Genus species`, as written in the export. */ binomial: string; /** The species' common name (a group's parenthesis removed). */ speciesCommonName: string }
  | { kind: 'spuh' | 'slash' | 'hybrid' | 'domestic' };

export function classifyRow(commonName: string, scientificName: string): Classified {
  const common = commonName.trim();
  const scientific = scientificName.trim().replace(/\s+/g, ' ');
  if (/\bdomestic type\b/i.test(common) || /\bdomestic type\b/i.test(scientific)) return { kind: 'domestic' };
  if (/(^|\s)sp\.(?=$|[\s)])/i.test(common) || /(^|\s)sp\.(?=$|[\s)])/i.test(scientific)) return { kind: 'spuh' };
  if (common.includes('/') || scientific.includes('/')) return { kind: 'slash' };
  if (/\(hybrid\)/i.test(common) || isInterspecificHybrid(scientific)) return { kind: 'hybrid' };
  const words = scientific.replace(/[[(].*$/, '').trim().split(' ');
  if (words.length < 2 || !/^[A-Z]/.test(words[0]!)) return { kind: 'spuh' }; // a genus or higher taxon alone names no species
  const binomial = `${words[0]} ${words[1]!.toLowerCase()}`;
  const isGroup = scientific !== binomial || /\)\s*$/.test(common);
  return { kind: isGroup ? 'group' : 'species', binomial, speciesCommonName: isGroup ? common.replace(/\s*\([^()]*\)\s*$/, '') : common };
}

/** `Anas platyrhynchos x rubripes` (species × species) is a hybrid; `Setophaga coronata coronata x auduboni` (within a species) an intergrade. */
function isInterspecificHybrid(scientific: string): boolean {
  const x = scientific.indexOf(' x ');
  if (x < 0) return false;
  const before = scientific.slice(0, x).replace(/[[(].*$/, '').trim().split(' ');
  return before.length <= 2;
}
