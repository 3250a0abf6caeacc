import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSettings, runPublish } from '../../harness/publish-command.ts';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '../../harness/s3-server.ts';
import { credentialsFailed } from '../../publish/messages.ts';
import { listBucket, smallSite } from './bucket.ts';

/**
 * Credentials from the two sources of the AWS SDK's chain an owner meets without stored keys:
 * a CI job's OIDC role (web identity: STS's AssumeRoleWithWebIdentity) and AWS SSO (an
 * `sso-session` profile, its token cached by `aws sso login`, exchanged at the SSO portal).
 * Nothing leaves the machine: one loopback server stands in for every AWS service the SDK may
 * ask (AWS_ENDPOINT_URL_STS, AWS_ENDPOINT_URL_SSO, and AWS_ENDPOINT_URL for any other, which
 * the SDK's clients honour as the AWS CLI does), instance metadata is off (the harness), and a
 * loopback front of the bucket notes the headers each request carried. The bucket's one key pair
 * (S3RVER) is what the stand-in hands out, with a session token of its own.
 */

let work: string;
let server: S3Server;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'credential-chain-'));
  server = await startS3Server(join(work, 's3'), ['web-identity', 'sso']);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Asked {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Listening {
  url: string;
  asked: Asked[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const closing = (server: Server) => () => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

/** A loopback stand-in for AWS's services: notes every request, and answers it with `answer`'s status, type and body. */
async function awsStandIn(answer: (asked: Asked) => { status: number; type: string; body: string }): Promise<Listening> {
  const asked: Asked[] = [];
  const stand = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const one = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      asked.push(one);
      const { status, type, body: text } = answer(one);
      response.writeHead(status, { 'content-type': type, 'x-amzn-requestid': 'loopback' });
      response.end(text);
    });
  });
  return { url: await listen(stand), asked, close: closing(stand) };
}

/** A loopback front of the bucket that passes every request on untouched, noting its headers (the session token among them). */
async function headerFront(): Promise<Listening> {
  const asked: Asked[] = [];
  const front = createServer((request, response) => {
    asked.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: '' });
    const onward = httpRequest({ host: '127.0.0.1', port: server.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  });
  return { url: await listen(front), asked, close: closing(front) };
}

/**
 * Loaded into the publish's process before anything else: node:http's and node:https's
 * `request` (which the SDK's clients call for every request, looking them up each time) refuse
 * any host but loopback, so a stand-in the SDK stopped honouring fails the test rather than
 * reaching AWS.
 */
const LOOPBACK_ONLY = `'use strict';
for (const name of ['node:http', 'node:https']) {
  const module = require(name);
  for (const method of ['request', 'get']) {
    const original = module[method];
    module[method] = function (first, ...rest) {
      const host = typeof first === 'string' || first instanceof URL ? new URL(first).hostname : first?.hostname ?? first?.host ?? 'localhost';
      if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(String(host).replace(/:\\d+$/, ''))) {
        process.stderr.write('loopback-only: a request to ' + host + ' was refused\\n');
        throw new Error('loopback-only: ' + host);
      }
      return original.call(this, first, ...rest);
    };
  }
}
`;

