import { readFile, stat } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { z } from 'zod';
import { LIFE_LIST_DIR, MANIFEST_FILES, manifestSchemas, type LifeListFolder, type ManifestName, type Manifests, childFolders } from '../data/manifest-schemas.ts';
import { describeIssues } from '../data/site-config.ts';
import { siteDataFiles, type LifeListLinks } from '../data/site-data-derivation.ts';
import { MEDIA_INDEX_FILE } from '../data/manifest-layout.ts';
import { mediaIndexSchema, type MediaIndex } from '../data/media-schemas.ts';
import type { OutingSettings } from '../data/outings.ts';
import { filesUnder, unlessMissing } from '../node-lib/files.ts';
import { SITE_DATA_DIR } from '../data/site-data-schemas.ts';
import { fullMessageOf, messageOf } from '../data/error-text.ts';
import { JOURNAL_FILE, rollForward } from './commit/manifest-set.ts';
import { loadLifeLinks, loadOutingSettings } from './commit/site-data-set.ts';
import { validation } from './report/messages.ts';
import { outputDirs } from './setup/output-dir.ts';

export interface ValidationProblem {
  where: string;
  reason: string;
}

export interface ValidationResult {
  problems: ValidationProblem[];
  manifests: number;
  files: number;
}

/** Parses every manifest with its schema, checks that every file it references exists, and that the per-page data files match them. */
export async function runValidate(outDir: string): Promise<ValidationResult> {
  const { publicDir, cacheDir } = outputDirs(path.resolve(outDir));
  const problems: ValidationProblem[] = [];
  const rolled = await rollForward(cacheDir);
  if (rolled.found && rolled.damaged) problems.push({ where: path.join(cacheDir, JOURNAL_FILE), reason: validation.journalDamaged(rolled.damaged) });
  const loaded: Partial<Manifests> = {};

  for (const name of Object.keys(MANIFEST_FILES) as ManifestName[]) {
    const file = MANIFEST_FILES[name];
    const json = await readJson(publicDir, file, validation.missingManifest(), problems);
    if (json === undefined) continue;
    const parsed = manifestSchemas[name].safeParse(json);
    if (!parsed.success) {
      for (const issue of describeIssues(parsed.error as z.ZodError)) problems.push({ where: file, reason: validation.schema(issue) });
      continue;
    }
    Object.assign(loaded, { [name]: parsed.data });
  }

  // The recordings' and clips' index, written with the manifests (data/media-schemas.ts).
  let media: MediaIndex | undefined;
  const mediaJson = await readJson(publicDir, MEDIA_INDEX_FILE, validation.missingManifest(), problems);
  if (mediaJson !== undefined) {
    const parsed = mediaIndexSchema.safeParse(mediaJson);
    if (parsed.success) media = parsed.data;
    else for (const issue of describeIssues(parsed.error as unknown as z.ZodError)) problems.push({ where: MEDIA_INDEX_FILE, reason: validation.schema(issue) });
  }

  const references = [...collectReferences(loaded), ...mediaReferences(media)];
  const checks = await Promise.all(references.map(async (ref) => ((await exists(path.join(publicDir, ...ref.path.split('/')))) ? undefined : ref)));
  for (const missing of checks) if (missing) problems.push({ where: missing.manifest, reason: validation.missingFile(missing.by, missing.path) });

  if (loaded.info && loaded.photoIndex) {
    for (const id of loaded.info.featured) if (!(id in loaded.photoIndex.photos)) problems.push({ where: MANIFEST_FILES.info, reason: validation.featuredUnknown(id) });
  }
  if (loaded.lifeListStructure && loaded.photoIndex) {
    const listed = loaded.lifeListStructure.file_count;
    const indexed = Object.keys(loaded.photoIndex.photos).length;
    if (listed !== indexed) problems.push({ where: MANIFEST_FILES.lifeListStructure, reason: validation.structureMismatch(`${listed} photos counted, ${indexed} in the index`) });
  }
  const pageData = isComplete(loaded) ? await checkPageData(loaded, await loadLifeLinks(cacheDir), await loadOutingSettings(cacheDir), publicDir, problems, media) : 0;
  return { problems, manifests: Object.keys(loaded).length, files: references.length + pageData };
}

