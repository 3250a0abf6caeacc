import { createServer } from 'node:net';

/** A loopback port nothing listens on now, for a server of the caller's own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address === null || typeof address === 'string' ? reject(new Error('no port')) : resolve(address.port)));
    });
  });
}
