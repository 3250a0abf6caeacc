import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fetchOnNewConnection } from './loopback-fetch.ts';

const server = createServer((request, response) => response.end(`${request.method} ${request.headers['x-kept'] ?? ''}`));
let connections = 0;
server.on('connection', () => connections++);
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('opens a connection of its own for each request, keeping the method and headers asked for', async () => {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await (await fetchOnNewConnection(url, { method: 'POST', headers: { 'x-kept': 'yes' } })).text());
  expect(answers).toEqual(['POST yes', 'POST yes', 'POST yes']);
  expect(connections).toBe(3);
});
