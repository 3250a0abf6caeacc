import { describe, expect, it } from 'vitest';
import { freePort } from '../harness/ports.ts';
import { connectionCodeOf, fullMessageOf, messageOf, stackOf } from './error-text.ts';

describe('error text', () => {
  const multiline = new Error('The ingest failed (exit status 2).\n  ✗ site.json: not JSON');

  it('gives the first line of an Error for a one-line report, trimmed', () => {
    expect(messageOf(multiline)).toBe('The ingest failed (exit status 2).');
    expect(messageOf(new Error('  padded  '))).toBe('padded');
  });

  it('gives the whole message where the later lines matter', () => {
    expect(fullMessageOf(multiline)).toBe('The ingest failed (exit status 2).\n  ✗ site.json: not JSON');
  });

  it('gives the stack of an Error, for an unexpected failure', () => {
    expect(stackOf(multiline)).toBe(multiline.stack);
    expect(stackOf(multiline)).toContain('error-text.test.ts');
  });

  it('turns anything else thrown into text', () => {
    expect(messageOf('plain words')).toBe('plain words');
    expect(fullMessageOf(42)).toBe('42');
    expect(stackOf(undefined)).toBe('undefined');
  });

  it("names a failed fetch's connection by the code its cause carries, and nothing else", async () => {
    // A loopback port nothing listens on: fetch fails as it does on a machine without a network.
    const refused = await fetch(`http://127.0.0.1:${await freePort()}/`).catch((error: unknown) => error);
    expect(connectionCodeOf(refused)).toBe('ECONNREFUSED');
    expect(connectionCodeOf(new Error('plain'))).toBeUndefined();
    expect(connectionCodeOf(undefined)).toBeUndefined();
  });
});
