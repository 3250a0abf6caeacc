// File names from zod-free modules: the schemas (and zod) stay in the lazily loaded data-schemas chunk.
import { compareNames, MANIFEST_FILES } from '../data/manifest-layout.ts';
import type { LocalName } from '../data/local-name.ts';
import { birdName } from './bird-name.ts';
import type { BirdListData, ListsData } from '../data/bird-lists.ts';
import type { Info, TaxonomyCredit } from '../data/manifest-schemas.ts';
import type { OutingData, OutingsData, OutingSpecies, OutingsYearData } from '../data/outings.ts';
import { OUTING_KEY, speciesRoute, type LifeListOrder } from '../data/paths.ts';
import { LIST_KEY, regionWithCountry } from '../data/region-code.ts';
import type { CreditedMedia, PageRecording } from '../data/media-schemas.ts';
import type { FolderCard, LevelData, NotPhotographedData, Sighting, SpeciesData } from '../data/site-data-schemas.ts';
import { siteDataPaths } from '../data/site-data-paths.ts';
import { sortTaxonomically } from '../data/taxonomic-order.ts';
import type { DataKind, DataTypes } from './data-kinds.ts';
import { galleryPhotoFromClip, galleryPhotoFromEntry, tileOfCover, type GalleryPhoto, type TileImage } from './photos.ts';

/**
 * The one site model: what each page shows, from the per-page data files. The route
 * loaders (in the browser, and in the pre-render's server bundle) and the pre-render's
 * page list both use it; neither reads data files or walks the Life List on its own.
 * Pure: it only reads through the `load` it is given.
 */
export type LoadData = <K extends DataKind>(kind: K, path: string) => Promise<DataTypes[K]>;

export interface FolderView {
  name: string;
  /** A species card's name in the site's bird-name language, where the taxonomy has one. */
  localName?: LocalName;
  segments: string[];
  photoCount: number;
  speciesCount: number;
  cover?: TileImage;
  /** The taxonomic order of its first species, when known (the eBird export's, else the bird taxonomy's sequence). */
  taxonOrder?: number;
  /** A species' photo wall (the same page in either order). */
  isSpecies: boolean;
  /** Recordings and clips in its subtree; absent when none. */
  recordingCount?: number;
  clipCount?: number;
}

export interface SpeciesView {
  species: string;
  /** Folder names from the Life List root down to the species folder. */
  folder: string[];
  photos: GalleryPhoto[];
  /** From the eBird export: scientific name, first day and region seen. */
  sighting?: Sighting;
  /** From the bird taxonomy, where the export does not name the species. */
  scientificName?: string;
  /** From the bird taxonomy: its name in the language the owner chose. */
  localName?: LocalName;
  /** From the eBird export: the years and the countries and states/provinces it was seen in. */
  seenIn?: SpeciesData['seenIn'];
  firstPhotographed?: string;
  /** The days of the outings it was photographed on. */
  outings?: string[];
  /** Its recordings, oldest first: players on its page. */
  recordings: PageRecording[];
  /** Its clips, oldest first: tiles after its photos in the wall, which the lightbox plays. */
  clips: GalleryPhoto[];
}

/** One outing's page, its photos ready for the tiles and the lightbox. */
type OutingView = Omit<OutingData, 'species'> & { species: Array<Omit<OutingSpecies, 'photos' | 'clips'> & { photos: GalleryPhoto[]; clips: GalleryPhoto[] }> };

/** One species the search box can find, and the page it goes to. */
interface SearchEntry {
  name: string;
  localName?: LocalName;
  scientificName: string;
  href: string;
}

export type LevelView =
  | { kind: 'folders'; segments: string[]; photoCount: number; recordingCount?: number; clipCount?: number; cards: FolderView[]; order: LifeListOrder }
  | { kind: 'wall'; segments: string[]; species: SpeciesView };

