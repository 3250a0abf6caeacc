import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MANIFEST_FILES, manifestSchemas, type LifeListFolder, type ManifestName, type Manifests, childFolders } from '../data/manifests.ts';
import { describeIssues } from '../data/site-config.ts';
import { rollForward } from './manifest-set.ts';
import { validation } from './messages.ts';
import { outputDirs } from './output-dir.ts';

export interface ValidationProblem {
  where: string;
  reason: string;
}

export interface ValidationResult {
  problems: ValidationProblem[];
  manifests: number;
  files: number;
}

/** Parses every manifest with its schema and checks that every file it references exists. */
export async function runValidate(outDir: string): Promise<ValidationResult> {
  const { publicDir, cacheDir } = outputDirs(path.resolve(outDir));
  await rollForward(cacheDir).catch(() => false);
  const problems: ValidationProblem[] = [];
  const loaded: Partial<Manifests> = {};

  for (const name of Object.keys(MANIFEST_FILES) as ManifestName[]) {
    const file = MANIFEST_FILES[name];
    let text: string;
    try {
      text = await readFile(path.join(publicDir, file), 'utf8');
    } catch {
      problems.push({ where: file, reason: validation.missingManifest() });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      problems.push({ where: file, reason: validation.notJson((error as Error).message) });
      continue;
    }
    const parsed = manifestSchemas[name].safeParse(json);
    if (!parsed.success) {
      for (const issue of describeIssues(parsed.error as z.ZodError)) problems.push({ where: file, reason: validation.schema(issue) });
      continue;
    }
    Object.assign(loaded, { [name]: parsed.data });
  }

  const references = collectReferences(loaded);
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
  return { problems, manifests: Object.keys(loaded).length, files: references.length };
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
        refs.push({ manifest: MANIFEST_FILES.lifeListStructure, by: `folder '${segments.join('/')}'`, path: ['life_list', ...segments, file].join('/') });
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

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
