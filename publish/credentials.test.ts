import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCredentials, findRegion } from './credentials.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-credentials-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the region requests are signed for', () => {
  it("is site.json's, else AWS_REGION, else AWS_DEFAULT_REGION, else the profile's, else us-east-1", async () => {
    const config = join(dir, 'config');
    await writeFile(config, '[default]\nregion = eu-north-1\n[profile birds]\nregion = ap-southeast-2\n');
    const env = { AWS_CONFIG_FILE: config, HOME: dir };
    expect(await findRegion('auto', { ...env, AWS_REGION: 'eu-west-1' })).toBe('auto');
    expect(await findRegion(undefined, { ...env, AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'us-west-2' })).toBe('eu-west-1');
    expect(await findRegion(undefined, { ...env, AWS_DEFAULT_REGION: 'us-west-2' })).toBe('us-west-2');
    expect(await findRegion(undefined, env)).toBe('eu-north-1');
    expect(await findRegion(undefined, { ...env, AWS_PROFILE: 'birds' })).toBe('ap-southeast-2');
    expect(await findRegion(undefined, { HOME: dir, AWS_CONFIG_FILE: join(dir, 'none') })).toBe('us-east-1');
  });
});

describe('credentials', () => {
  it('takes keys in the environment as they are, without the SDK', async () => {
    const source = await findCredentials({ AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' });
    expect(await source()).toEqual({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' });
  });
});
