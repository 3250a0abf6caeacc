import { countOf, formatCount } from '../data/count-text.ts';

/** Every sentence `npm run publish` writes, in one place. */

export const bytesText = (n: number): string => (n >= 1_000_000_000 ? `${(n / 1_000_000_000).toFixed(2)} GB` : n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${Math.round(n / 1000)} KB` : `${n} bytes`);

export const filesText = (files: number, bytes: number): string => `${countOf(files, 'file')} (${bytesText(bytes)})`;

export const NO_DEPLOY = 'Nothing to publish to: set publishing.deploy.site (and deploy.photos with assetOrigin) in photos/site.json; see docs/deploying.md.';
export const PHOTOS_WITHOUT_ORIGIN = 'publishing.deploy.photos is set but publishing.assetOrigin is not: the build keeps the photos in dist/. Set assetOrigin to the address deploy.photos is served from, or remove deploy.photos.';
export const ORIGIN_WITHOUT_PHOTOS = 'publishing.assetOrigin is set but publishing.deploy.photos is not: the pages would show photos uploaded nowhere. Set deploy.photos to the bucket folder assetOrigin serves.';
export const noCredentials = (profile: string): string =>
  `No storage credentials found. Looked in: the environment (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), AWS SSO, ~/.aws/credentials and ~/.aws/config (profile "${profile}", with credential_process), web identity (AWS_WEB_IDENTITY_TOKEN_FILE and AWS_ROLE_ARN), and container and instance metadata. Set one of them (AWS_PROFILE names the profile); see docs/deploying.md.`;
export const credentialsFailed = (profile: string, where: string): string => `The storage credentials of profile "${profile}" could not be had from ${where}: check it works (\`aws sts get-caller-identity --profile ${profile}\`), then publish again.`;

export const buildFailed = (status: number | null, signal: string | null): string => `The build failed (${signal ?? `exit status ${status}`}): nothing was published.`;
export const refusedCredentials = (where: string, code: string): string => `${where} refused the credentials (${code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE.`;
export const noSuchBucket = (bucket: string, endpoint: string): string => `There is no bucket "${bucket}" at ${endpoint}: check publishing.deploy in photos/site.json.`;
export const unreachable = (endpoint: string, reason: string): string => `Could not reach ${endpoint} (${reason}): check publishing.deploy.endpoint and the network.`;
/** What a request tried before it gave up: `3 attempts over 41 s`. */
export const triedText = (attempts: number, ms: number): string => `${countOf(attempts, 'attempt')} over ${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;
export const requestFailed = (doing: string, endpoint: string, reason: string, tried: string): string =>
  `${doing} at ${endpoint} failed: ${reason} (${tried}; timeouts, lost connections and busy answers are tried again)`;
export const noUsableHash = (where: string, objects: number): string =>
  `Warning: ${countOf(objects, 'object')} in ${where} had neither an MD5 ETag nor an md5 in its metadata (an encrypted bucket, SSE-KMS or SSE-C, or another tool's upload): uploaded again with their MD5 kept, so the next publish compares them.`;
export const storageFailed = (where: string, reason: string): string => `${where} failed (${reason}).`;
export const interrupted = (done: number, total: number, reason: string): string =>
  `Stopped after ${formatCount(done)} of ${countOf(total, 'change')}: ${reason.replace(/\.$/, '')}. The live site still shows whole pages; run \`npm run publish\` again to finish.`;
export const tooManyDeletions = (where: string, deletions: number, objects: number): string =>
  `This publish would delete ${formatCount(deletions)} of the ${countOf(objects, 'object')} in ${where} (more than a quarter): nothing was changed. Check the folders, then run \`npm run publish -- --yes\` if that is what you want.`;
export const gitFailed = (what: string, reason: string): string => `git ${what} failed: ${reason}`;
