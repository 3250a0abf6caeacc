import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { groupAlive } from '../../harness/processes.ts';
import { CHROMIUM, CHROMIUM_FLAGS, withOfflineFeatures } from '../../harness/browser.ts';

/**
 * Chromium driven through its DevTools protocol alone (`--remote-debugging-pipe`: one JSON
 * message per NUL-ended line on file descriptors 3 and 4), with nothing enabled in the page but
 * what a measurement sends. Playwright enables its own domains in every page it drives, and
 * with them attached V8 reparses the entry bundle while evaluating it, to collect its source
 * positions: 70–110 ms added to one task on a 4× slowed CPU, which no visitor's browser spends.
 */
export interface BareChromium {
  /** The browser's process: the leader of its process group. */
  readonly pid: number;
  /** Sends a command (to the browser, or to a page's session) and resolves with its result. */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Calls `listener` with the params of every `method` event until the returned function is called. */
  on(method: string, listener: (params: Record<string, unknown>) => void): () => void;
  close(): Promise<void>;
}

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'bench-chromium-'));
  // A process group of its own: if the browser cannot be asked to close, it ends with everything it started.
  const child: ChildProcess = spawn(CHROMIUM, [...withOfflineFeatures(CHROMIUM_FLAGS), '--disable-breakpad', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  // A benchmark stopped midway (Ctrl-C, an error) leaves no browser behind.
  process.once('exit', killGroup);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const protocol = pipeProtocol(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // Not started at all (no such file): said as the reason of every pending command.
    child.once('error', (error) => {
      stderr += `${CHROMIUM}: ${error.message}`;
      resolve();
    });
  });
  void exited.then(() => protocol.failAll((method) => `Chromium exited before answering ${method}:\n${stderr}`));

  const chromium: BareChromium = {
    pid: child.pid!,
    send: protocol.send,
    on: protocol.on,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        // Browser.close ends its renderers and GPU process with it; a signal only if it cannot answer.
        await chromium.send('Browser.close').catch(killGroup);
        await exited;
      }
      // Whatever of its group outlived the browser (a crash reporter) ends with it, before close resolves.
      killGroup();
      for (let waited = 0; groupAlive(child.pid!); waited += 50) {
        if (waited > 10_000) throw new Error(`Chromium's processes (group ${child.pid}) still run 10 s after being killed`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.removeListener('exit', killGroup);
      await rm(profile, { recursive: true, force: true });
    },
  };
  return chromium;
}

/** The DevTools protocol over the pipe: commands answered by id, events handed to their listeners. */
function pipeProtocol(toBrowser: Writable, fromBrowser: Readable) {
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Map<string, Set<(params: Record<string, unknown>) => void>>();
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString('utf8')).split('\0');
    buffered = parts.pop()!;
    for (const part of parts) {
      const message = JSON.parse(part) as { id?: number; method?: string; params?: Record<string, unknown>; result?: never; error?: { message: string } };
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result as never);
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {});
      }
    }
  });
  return {
    send<T>(method: string, params: object = {}, sessionId?: string) {
      const id = ++nextId;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: never) => void, reject, method });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(method: string, listener: (params: Record<string, unknown>) => void) {
      const set = listeners.get(method) ?? new Set();
      set.add(listener);
      listeners.set(method, set);
      return () => set.delete(listener);
    },
    /** Rejects every command still waiting for its answer, with `reason(method)`. */
    failAll(reason: (method: string) => string) {
      for (const { reject, method } of pending.values()) reject(new Error(reason(method)));
      pending.clear();
    },
  };
}
