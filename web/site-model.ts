// File names from zod-free modules: the schemas (and zod) stay in the lazily loaded data-schemas chunk.
import { MANIFEST_FILES } from '../data/manifest-layout.ts';
import type { Info } from '../data/manifests.ts';
import type { LevelData } from '../data/site-data.ts';
import { siteDataPaths } from '../data/site-data-paths.ts';
import type { DataKind, DataTypes } from './data-files.ts';
import { galleryPhotoFromEntry, tileOfCover, type GalleryPhoto, type TileImage } from './photos.ts';

/**
 * The one site model: what each page shows, from the per-page data files. The route
 * loaders (in the browser, and in the pre-render's server bundle) and the pre-render's
 * page list both use it; neither reads data files or walks the Life List on its own.
 * Pure: it only reads through the `load` it is given.
 */
export type LoadData = <K extends DataKind>(kind: K, path: string) => Promise<DataTypes[K]>;

export interface FolderView {
  name: string;
  segments: string[];
  photoCount: number;
  speciesCount: number;
  cover?: TileImage;
}

export interface SpeciesView {
  species: string;
  /** Folder names from the Life List root down to the species folder. */
  folder: string[];
  photos: GalleryPhoto[];
}

export type LevelView =
  | { kind: 'folders'; segments: string[]; photoCount: number; cards: FolderView[] }
  | { kind: 'wall'; segments: string[]; species: SpeciesView };

export interface CreditView {
  key: string;
  species: string;
  thumbnail: TileImage;
  credit: NonNullable<GalleryPhoto['credit']>;
}

/** True for the error of a data file that does not exist: the page asked for is not there. */
function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

async function orMissing<T>(loading: Promise<T>): Promise<T | undefined> {
  try {
    return await loading;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

const sameSegments = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

export function createSiteModel(load: LoadData) {
  const species = async (name: string): Promise<SpeciesView | undefined> => {
    const data = await orMissing(load('species', siteDataPaths.species(name)));
    // File names are hashes of the name: a collision, however unlikely, must not show another species.
    if (!data || data.species !== name) return undefined;
    return { species: data.species, folder: data.folder, photos: data.photos.map(galleryPhotoFromEntry) };
  };

  const levelView = async (data: LevelData): Promise<LevelView | undefined> => {
    if (data.kind === 'wall') {
      const wall = await species(data.species);
      return wall && { kind: 'wall', segments: data.segments, species: wall };
    }
    const cards = data.cards.map(
      (card): FolderView => ({
        name: card.name,
        segments: [...data.segments, card.name],
        photoCount: card.photoCount,
        speciesCount: card.speciesCount,
        ...(card.cover ? { cover: tileOfCover(card.cover) } : {}),
      }),
    );
    return { kind: 'folders', segments: data.segments, photoCount: data.photoCount, cards };
  };

  return {
    info: (): Promise<Info> => load('info', MANIFEST_FILES.info),

    /** The featured photos, in the owner's order. */
    home: async (): Promise<GalleryPhoto[]> => (await load('home', siteDataPaths.home)).photos.map(galleryPhotoFromEntry),

    /** A Life List level (the root for `[]`), or undefined when there is none at that path. */
    level: async (segments: readonly string[]): Promise<LevelView | undefined> => {
      const data = await orMissing(load('level', siteDataPaths.level(segments)));
      if (!data || !sameSegments(data.segments, segments)) return undefined;
      return levelView(data);
    },

    species,

    credits: async (): Promise<CreditView[]> =>
      (await load('credits', siteDataPaths.credits)).photos.flatMap((p) =>
        p.credit ? [{ key: p.id, species: p.species, thumbnail: tileOfCover(p), credit: p.credit }] : [],
      ),

    /** Every Life List level and species page, from the root down (for the pre-render's page list). */
    async walk(visit: (level: LevelView) => void | Promise<void>): Promise<void> {
      const descend = async (segments: readonly string[]): Promise<void> => {
        const data = await load('level', siteDataPaths.level(segments));
        const view = await levelView(data);
        if (!view) throw new Error(`The Life List level ${segments.join(' › ')} names the species ${data.kind === 'wall' ? data.species : ''}, whose data file is missing`);
        await visit(view);
        if (view.kind === 'folders') for (const card of view.cards) await descend(card.segments);
      };
      await descend([]);
    },
  };
}

export type SiteModel = ReturnType<typeof createSiteModel>;
