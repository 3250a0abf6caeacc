import { childFolders, isPhotoWall, type LifeListFolder, type Manifests, type PhotoEntry } from '../../data/manifests.ts';

import {
  describeCredits,
  describeHome,
  describeInfo,
  describeLifeList,
  describeNotFound,
  describePhoto,
  describeSpecies,
  photoAppRoute,
  type PageDescription,
  type PreviewImage,
  type SiteIdentity,
} from '../seo/page-meta.ts';

/** One HTML file (or pair of files) the pre-render writes. */
export interface PageToRender {
  /** Where the page lives, relative to the base path, percent-encoded. */
  route: string;
  /** What the router renders for it (a share page renders its photo's species page, lightbox open). */
  renderUrl: string;
  description: PageDescription;
  /** Display images shown by the page, for the image sitemap. */
  images: string[];
  /** Share pages are left out: their content is their species page's. */
  inSitemap: boolean;
  /** Share pages switch the URL to this in-app deep link before the app starts. */
  appUrl?: string;
  notFound?: boolean;
}

export function previewOf(photo: PhotoEntry, alt = photo.title ?? photo.caption ?? photo.species): PreviewImage {
  return { path: photo.display.path, width: photo.display.width, height: photo.display.height, alt };
}

function byNumber(a: PhotoEntry, b: PhotoEntry): number {
  return a.number - b.number;
}

/**
 * Every page of the site from the manifests: home, each visible Life List level,
 * each species, a share page per photo, Info, Credits and the not-found page.
 * `extraRoutes` says which optional routes the app has.
 */
export function pagesToRender(manifests: Manifests, site: SiteIdentity, options: { credits: boolean }): PageToRender[] {
  const photos = Object.values(manifests.photoIndex.photos);
  const byThumbnail = new Map(photos.map((p) => [p.thumbnail.path, p]));
  const featured = manifests.info.featured.flatMap((id) => manifests.photoIndex.photos[id] ?? []);
  const fallbackImage = featured[0] ?? photos[0];
  const siteImage = fallbackImage ? previewOf(fallbackImage) : undefined;
  const pages: PageToRender[] = [];
  const add = (description: PageDescription, images: PhotoEntry[], extra: Partial<PageToRender> = {}) =>
    pages.push({ route: description.route, renderUrl: description.route, description, images: images.map((p) => p.display.path), inSitemap: true, ...extra });

  add(describeHome(site, siteImage), featured);

  const coverOf = (segments: readonly string[]): PhotoEntry | undefined => {
    const path = manifests.coverPhotos[segments.join('/')];
    return path === undefined ? undefined : byThumbnail.get(path);
  };
  const under = (segments: readonly string[]) => photos.filter((p) => segments.every((s, i) => p.folder[i] === s));
  const visit = (folder: LifeListFolder, segments: string[]) => {
    const children = childFolders(folder).filter(([, child]) => child.file_count > 0);
    const cover = segments.length > 0 ? coverOf(segments) : children.map(([name]) => coverOf([name])).find((p) => p !== undefined);
    const shown = isPhotoWall(folder)
      ? under(segments).filter((p) => p.folder.length === segments.length).sort(byNumber)
      : children.flatMap(([name]) => coverOf([...segments, name]) ?? []);
    const image = cover ?? shown[0];
    add(describeLifeList(site, segments, folder.file_count, image ? previewOf(image, segments.at(-1) ?? image.species) : siteImage), shown);
    for (const [name, child] of children) visit(child, [...segments, name]);
  };
  visit(manifests.lifeListStructure, []);

  const bySpecies = new Map<string, PhotoEntry[]>();
  for (const photo of photos) bySpecies.set(photo.species, [...(bySpecies.get(photo.species) ?? []), photo]);
  for (const species of Object.keys(manifests.birdPhotos).sort()) {
    const shownIds = new Set((manifests.birdPhotos[species] ?? []).filter((e) => e.id !== 0).map((e) => e.id));
    const shown = (bySpecies.get(species) ?? []).filter((p) => shownIds.has(p.number)).sort(byNumber);
    const first = shown[0];
    add(describeSpecies(site, species, shown.length, first ? previewOf(first) : undefined), shown);
    for (const photo of shown) {
      const appUrl = photoAppRoute(species, photo.id);
      const description = describePhoto(site, { id: photo.id, species, takenOn: photo.takenOn, camera: photo.exif?.camera, caption: photo.caption, image: previewOf(photo) });
      add(description, [photo], { renderUrl: appUrl, appUrl, inSitemap: false });
    }
  }

  add(describeInfo(site, siteImage), []);
  if (options.credits) add(describeCredits(site, siteImage), []);
  pages.push({ route: '/404', renderUrl: '/404', description: describeNotFound(site), images: [], inSitemap: false, notFound: true });
  return pages;
}

