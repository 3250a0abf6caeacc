import { z } from 'zod';
import { describeIssues } from './describe-issues.ts';
import { isEnglish, languageTagOf, LANGUAGE_CODE } from './language-tags.ts';
import { tripSchema } from './outings.ts';
import { bucketFolderOf, gitBranchOf, HOSTS } from './publishing.ts';

/**
 * photos/site.json: everything the owner configures. Read by the pipeline only;
 * the site sees the public part of it through the `info.json` manifest.
 */
const featuredPhotoSchema = z.strictObject({
  species: z.string().min(1),
  file: z.string().min(1),
});

/**
 * How the owner marks favourites where they already sort photos (Lightroom, darktable, Capture One):
 * a marked photo joins the home wall after site.json's `featured` list, newest first, until the
 * wall holds 32 photos.
 */
const favouritesOptionsSchema = z.strictObject({
  /** The keyword that marks a favourite (any case; also the last level of a hierarchical keyword such as `Portfolio|featured`); null marks none by keyword. */
  keyword: z.string().min(1).nullable().default('featured'),
  /** A photo rated at least this many stars (XMP Rating) is a favourite too; absent, a rating marks nothing. */
  minRating: z.number().int().min(1).max(5).optional(),
});

export const renditionOptionsSchema = z.strictObject({
  /** Long edge of the lightbox image, in pixels. */
  displayLongEdge: z.number().int().min(256).max(8192).default(2048),
  /** Long edge of the `_lowq.jpg` thumbnail, in pixels. */
  thumbnailLongEdge: z.number().int().min(64).max(2048).default(480),
  /**
   * Widths of the modern-format renditions offered in `srcset`. 720 is what a common phone
   * needs for a full-width photo (412 CSS px at 1.75 device pixels): without it that phone
   * loads the 960 px file, about twice the bytes, on the slowest connections. 360 is that
   * phone's wall tile (186 CSS px), about half the bytes of 480: with 480 the smallest, a
   * detailed first photo's file (64 KB) holds a Life List level's LCP over 1 s on Lighthouse's phone.
   */
  srcsetWidths: z.array(z.number().int().min(64).max(4096)).min(1).default([360, 480, 720, 960]),
  formats: z.array(z.enum(['webp', 'avif'])).min(1).default(['webp']),
  jpegQuality: z.number().int().min(30).max(100).default(82),
  /** The modern formats' quality; a tile's file (360, 480 px) may be made at a lower one, down to 62, to weigh at most 26 KB (pipeline/photos/renditions.ts). */
  webpQuality: z.number().int().min(30).max(100).default(80),
  avifQuality: z.number().int().min(30).max(100).default(55),
});

export const privacyOptionsSchema = z.strictObject({
  /** Copy the untouched originals into the published site (they may hold GPS and serial numbers). */
  publishOriginals: z.boolean().default(false),
  /** Keep GPS position in the published display renditions. */
  keepGps: z.boolean().default(false),
  /** Keep camera and lens serial numbers in the published display renditions. */
  keepSerialNumbers: z.boolean().default(false),
  /** Publish the IPTC/XMP location names (sub-location, city, state, country) as the photo's `location`. */
  publishLocationNames: z.boolean().default(false),
});

const bucketFolderSchema = z.string().refine((url) => bucketFolderOf(url) !== undefined, 'must be a bucket folder such as "s3://my-bucket/" or "s3://my-bucket/birds/" (ending in "/")');

/**
 * site.json's `publishing.deploy`: where `npm run publish` uploads. `site` takes dist/ (a
 * bucket folder, or a git branch: `git:<remote URL>#<branch>`); `photos` takes dist-photos/,
 * the photos the build sets apart for `assetOrigin`. `endpoint` and `region` name any
 * S3-compatible storage (AWS S3 when absent). Credentials never go here: they come from the
 * environment or the AWS shared credentials file.
 */
const deploySettingsSchema = z.strictObject({
  site: z.string().refine((target) => bucketFolderOf(target) !== undefined || gitBranchOf(target) !== undefined, 'must be a bucket folder such as "s3://my-site-bucket/" or a git branch such as "git:git@github.com:me/birds.git#gh-pages"').optional(),
  photos: bucketFolderSchema.optional(),
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  region: z.string().min(1).optional(),
});
export type DeploySettings = z.infer<typeof deploySettingsSchema>;

