import { connect, createServer, type Socket } from 'node:net';

/** What the front does with one request: pass it to the bucket, reset its connection, hold it unanswered, or pass it with the last byte of its body changed. */
export type Verdict = 'pass' | 'reset' | 'hold' | 'corrupt';

export interface BucketFront {
  /** `http://127.0.0.1:<port>`, a `deploy.endpoint` that reaches the bucket through the front. */
  endpoint: string;
  /** The request lines the front reset or held, in order. */
  readonly stopped: readonly string[];
  /** Resolves with the first request line the front reset or held. */
  readonly firstStopped: Promise<string>;
  close(): Promise<void>;
}

/**
 * A loopback front of the bucket server that judges each request as it arrives, by its request
 * line (`PUT /bucket/key HTTP/1.1`), so a test stops a publish at a chosen request rather than
 * at a moment: a connection reset as a server ending a kept-alive connection does, or an
 * upload left waiting while the test presses Ctrl-C. Every request it passes goes to the
 * bucket untouched.
 */
export async function bucketFront(port: number, judge: (requestLine: string) => Verdict): Promise<BucketFront> {
  const stopped: string[] = [];
  let onFirstStop!: (line: string) => void;
  const firstStopped = new Promise<string>((resolve) => (onFirstStop = resolve));
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };

  const front = createServer((client) => {
    track(client);
    let bucket: Socket | undefined;
    let held = false;
    /** Set while the request being passed is to arrive with a byte of its body changed. */
    let corrupting = false;
    const end = () => {
      client.destroy();
      bucket?.destroy();
    };
    client.on('error', end);
    client.on('end', () => bucket?.end());
    client.on('data', (chunk) => {
      if (held) return;
      // undici writes a request's line and headers at once, and sends the next request on a
      // kept-alive connection only after the last answer: a request starts a chunk.
      const line = /^[A-Z]+ \S+ HTTP\/1\.1(?=\r\n)/.exec(chunk.toString('latin1'))?.[0];
      const verdict = line ? judge(line) : 'pass';
      if (verdict !== 'pass') {
        stopped.push(line!);
        onFirstStop(line!);
      }
      if (verdict === 'reset') {
        client.resetAndDestroy();
        bucket?.destroy();
        return;
      }
      if (verdict === 'hold') {
        held = true;
        return;
      }
      if (verdict === 'corrupt') corrupting = true;
      if (corrupting) {
        // The body starts after the headers' blank line, in this chunk or the next.
        const bodyStart = line ? chunk.indexOf('\r\n\r\n') + 4 : 0;
        if (bodyStart < chunk.length) {
          chunk = Buffer.from(chunk);
          chunk[chunk.length - 1]! ^= 0xff;
          corrupting = false;
        }
      }
      if (!bucket) {
        bucket = track(connect(port, '127.0.0.1'));
        bucket.on('error', end);
        bucket.pipe(client);
      }
      bucket.write(chunk);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port: frontPort } = front.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${frontPort}`,
    stopped,
    firstStopped,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** The object key a request line uploads (`PUT /bucket/key…`), or undefined for any other request. */
export function uploadedKey(requestLine: string): string | undefined {
  const path = /^PUT \/[^/]+\/([^?\s]+)/.exec(requestLine)?.[1];
  return path && decodeURIComponent(path);
}
