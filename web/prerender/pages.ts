import { NOT_FOUND_FILE, pageFile, photoShareRoute } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { photoAlt, type GalleryPhoto } from '../photos.ts';
import {
  describeCredits,
  describeHome,
  describeInfo,
  describeLifeList,
  describeNotFound,
  describeNotPhotographed,
  describeOuting,
  describeOutings,
  describeOutingsYear,
  describeList,
  describeLists,
  describePhoto,
  describeSpecies,
  type PageDescription,
  type PreviewImage,
  type SiteIdentity,
} from '../seo/page-meta.ts';
import { listTitle, type SiteModel, type SpeciesView } from '../site-model.ts';
import { spectrogramAlt } from '../media-text.ts';
import { birdName } from '../bird-name.ts';
import { outingDescription, outingsDescription, outingsYearDescription, outingTitle } from '../outing-text.ts';
import { t } from '../site-words.ts';

/**
 * What every page shows of info.json (the owner and titles in the layout and the tags), as a
 * dependency of its own: the stats change with every photo added, and only Info shows them.
 */
export const SITE_IDENTITY = 'info.json#identity';

/** One HTML file the pre-render writes. */
export interface PageToRender {
  /** Where the page lives, relative to the base path, percent-encoded. */
  route: string;
  /** The file under dist/ it is written to. */
  file: string;
  /** 'app': rendered by the router and hydrated; 'share': a photo's small static page. */
  kind: 'app' | 'share';
  description: PageDescription;
  /** Display images shown by the page, for the image sitemap. */
  images: string[];
  inSitemap: boolean;
  /** Data files whose content shapes the page: when none changed (nor the code), the page is not rendered again. */
  dependsOn: string[];
  /** The photo of a share page. */
  photo?: GalleryPhoto;
  notFound?: boolean;
}

function previewOf(photo: GalleryPhoto, alt = photoAlt(photo)): PreviewImage {
  return { path: photo.full.path, width: photo.full.width, height: photo.full.height, alt };
}

/**
 * A species page's preview image: its first photo, else (a species with recordings or clips only)
 * its first clip's poster, else its first recording's spectrogram.
 */
function speciesPreview(species: SpeciesView, name: string, alt?: string): PreviewImage | undefined {
  const shown = species.photos[0] ?? species.clips[0];
  if (shown) return alt === undefined ? previewOf(shown) : previewOf(shown, alt);
  const recording = species.recordings[0];
  if (!recording) return undefined;
  const { image } = recording.spectrogram;
  return { path: image.path, width: image.width, height: image.height, alt: spectrogramAlt(name, recording.durationSeconds) };
}

/** Adds an app page: its route, file and the data files it depends on (every page shows the site's identity). */
type AddPage = (description: PageDescription, images: GalleryPhoto[], dependsOn: string[], extra?: Partial<PageToRender>) => void;

/**
 * Every page of the site, from the site model: home, each visible Life List level, each
 * species with a share page per photo, the eBird lists and outings, Info, Credits and the
 * not-found page.
 */
export async function pagesToRender(model: SiteModel, site: SiteIdentity, options: { credits: boolean }): Promise<PageToRender[]> {
  const pages: PageToRender[] = [];
  const add: AddPage = (description, images, dependsOn, extra = {}) =>
    pages.push({
      route: description.route,
      file: pageFile(description.route),
      kind: 'app',
      description,
      images: images.map((p) => p.full.path),
      inSitemap: true,
      dependsOn: [SITE_IDENTITY, ...dependsOn],
      ...extra,
    });
  const featured = await model.home();
  const lifeList = await lifeListPages(model, site, add, (page) => pages.push(page), featured[0] && previewOf(featured[0]));
  const { siteImage } = lifeList;
  add(describeHome(site, siteImage), featured, [siteDataPaths.home]);
  lifeList.addLevels();
  const info = await model.info();
  if (await model.hasTaxonomicOrder(info)) await taxonomicLevelPages(model, site, add, siteImage);
  if (info.stats.lifeList) await ebirdListPages(model, site, add, siteImage);
  await outingPages(model, site, add, siteImage);
  add(describeInfo(site, siteImage), [], [MANIFEST_FILES.info]);
  if (options.credits) add(describeCredits(site, siteImage), [], [siteDataPaths.credits]);
  pages.push({ route: '/404', file: NOT_FOUND_FILE, kind: 'app', description: describeNotFound(site), images: [], inSitemap: false, dependsOn: [SITE_IDENTITY], notFound: true });
  return pages;
}

/**
 * Each species page and its photos' share pages, added as the Life List is walked; its levels'
 * pages are returned to be added after home (`addLevels`), with the site's image: the first
 * featured photo, else the first photo of the Life List.
 */
