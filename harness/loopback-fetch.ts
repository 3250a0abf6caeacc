/**
 * fetch on a connection of its own, for a test or the bench asking a server it started on
 * loopback. Such a server (Node's, serve's, vite's, wrangler's) ends a connection left idle for a
 * few seconds, while this process's fetch keeps its idle connections to reuse: a request sent on
 * one just as the server ends it fails with ECONNRESET (nodejs/undici#3141), and a machine busy
 * with other tests, its timers late, makes that moment likelier. A new loopback connection costs
 * well under a millisecond.
 */
export function fetchOnNewConnection(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return fetch(url, { ...init, headers });
}
