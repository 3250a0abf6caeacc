import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'ini';
import { unlessMissing } from '../node-lib/files.ts';
import { PublishError } from './errors.ts';
import { NO_CREDENTIALS } from './messages.ts';

/**
 * Storage credentials from the places every S3 tool reads them, in the AWS CLI's order: the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), then the profile
 * AWS_PROFILE names (else "default") in the shared credentials file (AWS_SHARED_CREDENTIALS_FILE,
 * else ~/.aws/credentials), then in the config file (AWS_CONFIG_FILE, else ~/.aws/config). They
 * are held in memory only; nothing here writes or prints them.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export async function findCredentials(env: NodeJS.ProcessEnv = process.env): Promise<Credentials> {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) return { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined };
  const profile = env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';
  const home = env.HOME || os.homedir();
  const credentialsFile = env.AWS_SHARED_CREDENTIALS_FILE || path.join(home, '.aws', 'credentials');
  const configFile = env.AWS_CONFIG_FILE || path.join(home, '.aws', 'config');
  // The config file names a profile other than the default "profile <name>".
  const found = (await fromFile(credentialsFile, profile)) ?? (await fromFile(configFile, profile === 'default' ? 'default' : `profile ${profile}`));
  if (!found) throw new PublishError(NO_CREDENTIALS);
  return found;
}

async function fromFile(file: string, section: string): Promise<Credentials | undefined> {
  const text = await unlessMissing(readFile(file, 'utf8'));
  if (text === undefined) return undefined;
  const entry: unknown = parse(text)[section];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { aws_access_key_id: accessKeyId, aws_secret_access_key: secretAccessKey, aws_session_token: sessionToken } = entry as Record<string, unknown>;
  if (typeof accessKeyId !== 'string' || typeof secretAccessKey !== 'string' || !accessKeyId || !secretAccessKey) return undefined;
  return { accessKeyId, secretAccessKey, sessionToken: typeof sessionToken === 'string' && sessionToken ? sessionToken : undefined };
}
