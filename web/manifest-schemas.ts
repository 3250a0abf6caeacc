import type { ZodMiniType } from 'zod/mini';
import { describeIssues } from '../data/describe-issues.ts';
import { birdPhotosSchema, coverPhotosSchema, infoSchema, lifeListStructureSchema, photoIndexSchema, type ManifestName, type Manifests } from '../data/manifests.ts';

/**
 * The manifests' schemas (and zod with them), as a chunk of their own: web/manifests.ts
 * loads it only when it fetches a manifest, i.e. on client navigations. A pre-rendered
 * page hydrates from the data embedded in it, so the first load never needs zod.
 */

const schemas: { [N in ManifestName]: ZodMiniType<Manifests[N]> } = {
  birdPhotos: birdPhotosSchema,
  lifeListStructure: lifeListStructureSchema,
  coverPhotos: coverPhotosSchema,
  photoIndex: photoIndexSchema,
  info: infoSchema,
};

export type ParsedManifest<N extends ManifestName> = { ok: true; data: Manifests[N] } | { ok: false; problems: string[] };

export function parseManifest<N extends ManifestName>(name: N, raw: unknown): ParsedManifest<N> {
  const result = schemas[name].safeParse(raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, problems: describeIssues(result.error) };
}
