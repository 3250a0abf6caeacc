import http from 'node:http';
import https from 'node:https';

/**
 * One HTTP request whose every wait is bounded: connecting (name lookup, TCP, TLS) within
 * `connectMs`, and then no more than `idleMs` without a byte going either way. A connection
 * that stops answering mid-upload (a train's Wi-Fi between two masts) fails after `idleMs`
 * instead of undici's five minutes; a slow upload that keeps moving is never cut. Sent with
 * node:http rather than fetch, because fetch can only bound the whole request, which would cut
 * a large upload on a slow line.
 */
export interface Timeouts {
  connectMs: number;
  idleMs: number;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request that ran out of time, with the code the retry policy and the messages read. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(
    readonly code: 'CONNECT_TIMEOUT' | 'IDLE_TIMEOUT',
    readonly ms: number,
  ) {
    super(code === 'CONNECT_TIMEOUT' ? `no connection within ${ms} ms` : `no answer for ${ms} ms`);
  }
}

export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** Kept-alive connections, as many as the run has requests in flight. */
export const keptAliveAgents = (sockets: number): Agents => ({ http: new http.Agent({ keepAlive: true, maxSockets: sockets }), https: new https.Agent({ keepAlive: true, maxSockets: sockets }) });

export function send(url: URL, method: string, headers: Record<string, string>, body: Uint8Array | undefined, timeouts: Timeouts, agents: Agents): Promise<Answer> {
  const secure = url.protocol === 'https:';
  return new Promise<Answer>((resolve, reject) => {
    const request = (secure ? https : http).request(url, { method, headers, agent: secure ? agents.https : agents.http });
    let connectTimer: NodeJS.Timeout | undefined;
    const fail = (error: Error) => {
      clearTimeout(connectTimer);
      request.destroy(error);
      // Destroyed after its answer began, a request may say nothing more: settle here.
      reject(error);
    };
    request.once('socket', (socket) => {
      // A reused kept-alive connection is connected already; a new one gets connectMs to be.
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => fail(new TimeoutError('CONNECT_TIMEOUT', timeouts.connectMs)), timeouts.connectMs);
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    // The socket's own inactivity clock, in both directions: set once the socket is connected.
    request.setTimeout(timeouts.idleMs, () => fail(new TimeoutError('IDLE_TIMEOUT', timeouts.idleMs)));
    request.once('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        // A kept-alive connection waiting for its next request is no stall.
        request.socket?.setTimeout(0);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(body);
  });
}
