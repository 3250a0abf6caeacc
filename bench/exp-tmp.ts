import { runMeasured } from '/work/main/bench/lib/measure.ts';
import os from 'node:os';
import { rmSync } from 'node:fs';
const set = '/work/main/bench/.photos/large-24-6000x4000';
const tsx = '/work/main/node_modules/.bin/tsx';
for (const rep of [1, 2]) for (const [label, c, arena] of [['c2', '2', ''], ['c2 arena2', '2', '2'], ['c3', '3', '']] as const) {
  for (const who of ['pipeline', 'bare']) {
    rmSync('/tmp/gen/exp-out', { recursive: true, force: true });
    const env = { ...process.env, ...(arena ? { MALLOC_ARENA_MAX: arena } : {}) };
    const args = who === 'pipeline' ? ['pipeline/cli.ts', 'ingest', '--photos', set, '--out', '/tmp/gen/exp-out', '--quiet', '--json', '--concurrency', c] : ['bench/bare-sharp.ts', '--photos', set, '--out', '/tmp/gen/exp-out', '--concurrency', c];
    const m = await runMeasured(tsx, args, { cwd: '/work/main', env });
    console.log(rep, label.padEnd(10), who.padEnd(9), m.exitCode, (24000 / m.wallMs).toFixed(2), 'ph/s', (m.cpuMs / 24).toFixed(0), 'cpu-ms', (m.peakRssBytes / 2 ** 20).toFixed(0), 'MB  load', os.loadavg()[0].toFixed(1));
  }
}
