import * as z from 'zod/mini';

/**
 * A bird's name in the language the site names birds in (site.json's `language`, or `names.language`),
 * from the bird taxonomy the owner fetched, and that language's BCP 47 tag (for the element's `lang`).
 * Absent where the taxonomy has no such name: the English name shows instead.
 */
export const localNameSchema = z.strictObject({ name: z.string().check(z.minLength(1)), lang: z.string().check(z.minLength(1)) });
export type LocalName = z.infer<typeof localNameSchema>;
