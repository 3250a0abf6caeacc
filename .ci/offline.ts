/**
 * Runs a command with no way out of this machine, and fails it if it tried one: started by
 * `.ci/run` inside a network namespace of its own (`unshare --net`), where only loopback exists,
 * it brings loopback up and answers the machine's name servers' addresses itself, recording every
 * name looked up and answering that none exists. A test that asks a host outside (an update check
 * of a tool it starts, a forgotten URL) is named here, and the run fails even where the test passed.
 *
 *   unshare --net node_modules/.bin/tsx .ci/offline.ts npm test
 */
import { spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import dnsPacket from 'dns-packet';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: unshare --net tsx .ci/offline.ts <command> [args…]');

function ip(...argv: string[]): void {
  const result = spawnSync('ip', argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip ${argv.join(' ')}: ${result.error?.message ?? result.stderr.trim()}`);
}

/**
 * The name servers this machine asks (resolv.conf; 127.0.0.1 where it names none, as the C
 * library does), IPv4 ones: those a lookup in this namespace is sent to. A lookup sent to an IPv6
 * one, or a connection to an address, finds no route: blocked, though not named.
 */
const listed = readFileSync('/etc/resolv.conf', 'utf8')
  .split('\n')
  .map((line) => /^\s*nameserver\s+(\d+\.\d+\.\d+\.\d+)\s*$/.exec(line)?.[1])
  .filter((address): address is string => address !== undefined);
const nameServers = listed.length > 0 ? listed : ['127.0.0.1'];

const asked: string[] = [];
/** The answer to any question: no such name (NXDOMAIN), so the asker fails at once rather than waiting. */
function answer(query: Buffer): Buffer | undefined {
  let packet: dnsPacket.Packet;
  try {
    packet = dnsPacket.decode(query);
  } catch {
    asked.push('(a query that could not be read)');
    return undefined;
  }
  for (const question of packet.questions ?? []) asked.push(`${question.name} (${question.type})`);
  return dnsPacket.encode({ type: 'response', id: packet.id, flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | 3, questions: packet.questions });
}

async function listen(address: string): Promise<() => void> {
  const udp = createSocket('udp4', (query, from) => {
    const reply = answer(query);
    if (reply) udp.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => udp.bind(53, address, resolve));
  // Over TCP each message is preceded by its length (two bytes).
  const tcp = createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      while (received.length >= 2) {
        const end = 2 + received.readUInt16BE(0);
        if (received.length < end) break;
        const reply = answer(received.subarray(2, end));
        received = received.subarray(end);
        if (reply) socket.write(Buffer.concat([Buffer.from([reply.length >> 8, reply.length & 0xff]), reply]));
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => tcp.listen(53, address, resolve));
  return () => {
    udp.close();
    tcp.close();
  };
}

ip('link', 'set', 'lo', 'up');
const closers: Array<() => void> = [];
for (const address of nameServers) {
  if (!address.startsWith('127.')) ip('addr', 'add', `${address}/32`, 'dev', 'lo');
  closers.push(await listen(address));
}
console.log(`[offline] ${command} ${args.join(' ')}: loopback only; names looked up are recorded (name servers ${nameServers.join(', ')})`);

const child = spawn(command, args, { stdio: 'inherit' });
// Ctrl-C reaches the command through the terminal's group; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
const status = await new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? 128 + constants.signals[signal!])));
for (const close of closers) close();

if (asked.length > 0) {
  console.error(`[offline] the run looked up ${asked.length} name(s) outside this machine:\n${[...new Set(asked)].map((name) => `  ${name}`).join('\n')}`);
  process.exit(status === 0 ? 1 : status);
}
console.log('[offline] no name outside this machine was looked up');
process.exit(status);
