import type { TaxonomyCredit } from '../../data/manifest-schemas.ts';

/** Who publishes a checklist, as its credit names it, and where to read about it. */
export interface Publisher {
  source: string;
  homepage: string;
}

export const PUBLISHERS = {
  ebird: { source: 'eBird/Clements Checklist of Birds of the World', homepage: 'https://www.birds.cornell.edu/clementschecklist/' },
  avilist: { source: 'AviList: The Global Avian Checklist', homepage: 'https://www.avilist.org/' },
} as const satisfies Record<string, Publisher>;

/** The credit the site's Credits page shows for a taxonomy, as its publisher asks: source, edition, and a link to the publisher. */
export function taxonomyCreditOf(header: { source: string; edition: string }): TaxonomyCredit {
  const publisher = Object.values(PUBLISHERS).find((p) => p.source === header.source);
  return { source: header.source, edition: header.edition, ...(publisher ? { url: publisher.homepage } : {}) };
}
