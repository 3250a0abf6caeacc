import { classifyRow } from './count-rules.ts';
import { findEbirdExport } from './find-export.ts';
import { openEbirdExport } from './open-export.ts';
import { parseEbirdCsv } from './parse-export.ts';

/**
 * The species on the owner's checklists of the given days, counted as the life list counts
 * them (no spuhs, slashes, hybrids or domestics), in taxonomic order: the candidates the report
 * offers for a photo whose keywords name no species. Empty where there is no usable export;
 * its problems are the life list's to report, so they are not repeated here.
 */
export async function speciesOnDays(photosDir: string, days: ReadonlySet<string>): Promise<Map<string, string[]>> {
  const seen = new Map<string, Map<string, number>>();
  if (days.size === 0) return new Map();
  const search = await findEbirdExport(photosDir).catch(() => undefined);
  if (!search?.found) return new Map();
  const opened = await openEbirdExport(search.found).catch(() => undefined);
  if (!opened?.ok) return new Map();
  await parseEbirdCsv(opened.stream, (row) => {
    if (!days.has(row.date)) return;
    const c = classifyRow(row.commonName, row.scientificName);
    if (c.kind !== 'species' && c.kind !== 'group') return;
    const day = seen.get(row.date) ?? new Map<string, number>();
    const known = day.get(c.speciesCommonName);
    if (known === undefined || row.taxonOrder < known) day.set(c.speciesCommonName, row.taxonOrder);
    seen.set(row.date, day);
  }).catch(() => undefined);
  return new Map([...seen].map(([day, species]) => [day, [...species].sort((a, b) => a[1] - b[1]).map(([name]) => name)]));
}
