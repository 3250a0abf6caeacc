import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'ini';
import { unlessMissing } from '../node-lib/files.ts';
import { PublishError } from './errors.ts';
import { credentialsFailed, noCredentials } from './messages.ts';

/**
 * Storage credentials and region from where every AWS tool finds them. Keys in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) are taken as they
 * are, the chain's own first step, without loading the SDK; otherwise the AWS SDK's standard
 * chain (`fromNodeProviderChain`): AWS SSO, the shared files with profiles and
 * credential_process, web identity (a CI job's OIDC role), container and instance metadata.
 * The chain renews what expires (SSO, a role's session) when asked again, so a long publish
 * asks it before each request. Credentials are held in memory only; no message repeats them or
 * the SDK's own error text.
 */
interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export type CredentialSource = () => Promise<Credentials>;

const profileOf = (env: NodeJS.ProcessEnv) => env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';

/** `region`: the one requests are signed for, which the chain's own clients (STS, SSO) ask too. */
export async function findCredentials(env: NodeJS.ProcessEnv = process.env, region?: string): Promise<CredentialSource> {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined };
    return async () => credentials;
  }
  // The SDK warns on every run under Node 20, which this project supports; the warning is not the owner's to act on.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { fromNodeProviderChain } = await import('@aws-sdk/credential-providers');
  const chain = fromNodeProviderChain({ profile: profileOf(env), ...(region ? { clientConfig: { region } } : {}) });
  const source: CredentialSource = async () => {
    try {
      const { accessKeyId, secretAccessKey, sessionToken } = await chain();
      return { accessKeyId, secretAccessKey, sessionToken };
    } catch (error) {
      throw new PublishError(chainFailure(error, profileOf(env), env));
    }
  };
  // Asked once now: a missing or broken source fails before the build, not after it.
  await source();
  return source;
}

/** The owner's line for a chain that found nothing, or whose source failed: from the error's kind, never its text. */
function chainFailure(error: unknown, profile: string, env: NodeJS.ProcessEnv): string {
  const message = error instanceof Error ? error.message : '';
  // A job set up for a role (web identity) whose exchange failed is no job without credentials.
  const webIdentity = 'web identity (AWS_WEB_IDENTITY_TOKEN_FILE, AWS_ROLE_ARN)';
  if (env.AWS_WEB_IDENTITY_TOKEN_FILE && env.AWS_ROLE_ARN && !env.AWS_PROFILE) return credentialsFailed(profile, webIdentity);
  if (/could not load credentials from any providers/i.test(message)) return noCredentials(profile);
  if (/\bsso\b/i.test(message)) return credentialsFailed(profile, 'AWS SSO (its session may have ended: `aws sso login`)');
  if (/credential_process|process/i.test(message)) return credentialsFailed(profile, 'its credential_process');
  if (/web ?identity|token ?file|AssumeRole/i.test(message)) return credentialsFailed(profile, webIdentity);
  if (/metadata|container|instance|imds/i.test(message)) return credentialsFailed(profile, 'container or instance metadata');
  return noCredentials(profile);
}

/**
 * The region requests are signed for: site.json's deploy.region, else AWS_REGION, else
 * AWS_DEFAULT_REGION, else the profile's region in the config file (AWS_CONFIG_FILE, else
 * ~/.aws/config), else us-east-1.
 */
export async function findRegion(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = configured || env.AWS_REGION || env.AWS_DEFAULT_REGION;
  if (fromEnv) return fromEnv;
  const file = env.AWS_CONFIG_FILE || path.join(env.HOME || os.homedir(), '.aws', 'config');
  const text = await unlessMissing(readFile(file, 'utf8'));
  const profile = profileOf(env);
  const section: unknown = text === undefined ? undefined : parse(text)[profile === 'default' ? 'default' : `profile ${profile}`];
  const region = (section as Record<string, unknown> | undefined)?.region;
  return typeof region === 'string' && region ? region : 'us-east-1';
}