interface CreditView {
  key: string;
  species: string;
  localName?: LocalName;
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

/**
 * What every page shows of the site (the root loader's data): the owner, the title, the
 * description, and whether the footer links the Lists. The pre-render renders every page again
 * when it changes, so it is made here once for both.
 */
export function siteIdentityOf(info: Info) {
  return { owner: info.owner, title: info.title, description: info.description, hasLists: info.stats.lifeList !== undefined };
}

/** A list's page title: '2024', 'Texas, United States'. */
export function listTitle(list: Pick<BirdListData, 'name' | 'country'>): string {
  return list.country ? regionWithCountry(list.name, list.country.name) : list.name;
}

const sameSegments = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

function speciesViewOf(data: SpeciesData): SpeciesView {
  return {
    species: data.species,
    folder: data.folder,
    photos: data.photos.map(galleryPhotoFromEntry),
    ...(data.sighting ? { sighting: data.sighting } : {}),
    ...(data.scientificName ? { scientificName: data.scientificName } : {}),
    ...(data.localName ? { localName: data.localName } : {}),
    ...(data.seenIn ? { seenIn: data.seenIn } : {}),
    ...(data.firstPhotographed !== undefined ? { firstPhotographed: data.firstPhotographed } : {}),
    ...(data.outings ? { outings: data.outings } : {}),
    recordings: data.recordings ?? [],
    clips: (data.clips ?? []).map(galleryPhotoFromClip),
  };
}

/** A folder card of the level at `parent`. */
function folderViewOf(card: FolderCard, parent: readonly string[]): FolderView {
  return {
    name: card.name,
    ...(card.localName ? { localName: card.localName } : {}),
    segments: [...parent, card.name],
    photoCount: card.photoCount,
    speciesCount: card.speciesCount,
    ...(card.cover ? { cover: tileOfCover(card.cover) } : {}),
    ...(card.taxonOrder !== undefined ? { taxonOrder: card.taxonOrder } : {}),
    isSpecies: card.species === true,
    ...(card.recordingCount ? { recordingCount: card.recordingCount } : {}),
    ...(card.clipCount ? { clipCount: card.clipCount } : {}),
  };
}

/** A species' page, from its data file only. */
async function speciesPage(load: LoadData, name: string): Promise<SpeciesView | undefined> {
  const data = await orMissing(load('species', siteDataPaths.species(name)));
  // File names are hashes of the name: a collision, however unlikely, must not show another species.
  return data && data.species === name ? speciesViewOf(data) : undefined;
}

/** A Life List level as its page shows it: a species' photo wall, or its folder cards in the order asked for. */
async function levelView(load: LoadData, data: LevelData, order: LifeListOrder = 'alphabetical'): Promise<LevelView | undefined> {
  if (data.kind === 'wall') {
    const wall = await speciesPage(load, data.species);
    return wall && { kind: 'wall', segments: data.segments, species: wall };
  }
  const cards = data.cards.map((card) => folderViewOf(card, data.segments));
  // The data file lists cards by folder name; a visitor reads species by their local names, which sort otherwise.
  // Field-guide order puts folders whose species are not in the export last.
  const shown = (c: FolderView) => birdName(c.name, c.localName);
  const sorted = order === 'taxonomic' ? sortTaxonomically(cards, { name: shown, children: () => [], speciesOrder: (c) => c.taxonOrder }) : cards.some((c) => c.localName) ? [...cards].sort((a, b) => compareNames(shown(a), shown(b))) : cards;
  return {
    kind: 'folders',
    segments: data.segments,
    photoCount: data.photoCount,
    ...(data.recordingCount ? { recordingCount: data.recordingCount } : {}),
    ...(data.clipCount ? { clipCount: data.clipCount } : {}),
    cards: sorted,
    order,
  };
}

/** The pages every site has beside the Life List: info.json (every page's header and the Info page), the home wall, the credits. */
function sitePages(load: LoadData) {
  return {
    info: (): Promise<Info> => load('info', MANIFEST_FILES.info),

    /** The featured photos, in the owner's order. */
    home: async (): Promise<GalleryPhoto[]> => (await load('home', siteDataPaths.home)).photos.map(galleryPhotoFromEntry),

    /** The photos, recordings and clips by others, and the bird taxonomy the names come from. */
    credits: async (): Promise<{ photos: CreditView[]; media: CreditedMedia[]; taxonomy?: TaxonomyCredit }> => {
      const data = await load('credits', siteDataPaths.credits);
      const photos = data.photos.flatMap((p) => (p.credit ? [{ key: p.id, species: p.species, ...(p.localName ? { localName: p.localName } : {}), thumbnail: tileOfCover(p), credit: p.credit }] : []));
      return { photos, media: data.media ?? [], ...(data.taxonomy ? { taxonomy: data.taxonomy } : {}) };
    },
  };
}

/** The Life List's levels and species, the search box's entries and the species not yet photographed. */
function lifeListPages(load: LoadData) {
  return {
    /** A Life List level (the root for `[]`), or undefined when there is none at that path. */
    level: async (segments: readonly string[], order: LifeListOrder = 'alphabetical'): Promise<LevelView | undefined> => {
      const data = await orMissing(load('level', siteDataPaths.level(segments)));
      if (!data || !sameSegments(data.segments, segments)) return undefined;
      return levelView(load, data, order);
    },

    /**
     * Whether the Life List has a taxonomic order: always with an eBird export, else when the bird
     * taxonomy placed some species (a root card then has an order, as a folder takes its first species').
     */
    hasTaxonomicOrder: async (info: Info): Promise<boolean> => {
      if (info.stats.lifeList !== undefined) return true;
      const root = await orMissing(load('level', siteDataPaths.level([])));
      return root?.kind === 'folders' && root.cards.some((card) => card.taxonOrder !== undefined);
    },

    /** The life list's species without a photo, in taxonomic order; undefined when the site has no eBird export. */
    notPhotographed: (): Promise<NotPhotographedData | undefined> => orMissing(load('notPhotographed', siteDataPaths.notPhotographed)),

    /** Every species page, for the search box (loaded when the box is first used). */
    searchEntries: async (): Promise<SearchEntry[]> =>
      (await load('search', siteDataPaths.search)).species.map((s) => ({ name: s.name, ...(s.localName ? { localName: s.localName } : {}), scientificName: s.scientificName ?? '', href: speciesRoute(s.name) })),

    species: (name: string): Promise<SpeciesView | undefined> => speciesPage(load, name),

    /** Every Life List level and species page, from the root down (for the pre-render's page list). */
    async walk(visit: (level: LevelView) => void | Promise<void>, order: LifeListOrder = 'alphabetical'): Promise<void> {
      const descend = async (segments: readonly string[]): Promise<void> => {
        const data = await load('level', siteDataPaths.level(segments));
        const view = await levelView(load, data, order);
        if (!view) throw new Error(`The Life List level ${segments.join(' › ')} names the species ${data.kind === 'wall' ? data.species : ''}, whose data file is missing`);
        await visit(view);
        if (view.kind === 'folders') for (const card of view.cards) await descend(card.segments);
      };
      await descend([]);
    },
  };
}

/** The Lists page and each list's page (only with an eBird export). */
function listPages(load: LoadData) {
  return {
    /** The table of lists and the map; undefined when the site has no eBird export. */
    lists: (): Promise<ListsData | undefined> => orMissing(load('lists', siteDataPaths.lists)),

    /** One year, country or state/province list; undefined for a key with no list. */
    list: async (key: string): Promise<BirdListData | undefined> => {
      if (!LIST_KEY.test(key)) return undefined;
      const data = await orMissing(load('list', siteDataPaths.list(key)));
      return data?.key === key ? data : undefined;
    },
  };
}

/** The Outings page, its years' pages and each outing's page. */
function outingPages(load: LoadData) {
  return {
    /** Every outing and trip, newest first by year; undefined when no photo or checklist has a day. */
    outings: (): Promise<OutingsData | undefined> => orMissing(load('outings', siteDataPaths.outings)),

    /** One year of outings, when the Outings page is split by year; undefined for a year without a page. */
    outingsYear: async (year: string): Promise<OutingsYearData | undefined> => {
      if (!/^\d{4}$/.test(year)) return undefined;
      const data = await orMissing(load('outingsYear', siteDataPaths.outingsYear(Number(year))));
      return data?.year === Number(year) ? data : undefined;
    },

    /** Every outing summary of the index, its own and its years' pages', newest first (for the pre-render). */
    allOutings: async (): Promise<OutingsYearData['outings']> => {
      const index = await orMissing(load('outings', siteDataPaths.outings));
      if (!index) return [];
      const years = await Promise.all(index.years.map(async (y) => y.outings ?? (await load('outingsYear', siteDataPaths.outingsYear(y.year))).outings));
      return years.flat();
    },

    /** One day in the field or trip; undefined for a key with no outing. */
    outing: async (key: string): Promise<OutingView | undefined> => {
      if (!OUTING_KEY.test(key)) return undefined;
      const data = await orMissing(load('outing', siteDataPaths.outing(key)));
      if (data?.key !== key) return undefined;
      return { ...data, species: data.species.map((s) => ({ ...s, photos: s.photos.map(galleryPhotoFromEntry), clips: (s.clips ?? []).map(galleryPhotoFromClip) })) };
    },
  };
}

/** What each page shows, read through `load`: the route loaders (web/site.ts) and the pre-render's page list use this one model. */
export function createSiteModel(load: LoadData) {
  return { ...sitePages(load), ...lifeListPages(load), ...listPages(load), ...outingPages(load) };
}

export type SiteModel = ReturnType<typeof createSiteModel>;
