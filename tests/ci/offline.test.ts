import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `.ci/offline.ts`, which CI runs the suite under: in a network namespace of its own, a command
 * keeps loopback, and a name it looks up outside this machine is named and fails the run.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const namespaces = spawnSync('unshare', ['--net', 'ip', 'link', 'set', 'lo', 'up']).status === 0;
if (!namespaces) console.warn('tests/ci/offline.test.ts skipped: this machine gives no network namespace (unshare --net, ip)');

function offline(script: string) {
  return spawnSync('unshare', ['--net', `${repo}node_modules/.bin/tsx`, '.ci/offline.ts', process.execPath, '-e', script], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
}

describe.skipIf(!namespaces)('.ci/offline.ts', () => {
  it('names a host looked up outside this machine, and fails the run though the command passed', () => {
    const run = offline("require('node:dns').lookup('registry.npmjs.org', (error) => console.log(error.code))");
    expect(run.stdout).toContain('ENOTFOUND');
    expect(run.stderr).toContain('registry.npmjs.org');
    expect(run.status).toBe(1);
  });

  it('keeps loopback, localhost included, and the command’s own status', () => {
    const run = offline(`
      const http = require('node:http');
      const server = http.createServer((request, response) => response.end('answered')).listen(0, 'localhost', () => {
        http.get('http://localhost:' + server.address().port + '/', (response) => response.on('data', (body) => {
          console.log(String(body));
          process.exit(3);
        }));
      });`);
    expect(run.stdout).toContain('answered');
    expect(run.stdout).toContain('no name outside this machine was looked up');
    expect(run.status).toBe(3);
  });
});
