import type { PageName } from './page-kinds.ts';
import type { Row } from './report.ts';

export type PartName = 'cold' | 'formats' | 'media' | 'noop' | 'memory' | 'placement' | 'taxonomy' | 'pages' | 'lightbox' | 'ebird' | 'archive' | 'security' | 'publish';
export const PART_NAMES: readonly PartName[] = ['cold', 'formats', 'media', 'noop', 'memory', 'placement', 'taxonomy', 'pages', 'lightbox', 'ebird', 'archive', 'security', 'publish'];

/**
 * The library of --smoke's placement, eBird-lists and archive runs: photos, then species. Every
 * step still runs on it (a cold ingest, a no-op, builds, photos added); with four photos instead
 * of a dozen the smoke run costs about 6 CPU-seconds less (50 against 44, measured alternately).
 */
export const SMOKE_LIBRARY = [4, 2] as const;

export interface BenchOptions {
  quick: boolean;
  /**
   * The smallest run of every part (implies quick): a few photos, one Lighthouse run of one page.
   * The test suite runs it so the benchmark's code never rots; its figures mean nothing.
   */
  smoke: boolean;
  /** Runs per Lighthouse page (median taken); also bounds the ingest repetitions. */
  runs: number;
  ingestRuns: number;
  /** A photos folder (life_list/ + site.json) for the cold ingest instead of the generated set. */
  photos?: string;
  only: readonly PartName[];
  concurrency: number;
  build: boolean;
  /** A built site to measure instead of building one (--site). */
  site?: string | undefined;
  resultsFile?: string;
  /** Pages part: which pages (default all) and which compression modes (default gzip, then uncompressed). */
  pages?: readonly PageName[];
  compression?: readonly boolean[];
  /** Pages part: the servers measured: the bucket server, and the hosts' own local servers (default all). */
  hosts?: ReadonlyArray<'bucket' | 'cloudflare-pages' | 'serve'>;
  /** Pages part: also measure each host's server through a proxy replaying its recorded answers (its CPU off the measured machine). */
  replay?: boolean;
  /** Archive part: measure a library of this many photos as the largest, instead of 10,000 (or 300 with quick). */
  archivePhotos?: number | undefined;
}

export interface PartResult {
  rows: Row[];
  /** Everything measured, for the JSON results (per-run figures, settings, environment); the rows are derived from it. */
  details: object;
}

export type Log = (line: string) => void;
