import { countOf, formatCount } from '../data/count-text.ts';

/** Every sentence `npm run publish` writes, in one place. */

export const bytesText = (n: number): string => (n >= 1_000_000_000 ? `${(n / 1_000_000_000).toFixed(2)} GB` : n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${Math.round(n / 1000)} KB` : `${n} bytes`);

export const filesText = (files: number, bytes: number): string => `${countOf(files, 'file')} (${bytesText(bytes)})`;

export const NO_DEPLOY = 'Nothing to publish to: set publishing.deploy.site (and deploy.photos with assetOrigin) in photos/site.json; see docs/deploying.md.';
export const PHOTOS_WITHOUT_ORIGIN = 'publishing.deploy.photos is set but publishing.assetOrigin is not: the build keeps the photos in dist/. Set assetOrigin to the address deploy.photos is served from, or remove deploy.photos.';
export const ORIGIN_WITHOUT_PHOTOS = 'publishing.assetOrigin is set but publishing.deploy.photos is not: the pages would show photos uploaded nowhere. Set deploy.photos to the bucket folder assetOrigin serves.';
export const NO_CREDENTIALS = 'No storage credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws/credentials (AWS_PROFILE names which, default "default").';

export const buildFailed = (status: number | null, signal: string | null): string => `The build failed (${signal ?? `exit status ${status}`}): nothing was published.`;
export const refusedCredentials = (where: string, code: string): string => `${where} refused the credentials (${code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE.`;
export const noSuchBucket = (bucket: string, endpoint: string): string => `There is no bucket "${bucket}" at ${endpoint}: check publishing.deploy in photos/site.json.`;
export const unreachable = (endpoint: string, reason: string): string => `Could not reach ${endpoint} (${reason}): check publishing.deploy.endpoint and the network.`;
export const storageFailed = (where: string, reason: string): string => `${where} failed (${reason}).`;
export const interrupted = (done: number, total: number, reason: string): string =>
  `Stopped after ${formatCount(done)} of ${countOf(total, 'change')}: ${reason.replace(/\.$/, '')}. The live site still shows whole pages; run \`npm run publish\` again to finish.`;
export const tooManyDeletions = (where: string, deletions: number, objects: number): string =>
  `This publish would delete ${formatCount(deletions)} of the ${countOf(objects, 'object')} in ${where} (more than a quarter): nothing was changed. Check the folders, then run \`npm run publish -- --yes\` if that is what you want.`;
export const gitFailed = (what: string, reason: string): string => `git ${what} failed: ${reason}`;
