import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fullMessageOf } from '../data/error-text.ts';
import { bucketFolderOf, gitBranchOf, type BucketFolder, type GitBranch } from '../data/publishing.ts';
import type { DeploySettings } from '../data/site-config.ts';
import { parseSiteConfig, SiteConfigError } from '../data/site-config.ts';
import { PublishError } from './errors.ts';
import { NO_DEPLOY, ORIGIN_WITHOUT_PHOTOS, PHOTOS_WITHOUT_ORIGIN } from './messages.ts';

/** Where this publish goes, from site.json's publishing settings, checked before anything runs. */
export interface PublishTargets {
  site: { kind: 'bucket'; folder: BucketFolder } | { kind: 'git'; branch: GitBranch } | undefined;
  photos: BucketFolder | undefined;
  storage: Pick<DeploySettings, 'endpoint' | 'region'>;
}

export async function readTargets(photosDir: string): Promise<PublishTargets> {
  const file = path.join(photosDir, 'site.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new PublishError(`${file} could not be read (${fullMessageOf(error)}).`);
  }
  let publishing;
  try {
    publishing = parseSiteConfig(raw, file).publishing;
  } catch (error) {
    if (error instanceof SiteConfigError) throw new PublishError(`${file} is not valid: ${error.problems.join('; ')}`);
    throw error;
  }
  const deploy = publishing.deploy;
  if (!deploy?.site && !deploy?.photos) throw new PublishError(NO_DEPLOY);
  if (deploy.photos && !publishing.assetOrigin) throw new PublishError(PHOTOS_WITHOUT_ORIGIN);
  if (publishing.assetOrigin && !deploy.photos) throw new PublishError(ORIGIN_WITHOUT_PHOTOS);
  const photos = deploy.photos ? bucketFolderOf(deploy.photos) : undefined;
  const siteFolder = deploy.site ? bucketFolderOf(deploy.site) : undefined;
  const branch = deploy.site ? gitBranchOf(deploy.site) : undefined;
  if (photos && siteFolder && photos.bucket === siteFolder.bucket && photos.prefix === siteFolder.prefix) throw new PublishError('publishing.deploy.site and deploy.photos name the same bucket folder: give the photos a folder of their own (e.g. "s3://bucket/photos/").');
  return {
    site: siteFolder ? { kind: 'bucket', folder: siteFolder } : branch ? { kind: 'git', branch } : undefined,
    photos,
    storage: { endpoint: deploy.endpoint, region: deploy.region },
  };
}
