import type { ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { basename } from 'node:path';
import type { ServerProcess } from './host-servers.ts';
import { freePort } from './ports.ts';

/**
 * `wrangler pages dev` behind a loopback front that outlives it. Wrangler 4.86, the last that runs
 * on Node 20, exits when a request from its proxy to the worker meets a kept-alive connection
 * closed at that very moment: both ends close a connection idle for 5 s, so a request after about
 * 5 s of quiet can race the close, and a busy machine widens the race (cloudflare/workers-sdk#15317;
 * fixed in wrangler 4.1xx, which needs Node 22, by sending a GET or HEAD once more). The front does
 * what that fix does: a GET or HEAD that wrangler fails as it exits is sent once more, to a wrangler
 * started again, and the restart is said on stderr. The same race can also leave a request without
 * an answer while wrangler goes on (seen here within minutes of requests after 5 s of quiet, on a
 * loaded machine): a GET or HEAD not answered within `answerWithinMs` is sent once more too. The front
 * reads every answer to its end, so a visitor's navigation that drops a request never reaches
 * wrangler as a cut connection.
 */
export async function behindFront(start: () => Promise<ServerProcess>, { answerWithinMs = 8_000 } = {}): Promise<{ url: string; close(): Promise<void> }> {
  let closing = false;
  let current = start();
  const watch = (started: Promise<ServerProcess>): void => {
    void started.then(
      (server) =>
        server.child.once('exit', (code, signal) => {
          if (closing) return;
          process.stderr.write(`[wrangler-front] ${basename(server.child.spawnfile)} exited (${code ?? signal}); started again (cloudflare/workers-sdk#15317)\n${server.output().slice(-1500)}\n`);
          current = start();
          watch(current);
        }),
      // A start that failed is each request's answer (502, with its reason), below.
      () => {},
    );
  };
  watch(current);
  // Fails the front's start as wrangler's first start fails.
  await current;

  const front = createServer((incoming, answer) => {
    void (async () => {
      const body = await bodyOf(incoming);
      const resendable = incoming.method === 'GET' || incoming.method === 'HEAD';
      for (let attempt = 1; ; attempt++) {
        const target = await current.catch((error: unknown) => error as Error);
        if (target instanceof Error) return fail(answer, `wrangler pages dev did not start again: ${target.message}`);
        const reply = await forward(incoming, body, target.port, answerWithinMs).catch((error: unknown) => error as Error);
        const failed = reply instanceof Error || (reply.statusCode === 500 && (await exits(target.child)));
        if (failed && resendable && attempt === 1 && !closing) {
          if (!(reply instanceof Error)) reply.resume();
          // Unanswered, wrangler is still up: the request goes to it again. Otherwise it is exiting:
          // to the wrangler started after it.
          if (!(reply instanceof NoAnswer)) await exits(target.child);
          continue;
        }
        if (reply instanceof Error) return fail(answer, `wrangler pages dev did not answer: ${reply.message}`);
        answer.writeHead(reply.statusCode ?? 502, reply.statusMessage, withoutHopHeaders(reply.headers));
        reply.pipe(answer);
        // A visitor gone before the end: the rest is read all the same, never cut.
        answer.once('close', () => reply.resume());
        return;
      }
    })();
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => front.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      closing = true;
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await (await current.catch(() => undefined))?.close();
    },
  };
}

/** Headers that belong to one connection, not to the answer (RFC 9110, 7.6.1). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function withoutHopHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

function bodyOf(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}

class NoAnswer extends Error {}

/**
 * The request sent to wrangler on a connection of its own, as the visitor sent it (its Host
 * included); rejects with NoAnswer when no answer has begun within `withinMs`.
 */
function forward(incoming: IncomingMessage, body: Buffer, port: number, withinMs: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const out = request({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: withoutHopHeaders(incoming.headers), agent: false }, (reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    const timer = setTimeout(() => {
      reject(new NoAnswer(`no answer to ${incoming.method} ${incoming.url} in ${withinMs} ms`));
      out.destroy();
    }, withinMs);
    out.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    out.end(body.length > 0 ? body : undefined);
  });
}

/** Whether the process exits within a few seconds: wrangler answers the request it fails with 500, then exits. */
function exits(child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, 10_000);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

function fail(answer: ServerResponse, message: string): void {
  answer.writeHead(502, { 'content-type': 'text/plain' });
  answer.end(message);
}
