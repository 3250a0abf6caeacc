/**
 * Links to eBird's public pages, apart from the export's schemas (data/life-records.ts) so a page
 * that links a checklist does not load zod with them.
 */

/** The owner's public checklist on eBird, for an id that matches CHECKLIST_ID (data/life-records.ts). */
export const ebirdChecklistUrl = (id: string): string => `https://ebird.org/checklist/${id}`;
