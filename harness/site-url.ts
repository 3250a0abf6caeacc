/** The one URL helper of the E2E tests: a route of data/paths.ts (`/species/X.html`) under a served site's URL (ending in '/'). */
export function pageUrl(siteUrl: string, route: string): string {
  return new URL(route.replace(/^\//, ''), siteUrl).href;
}

/**
 * The accessible name of a Life List card: the folder's name, then its number of species, and its
 * recordings and clips when it has any (`Anseriformes 12 species`, `Accipitriformes 2 species · 1 recording`).
 */
export function cardName(folder: string): RegExp {
  return new RegExp(`^${escapeRegExp(folder)}\\s+\\d+ species(?: · \\d+ (?:recordings?|clips?))*$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
