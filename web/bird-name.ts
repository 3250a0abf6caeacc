import type { LocalName } from '../data/local-name.ts';

/**
 * The name a visitor reads a bird by: its name in the site's bird-name language where the taxonomy
 * has one, else its English one (the species' key, which its URL keeps whatever the language).
 */
export function birdName(english: string, local?: LocalName): string {
  return local?.name ?? english;
}