/** An environment with no keys in it and no AWS files but the test's: a home of its own, every AWS service at the stand-in, requests elsewhere refused. */
async function chainEnvironment(home: string, standIn: string, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const guard = join(work, 'loopback-only.cjs');
  await writeFile(guard, LOOPBACK_ONLY);
  return {
    HOME: home,
    AWS_CONFIG_FILE: join(home, '.aws', 'config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, '.aws', 'credentials'),
    AWS_ENDPOINT_URL: standIn,
    NODE_OPTIONS: `--require ${guard}`,
    ...env,
  };
}

const publish = async (name: string, endpoint: string, env: NodeJS.ProcessEnv) =>
  runPublish(['--no-build', '--photos', await publishSettings(work, name, { deploy: { endpoint, site: `s3://${name}/` } }), '--out', await smallSite(work, `${name}-site`, 3)], env);

const aSessionToken = () => `IQoJb3JpZ2luX2VjE${randomBytes(48).toString('base64url')}`;
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('a CI job’s OIDC role (web identity)', () => {
  it('the token file and role are exchanged at STS (a loopback stand-in) for a session the bucket accepts; no key, token or secret shown', async () => {
    const sessionToken = aSessionToken();
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const jwt = `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${base64url({ iss: 'https://token.actions.githubusercontent.com', aud: 'sts.amazonaws.com', sub: 'repo:owner/birds:ref:refs/heads/main' })}.${randomBytes(64).toString('base64url')}`;
    const roleArn = 'arn:aws:iam::111122223333:role/birds-publish';
    const sts = await awsStandIn(({ method, body }) => {
      const form = new URLSearchParams(body);
      if (method !== 'POST' || form.get('Action') !== 'AssumeRoleWithWebIdentity') return { status: 400, type: 'text/xml', body: '<ErrorResponse><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>not this stand-in’s</Message></Error></ErrorResponse>' };
      return {
        status: 200,
        type: 'text/xml',
        body: `<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleWithWebIdentityResult>
    <SubjectFromWebIdentityToken>repo:owner/birds:ref:refs/heads/main</SubjectFromWebIdentityToken>
    <Audience>sts.amazonaws.com</Audience>
    <AssumedRoleUser>
      <Arn>arn:aws:sts::111122223333:assumed-role/birds-publish/${form.get('RoleSessionName')}</Arn>
      <AssumedRoleId>AROAEXAMPLEID:${form.get('RoleSessionName')}</AssumedRoleId>
    </AssumedRoleUser>
    <Credentials>
      <AccessKeyId>${S3RVER_CREDENTIALS.accessKeyId}</AccessKeyId>
      <SecretAccessKey>${S3RVER_CREDENTIALS.secretAccessKey}</SecretAccessKey>
      <SessionToken>${sessionToken}</SessionToken>
      <Expiration>${inAnHour().toISOString()}</Expiration>
    </Credentials>
    <Provider>token.actions.githubusercontent.com</Provider>
  </AssumeRoleWithWebIdentityResult>
  <ResponseMetadata><RequestId>loopback</RequestId></ResponseMetadata>
</AssumeRoleWithWebIdentityResponse>`,
      };
    });
    const front = await headerFront();
    try {
      const home = join(work, 'web-identity-home');
      await mkdir(home, { recursive: true });
      const tokenFile = join(home, 'oidc-token');
      await writeFile(tokenFile, jwt);
      // AWS_REGION as a CI job has it: without one the SDK writes a line of its own ("default STS region of us-east-1 used").
      const run = await publish(
        'web-identity',
        front.url,
        await chainEnvironment(home, sts.url, { AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: roleArn, AWS_ROLE_SESSION_NAME: 'birds-ci-run', AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_STS: sts.url }),
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect((await listBucket(server.endpoint, 'web-identity')).map((o) => o.key).sort()).toEqual(['f0.json', 'f1.json', 'f2.json']);

      // STS was asked once, at loopback, with the file's token and the role; nothing else was asked.
      expect(sts.asked).toHaveLength(1);
      const form = new URLSearchParams(sts.asked[0]!.body);
      expect(sts.asked[0]!.method).toBe('POST');
      expect(Object.fromEntries(form)).toMatchObject({ Action: 'AssumeRoleWithWebIdentity', RoleArn: roleArn, RoleSessionName: 'birds-ci-run', WebIdentityToken: jwt });
      // Every request to the bucket carried the role's session.
      expect(front.asked.length).toBeGreaterThan(3);
      expect(front.asked.map((r) => r.headers['x-amz-security-token'])).toEqual(front.asked.map(() => sessionToken));

      const output = run.stdout + run.stderr;
      for (const secret of [S3RVER_CREDENTIALS.secretAccessKey, sessionToken, jwt]) expect(output).not.toContain(secret);
    } finally {
      await Promise.all([sts.close(), front.close()]);
    }
  });

  it('a token STS refuses fails in one line naming web identity, with the region publishing uses (no warning of the SDK’s own), showing no token', async () => {
    const jwt = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(32).toString('base64url')}.${randomBytes(64).toString('base64url')}`;
    const sts = await awsStandIn(() => ({
      status: 400,
      type: 'text/xml',
      body: '<ErrorResponse><Error><Type>Sender</Type><Code>InvalidIdentityToken</Code><Message>Incorrect token audience</Message></Error><RequestId>loopback</RequestId></ErrorResponse>',
    }));
    try {
      const home = join(work, 'web-identity-refused-home');
      await mkdir(home, { recursive: true });
      const tokenFile = join(home, 'oidc-token');
      await writeFile(tokenFile, jwt);
      const run = await publish(
        'web-identity-refused',
        server.endpoint,
        await chainEnvironment(home, sts.url, { AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: 'arn:aws:iam::111122223333:role/birds-publish', AWS_ENDPOINT_URL_STS: sts.url }),
      );
      expect(run.status).toBe(1);
      expect(sts.asked.length).toBeGreaterThan(0);
      expect(run.stderr.trim().split('\n')).toEqual([credentialsFailed('default', 'web identity (AWS_WEB_IDENTITY_TOKEN_FILE, AWS_ROLE_ARN)')]);
      expect(run.stdout + run.stderr).not.toContain(jwt);
    } finally {
      await sts.close();
    }
  });
});

describe('AWS SSO (an sso-session profile, after `aws sso login`)', () => {
  const SESSION = 'birds-sso';
  const ACCOUNT = '111122223333';
  const ROLE = 'BirdsPublish';

  /** A home with the profile `birds` on the session, and the session's token cached as the AWS CLI caches it, expiring at `expiresAt`. */
  async function ssoHome(name: string, accessToken: string, expiresAt: Date): Promise<string> {
    const home = join(work, name);
    await mkdir(join(home, '.aws', 'sso', 'cache'), { recursive: true });
    await writeFile(
      join(home, '.aws', 'config'),
      `[profile birds]\nsso_session = ${SESSION}\nsso_account_id = ${ACCOUNT}\nsso_role_name = ${ROLE}\nregion = eu-west-1\n\n[sso-session ${SESSION}]\nsso_start_url = https://birds.awsapps.com/start\nsso_region = eu-west-1\nsso_registration_scopes = sso:account:access\n`,
    );
    const cached = { startUrl: 'https://birds.awsapps.com/start', region: 'eu-west-1', accessToken, expiresAt: expiresAt.toISOString().replace(/\.\d+Z$/, 'Z') };
    await writeFile(join(home, '.aws', 'sso', 'cache', `${createHash('sha1').update(SESSION).digest('hex')}.json`), JSON.stringify(cached));
    return home;
  }

  const portal = (sessionToken: string) =>
    awsStandIn(({ method, url }) =>
      method === 'GET' && url.startsWith('/federation/credentials?')
        ? { status: 200, type: 'application/json', body: JSON.stringify({ roleCredentials: { accessKeyId: S3RVER_CREDENTIALS.accessKeyId, secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey, sessionToken, expiration: inAnHour().getTime() } }) }
        : { status: 404, type: 'application/json', body: '{"message":"not this stand-in’s"}' },
    );

  it('the cached token is exchanged at the SSO portal (a loopback stand-in) for the role’s session; no key, token or secret shown', async () => {
    const accessToken = `aoa${randomBytes(48).toString('base64url')}`;
    const sessionToken = aSessionToken();
    const sso = await portal(sessionToken);
    const front = await headerFront();
    try {
      const home = await ssoHome('sso-home', accessToken, inAnHour());
      const run = await publish('sso', front.url, await chainEnvironment(home, sso.url, { AWS_PROFILE: 'birds', AWS_ENDPOINT_URL_SSO: sso.url }));
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect((await listBucket(server.endpoint, 'sso')).map((o) => o.key).sort()).toEqual(['f0.json', 'f1.json', 'f2.json']);

      expect(sso.asked).toHaveLength(1);
      const { method, url, headers } = sso.asked[0]!;
      expect(method).toBe('GET');
      expect(Object.fromEntries(new URL(url, sso.url).searchParams)).toEqual({ account_id: ACCOUNT, role_name: ROLE });
      expect(headers['x-amz-sso_bearer_token']).toBe(accessToken);
      expect(front.asked.length).toBeGreaterThan(3);
      expect(front.asked.map((r) => r.headers['x-amz-security-token'])).toEqual(front.asked.map(() => sessionToken));

      const output = run.stdout + run.stderr;
      for (const secret of [S3RVER_CREDENTIALS.secretAccessKey, sessionToken, accessToken]) expect(output).not.toContain(secret);
    } finally {
      await Promise.all([sso.close(), front.close()]);
    }
  });

  it('an expired token fails at once, in one line that says to run `aws sso login`, asking no one and showing no token', async () => {
    const accessToken = `aoa${randomBytes(48).toString('base64url')}`;
    const sso = await portal(aSessionToken());
    try {
      const home = await ssoHome('sso-expired-home', accessToken, new Date(Date.now() - 3_600_000));
      const run = await publish('sso', server.endpoint, await chainEnvironment(home, sso.url, { AWS_PROFILE: 'birds', AWS_ENDPOINT_URL_SSO: sso.url }));
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([credentialsFailed('birds', 'AWS SSO (its session may have ended: `aws sso login`)')]);
      expect(run.stderr).toContain('aws sso login');
      expect(sso.asked).toEqual([]);
      expect(run.stdout + run.stderr).not.toContain(accessToken);
    } finally {
      await sso.close();
    }
  });
});