async function lifeListPages(model: SiteModel, site: SiteIdentity, add: AddPage, addShare: (page: PageToRender) => void, featuredImage: PreviewImage | undefined) {
  let siteImage = featuredImage;
  const levels: Array<() => void> = [];
  await model.walk((level) => {
    if (level.kind === 'wall') {
      const { species } = level;
      const dependsOn = [siteDataPaths.level(level.segments), siteDataPaths.species(species.species)];
      const first = species.photos[0];
      siteImage ??= first && previewOf(first);
      const name = birdName(species.species, species.localName);
      levels.push(() => add(describeLifeList(site, level.segments, species.photos.length, speciesPreview(species, name, name)), species.photos, dependsOn));
      add(describeSpecies(site, species.species, { photos: species.photos.length, recordings: species.recordings.length, clips: species.clips.length }, speciesPreview(species, name), name), species.photos, [siteDataPaths.species(species.species)]);
      for (const photo of species.photos) {
        const description = describePhoto(site, { id: photo.key, species: name, takenOn: photo.takenOn ?? null, camera: photo.exif?.camera, caption: photo.caption, image: previewOf(photo) });
        addShare({ route: description.route, file: pageFile(photoShareRoute(photo.key)), kind: 'share', description, images: [photo.full.path], inSitemap: false, dependsOn: [SITE_IDENTITY], photo });
      }
    } else {
      const covers = level.cards.flatMap((c) => (c.cover ? [c.cover] : []));
      const cover = covers[0];
      const image = cover && { path: cover.path, width: cover.width, height: cover.height, alt: level.segments.at(-1) ?? t('nav.lifeList') };
      levels.push(() => add(describeLifeList(site, level.segments, level.photoCount, image ?? siteImage), [], [siteDataPaths.level(level.segments)]));
    }
  });
  return { siteImage, addLevels: () => levels.forEach((addLevel) => addLevel()) };
}

/** With an eBird export, or without one when the bird taxonomy placed some species: the Life List's folder levels once more in taxonomic order. */
async function taxonomicLevelPages(model: SiteModel, site: SiteIdentity, add: AddPage, siteImage: PreviewImage | undefined) {
  await model.walk((level) => {
    if (level.kind === 'folders') {
      add(describeLifeList(site, level.segments, level.photoCount, siteImage, 'taxonomic'), [], [siteDataPaths.level(level.segments)], { inSitemap: false });
    }
  }, 'taxonomic');
}

/** With an eBird export: the not-yet-photographed page, the lists' table and map, then each year, country and state/province. */
async function ebirdListPages(model: SiteModel, site: SiteIdentity, add: AddPage, siteImage: PreviewImage | undefined) {
  const notPhotographed = await model.notPhotographed();
  if (notPhotographed) add(describeNotPhotographed(site, notPhotographed.species.length, siteImage), [], [siteDataPaths.notPhotographed]);
  const lists = await model.lists();
  if (!lists) return;
  add(describeLists(site, siteImage), [], [siteDataPaths.lists]);
  const keys = [...lists.years.map((y) => y.key), ...lists.countries.flatMap((c) => [c.key, ...c.regions.map((r) => r.key)])];
  for (const key of keys) {
    const list = await model.list(key);
    if (list) add(describeList(site, key, listTitle(list), list.observed, list.photographed, siteImage), [], [siteDataPaths.list(key)]);
  }
}

/** The outings: the index (and its years' pages when split), then each day and trip, each from its own data file. */
async function outingPages(model: SiteModel, site: SiteIdentity, add: AddPage, siteImage: PreviewImage | undefined) {
  const outings = await model.outings();
  if (!outings) return;
  add(describeOutings(site, outingsDescription(site.owner), siteImage), [], [siteDataPaths.outings]);
  for (const year of outings.years) {
    if (!year.outings) add(describeOutingsYear(site, year.year, outingsYearDescription(site.owner, year.year), siteImage), [], [siteDataPaths.outingsYear(year.year)]);
  }
  for (const entry of await model.allOutings()) {
    const keys = entry.kind === 'trip' ? [entry.key, ...((await model.outing(entry.key))?.days ?? []).map((d) => d.date)] : [entry.key];
    for (const key of keys) {
      const outing = await model.outing(key);
      if (!outing) continue;
      const photos = outing.species.flatMap((s) => s.photos);
      const first = photos[0];
      add(describeOuting(site, key, outingTitle(outing), outingDescription(outing, site.owner), first ? previewOf(first) : siteImage), photos, [siteDataPaths.outing(key)]);
    }
  }
}
