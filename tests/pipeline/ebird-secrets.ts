import Papa from 'papaparse';

/** The columns of an eBird export that must never reach a published file. */
export const PRIVATE_EBIRD_COLUMNS = ['Submission ID', 'Location ID', 'Location', 'Latitude', 'Longitude', 'Checklist Comments', 'Observation Details'] as const;

/**
 * Every distinct non-empty value of the private columns of an eBird export (CSV text),
 * for privacy tests: none of them may appear in a published file. Parsed here with
 * papaparse's synchronous API, independently of the pipeline's streaming reader.
 */
export function ebirdSecrets(csv: string): string[] {
  const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  const secrets = new Set<string>();
  for (const row of rows) {
    for (const column of PRIVATE_EBIRD_COLUMNS) {
      const value = row[column]?.trim();
      if (value) secrets.add(value);
    }
  }
  return [...secrets];
}

/** The secrets found in `published` (a JSON, HTML or JS file's text), as written or as JSON or HTML would escape them. */
export function leakedSecrets(published: string, secrets: readonly string[]): string[] {
  const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  return secrets.filter((s) => [s, JSON.stringify(s).slice(1, -1), html(s)].some((form) => published.includes(form)));
}