/** A published JSON file, or undefined when it is missing (reported as `missing`) or not JSON (reported). */
async function readText(publicDir: string, file: string, missing: string, problems: ValidationProblem[]): Promise<string | undefined> {
  let text: string | undefined;
  try {
    text = await unlessMissing(readFile(path.join(publicDir, ...file.split('/')), 'utf8'));
  } catch (error) {
    problems.push({ where: file, reason: validation.unreadable(messageOf(error)) });
    return undefined;
  }
  if (text === undefined) problems.push({ where: file, reason: missing });
  return text;
}

async function readJson(publicDir: string, file: string, missing: string, problems: ValidationProblem[]): Promise<unknown> {
  const text = await readText(publicDir, file, missing, problems);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ where: file, reason: validation.notJson(fullMessageOf(error)) });
    return undefined;
  }
}

function isComplete(loaded: Partial<Manifests>): loaded is Manifests {
  return (Object.keys(MANIFEST_FILES) as ManifestName[]).every((name) => loaded[name] !== undefined);
}

/**
 * The per-page data files the site fetches: each one the manifests imply exists, parses and
 * holds exactly what they imply (derived by the same function as the ingest), and no other
 * is left behind. Returns how many were checked.
 */
async function checkPageData(manifests: Manifests, life: LifeListLinks | undefined, outings: OutingSettings, publicDir: string, problems: ValidationProblem[], media?: MediaIndex): Promise<number> {
  const expected = siteDataFiles(manifests, life, outings, media);
  for (const [file, content] of expected) {
    // A file derived as text (an SVG map) is compared as text.
    if (typeof content === 'string') {
      const text = await readText(publicDir, file, validation.pageDataMissing(), problems);
      if (text !== undefined && text !== content) problems.push({ where: file, reason: validation.pageDataStale() });
      continue;
    }
    const json = await readJson(publicDir, file, validation.pageDataMissing(), problems);
    if (json === undefined) continue;
    if (!isDeepStrictEqual(json, content)) problems.push({ where: file, reason: validation.pageDataStale() });
  }
  for (const onDisk of await filesUnder(path.join(publicDir, SITE_DATA_DIR))) {
    const file = `${SITE_DATA_DIR}/${onDisk}`;
    if (!expected.has(file)) problems.push({ where: file, reason: validation.pageDataUnknown() });
  }
  return expected.size;
}

interface Reference {
  manifest: string;
  by: string;
  path: string;
}

function collectReferences(m: Partial<Manifests>): Reference[] {
  const refs: Reference[] = [];
  if (m.lifeListStructure) {
    const walk = (folder: LifeListFolder, segments: string[]) => {
      for (const file of folder.files ?? []) {
        refs.push({ manifest: MANIFEST_FILES.lifeListStructure, by: `folder '${segments.join('/')}'`, path: [LIFE_LIST_DIR, ...segments, file].join('/') });
      }
      for (const [name, child] of childFolders(folder)) walk(child, [...segments, name]);
    };
    walk(m.lifeListStructure, []);
  }
  for (const [folder, cover] of Object.entries(m.coverPhotos ?? {})) refs.push({ manifest: MANIFEST_FILES.coverPhotos, by: `the cover of '${folder}'`, path: cover });
  for (const photo of Object.values(m.photoIndex?.photos ?? {})) {
    const by = `photo '${photo.id}'`;
    const add = (p: string) => refs.push({ manifest: MANIFEST_FILES.photoIndex, by, path: p });
    add(photo.thumbnail.path);
    add(photo.display.path);
    for (const source of photo.sources) for (const file of source.files) add(file.path);
    if (photo.original) add(photo.original);
  }
  return refs;
}

/** Every file a recording or clip entry names. */
function mediaReferences(index: MediaIndex | undefined): Reference[] {
  const refs: Reference[] = [];
  for (const entry of Object.values(index?.media ?? {})) {
    const add = (p: string) => refs.push({ manifest: MEDIA_INDEX_FILE, by: `${entry.kind} '${entry.id}'`, path: p });
    if (entry.kind === 'recording') {
      for (const f of entry.audio) add(f.path);
      add(entry.spectrogram.image.path);
    } else {
      for (const f of entry.video) add(f.path);
      add(entry.poster.path);
      add(entry.thumbnail.path);
      for (const source of entry.sources) for (const f of source.files) add(f.path);
    }
  }
  return refs;
}

async function exists(file: string): Promise<boolean> {
  return (await unlessMissing(stat(file))) !== undefined;
}
