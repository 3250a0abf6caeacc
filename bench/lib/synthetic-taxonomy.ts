import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatTaxonomyFile, taxonomyPath } from '../../pipeline/taxonomy/library-file.ts';
import { mkdir } from 'node:fs/promises';
import type { TaxonomySpecies } from '../../pipeline/taxonomy/taxonomy.ts';

/** A made-up word of `length` letters, the same for the same `n`. */
const word = (n: number, length: number) => {
  let s = '';
  for (let i = 0; i < length; i++, n = Math.floor(n / 7) + i * 31) s += String.fromCharCode(97 + (n % 26));
  return s;
};
const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A made-up but well-formed checklist of `count` species, names as long as real ones, a third
 * with another English name, 45 species a family and 6 families an order. The first species are
 * called `englishNames` where given, so a bench library's folders and keywords find them.
 */
function syntheticSpecies(count: number, englishNames: readonly string[] = []): TaxonomySpecies[] {
  return Array.from({ length: count }, (_, i) => {
    const family = Math.floor(i / 45);
    return {
      code: `syn${i + 1}`,
      scientificName: `${title(word(i * 13 + 1, 9))} ${word(i * 17 + 3, 10)}`,
      englishName: englishNames[i] ?? `${title(word(i * 19 + 5, 7))}-${word(i * 23 + 7, 6)} ${title(word(i, 8))}`,
      otherEnglishNames: i % 3 === 0 ? [`${title(word(i * 29 + 11, 7))} ${title(word(i, 8))}`] : [],
      order: `${title(word(Math.floor(family / 6), 8))}formes`,
      family: `${title(word(family * 7 + 2, 8))}idae`,
      familyEnglish: `${title(word(family * 11 + 4, 9))}s and ${title(word(family * 5, 6))}s`,
      sequence: i + 1,
    };
  });
}

/** The checklist written in a library's layout (the pipeline's own writer), as the taxonomy of the library in `photosDir`. */
export async function writeSyntheticTaxonomy(photosDir: string, count: number, englishNames: readonly string[] = []): Promise<string> {
  const file = taxonomyPath(photosDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, formatTaxonomyFile({ source: `Synthetic checklist of ${count} species`, edition: 'v1', from: 'bench/lib/synthetic-taxonomy.ts', retrieved: '2025-01-01' }, syntheticSpecies(count, englishNames)));
  return file;
}
