/**
 * A real S3-compatible server on loopback (s3rver, in a process of its own), for the publish
 * tests and the bench: objects, ETags, metadata and access keys as a bucket has them (it does not
 * verify SigV4 signatures), with listings in S3's byte order (harness/s3-server-child.cjs),
 * keeping its objects in a folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';

/** s3rver's one account: any other key is refused, as a bucket refuses wrong credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Those credentials where `npm run publish` reads them, for its process's environment. */
export const S3RVER_ENVIRONMENT = { AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey } as const;

const CHILD = fileURLToPath(new URL('./s3-server-child.cjs', import.meta.url));

export interface S3Server {
  /** `http://127.0.0.1:<port>`, the `deploy.endpoint` to publish to. */
  endpoint: string;
  /** Its loopback port, for a front of a test's own between the publisher and the server. */
  port: number;
  /** Ends the server at once. */
  close(): Promise<void>;
}

/** Starts the server with its objects kept in `directory` and `buckets` created there. */
export async function startS3Server(directory: string, buckets: string[]): Promise<S3Server> {
  const port = await freePort();
  const child = await launch(directory, port, buckets);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await ended;
    },
  };
}

function launch(directory: string, port: number, buckets: string[]): Promise<ChildProcess> {
  // stdin is a pipe the child watches: when this process ends, however it ends, so does the server.
  const child = spawn(process.execPath, [CHILD, directory, String(port), ...buckets], {
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --openssl-legacy-provider`.trim() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before listening: ${stderr.trim()}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(child);
    });
  });
}