const publishingOptionsSchema = z.strictObject({
  /** Absolute URL the site is served from, e.g. "https://birds.example.org/portfolio/". Used for canonical URLs, OpenGraph, sitemap and feed. */
  baseUrl: z.url().optional(),
  /** Path prefix the site is served under, e.g. "/portfolio/". Derived from baseUrl when absent; "/" otherwise. */
  basePath: z
    .string()
    .regex(/^\/(?:[^/?#]+\/)*$/, 'must start and end with "/", e.g. "/portfolio/"')
    .optional(),
  /** Where the photos' image files are served from, when not the site itself (a bucket or CDN); the build then writes them to a folder of their own. */
  assetOrigin: z.url().optional(),
  /** The static host the site is published on: the build writes that host's configuration files only (by default, every host's). */
  host: z.enum(HOSTS).optional(),
  /**
   * Publish only photos rated at least this many stars (XMP Rating, as Lightroom and darktable write it;
   * an unrated photo counts as 0). A rejected photo (rating -1) is never published, whatever this says.
   */
  minRating: z.number().int().min(0).max(5).optional(),
  /**
   * Link each outing day to the owner's checklists on eBird. Off by default: a public checklist
   * shows its location, which the site itself never publishes.
   */
  checklistLinks: z.boolean().default(false),
  /** Where `npm run publish` uploads the site and its photos (data/site-config.ts deploySettingsSchema). */
  deploy: deploySettingsSchema.optional(),
});

const ebirdOptionsSchema = z.strictObject({
  /** Species folder name → the eBird common or scientific name it stands for, when the names differ beyond case, accents, hyphens and apostrophes. */
  names: z.record(z.string().min(1), z.string().min(1)).default({}),
});

/**
 * A BCP 47 language tag (`de`, `es-MX`, `pt-BR`, `zh-Hans`), as Intl reads it, written back in its
 * canonical form; eBird's spelling of a language (`pt_BR`, `zh_SIM`) is read as its tag too.
 */
const languageTagSchema = z.string().transform((tag, context) => {
  try {
    const [canonical] = LANGUAGE_CODE.test(tag) ? Intl.getCanonicalLocales(languageTagOf(tag)) : [];
    if (canonical) return canonical;
  } catch {
    // Reported below, as zod's issue.
  }
  context.addIssue({ code: 'custom', message: `"${tag}" is not a language tag (BCP 47) such as en, de, es-MX, pt-BR or zh-Hans` });
  return z.NEVER;
});

const siteConfigSchema = z.strictObject({
  owner: z.string().min(1),
  /** The site's language: every word it writes, its dates, counts and place names and, unless `names` says otherwise, its birds' names (docs/languages.md). */
  language: languageTagSchema.default('en'),
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  /** Lines of the Info page's Gear section. */
  gear: z.array(z.string().min(1)).default([]),
  /** The home wall's first photos, in this order; photos marked as favourites (`favourites`) follow them. */
  featured: z.array(featuredPhotoSchema).default([]),
  /** Which photos the owner's keywords and ratings mark as favourites for the home wall. */
  favourites: favouritesOptionsSchema.default(favouritesOptionsSchema.parse({})),
  /** Folder path (slash-joined, under life_list/) → photo path (under life_list/) used as that folder's cover; wins over `coverKeyword`. */
  covers: z.record(z.string().min(1), z.string().min(1)).default({}),
  /**
   * The keyword (any case; also a hierarchical keyword's last level) that makes a photo the cover of
   * its species and of the folders above it, unless `covers` names one; null: covers by keyword off.
   */
  coverKeyword: z.string().min(1).nullable().default('cover'),
  /** The owner's life count, including species seen but not photographed. */
  lifeCount: z.number().int().min(0).optional(),
  renditions: renditionOptionsSchema.default(renditionOptionsSchema.parse({})),
  privacy: privacyOptionsSchema.default(privacyOptionsSchema.parse({})),
  publishing: publishingOptionsSchema.default(publishingOptionsSchema.parse({})),
  /**
   * The species names the site shows: `folders` keeps the owner's spelling (a folder's name, or for a
   * photo placed by its keywords the taxonomy's English name); `taxonomy` shows the taxonomy's
   * current English name for every species it knows; `{ "language": "es" }` keeps the owner's
   * names as the species' keys and names every bird by the taxonomy's name in that language
   * (fetched with `npm run taxonomy -- --locale es`), the English and scientific names beside it
   * on its page. Without it, birds are named in the site's `language` (when not English).
   */
  names: z.union([z.enum(['folders', 'taxonomy']), z.strictObject({ language: languageTagSchema })]).default('folders'),
  /** How the eBird export in photos/ebird/ is read (optional). */
  ebird: ebirdOptionsSchema.optional(),
  /** Named trips: each gets one outing page over its days. */
  trips: z.array(tripSchema).default([]),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The language birds are named in (BCP 47), or undefined for the taxonomy's English names:
 * `names.language` when given, else the site's `language` unless it is English.
 */
export function birdNamesLanguageOf(site: Pick<SiteConfig, 'names' | 'language'>): string | undefined {
  if (typeof site.names === 'object') return site.names.language;
  return isEnglish(site.language) ? undefined : site.language;
}

/** The language places (countries, states) are named in: the site's, English by default. */
export function placeNamesLanguageOf(site: Pick<SiteConfig, 'language'>): string {
  return site.language;
}
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type FavouritesOptions = z.infer<typeof favouritesOptionsSchema>;
export type RenditionOptions = z.infer<typeof renditionOptionsSchema>;
export type PrivacyOptions = z.infer<typeof privacyOptionsSchema>;
export type EbirdOptions = z.infer<typeof ebirdOptionsSchema>;

export { describeIssues } from './describe-issues.ts';

export class SiteConfigError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`${source} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SiteConfigError';
  }
}

export function parseSiteConfig(raw: unknown, source = 'photos/site.json'): SiteConfig {
  const result = siteConfigSchema.safeParse(raw);
  if (!result.success) throw new SiteConfigError(source, describeIssues(result.error));
  return result.data;
}
